import { operations } from '@mediagen/schema';
import { dataOf } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { carriesMedia } from '../applies.js';
import { defineCheck } from '../define.js';
import type { CheckPort } from '../port.js';
import { checkRenamedFields, served } from '../response.js';
import { mediaIdsOf } from './sequence.js';

const { listGenerations } = operations;

/** The legacy query parameter `image_id` no longer filters (its current name, media_id, does: filter_conformance). */
async function sequence(port: CheckPort): Promise<void> {
  const mediaId = port.fixtures.mediaIds[0];
  if (!mediaId || !port.selects('renamed_fields')) return;
  const all = await port.raw({ operationId: listGenerations.operationId, label: 'unfiltered', query: { page_size: 50 } });
  const total = Array.isArray(dataOf(all)) ? (dataOf(all) as unknown[]).length : 0;
  const legacy = (
    await port.send({ operationId: listGenerations.operationId, label: `legacy image_id ${mediaId}`, query: { image_id: mediaId, page_size: 50 } })
  ).exchange;
  const list = dataOf(legacy);
  const honoured = served(legacy) && Array.isArray(list) && total > list.length && list.every((g) => mediaIdsOf(g).includes(mediaId));
  port.assert(
    listGenerations.operationId,
    'renamed_fields',
    assertThat('legacy_image_id_ignored', !honoured, 'the legacy query parameter image_id still filters the generations'),
    legacy,
  );
}

export default defineCheck({
  id: 'renamed_fields',
  description:
    'Current names (media, dim, type) are used; legacy names (images, size, image_size) are gone (and the legacy image_id query no longer filters: an assumption).',
  severity: 'error',
  category: 'response',
  rules: ['current_field_names', 'legacy_image_id_ignored'],
  appliesTo: carriesMedia,
  judge: ({ op, exchange }) => (exchange.status === 0 ? undefined : checkRenamedFields(op, exchange)),
  sequence,
});
