import type { RunContext } from '../../engine/context.js';
import { carriesMedia } from '../applies.js';
import { defineCheck } from '../define.js';
import { checkRenamedFields, isSuccess } from '../response.js';
import { dataOf, mediaIdsOf } from './sequence.js';

/** The legacy query parameter `image_id` no longer filters (its current name, media_id, does: filter_conformance). */
async function sequence(run: RunContext): Promise<void> {
  const mediaId = run.fixtures.mediaIds[0];
  if (!mediaId || !run.selects('renamed_fields')) return;
  const all = await run.raw({ operationId: 'listGenerations', label: 'unfiltered', query: { page_size: 50 } });
  const total = Array.isArray(dataOf(all)) ? (dataOf(all) as unknown[]).length : 0;
  const legacy = await run.exercise(
    { operationId: 'listGenerations', label: `legacy image_id ${mediaId}`, query: { image_id: mediaId, page_size: 50 } },
    'stateful',
    'none',
  );
  const legacyList = dataOf(legacy.exchange);
  const honoured =
    isSuccess(legacy.exchange.status) && Array.isArray(legacyList) && total > legacyList.length && legacyList.every((g) => mediaIdsOf(g).includes(mediaId));
  run.judge('listGenerations', 'renamed_fields', !honoured, `the legacy query parameter image_id still filters the generations`, 'stateful', legacy.exchange);
}

export default defineCheck({
  id: 'renamed_fields',
  description: 'Current names (media, dim, type) are used; legacy names (images, size, image_size) are gone and the legacy image_id query no longer filters.',
  severity: 'error',
  category: 'response',
  appliesTo: carriesMedia,
  judge: ({ op, exchange }) => (exchange.status === 0 ? undefined : checkRenamedFields(op, exchange)),
  sequence,
});
