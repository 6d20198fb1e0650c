import type { RunContext } from '../../engine/context.js';
import type { Exchange } from '../../engine/http.js';
import { among } from '../applies.js';
import { defineCheck } from '../define.js';
import { isSuccess } from '../response.js';
import { dataOf, isObject, mediaIdsOf, summary } from './sequence.js';

async function sequence(run: RunContext): Promise<void> {
  const check = 'use_after_free';
  const made = await run.makeGeneration('made for use_after_free (2 items)', 'stateful', 2);
  if (!('generationId' in made) || made.mediaIds.length < 2) {
    const reason = 'generationId' in made ? `the generation has ${made.mediaIds.length} media, 2 are needed` : `no generation: ${made.refused}`;
    run.skipAll(check, reason);
    summary(run, check, ['deleteMedia', 'deleteGeneration'], `skipped: ${reason}`);
    return;
  }
  const { generationId } = made;
  const [gone, kept] = made.mediaIds as [string, string];
  let failures = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  const del = await run.exercise({ operationId: 'deleteMedia', label: `delete media ${gone}`, params: { media_id: gone } }, 'stateful', 'accept');
  const deleted = dataOf(del.exchange);
  judge(
    'deleteMedia',
    isSuccess(del.exchange.status) && isObject(deleted) && deleted.id === gone,
    `delete media ${gone} answered ${del.exchange.status}${isObject(deleted) ? ` with id ${JSON.stringify(deleted.id)}` : ''}`,
    del.exchange,
  );
  const after = await run.exercise({ operationId: 'getMedia', label: `deleted media ${gone}`, params: { media_id: gone } }, 'stateful', 'none');
  judge('deleteMedia', after.exchange.status === 404, `deleted media ${gone} is still returned (status ${after.exchange.status})`, after.exchange);
  const sibling = await run.exercise({ operationId: 'getMedia', label: `sibling media ${kept}`, params: { media_id: kept } }, 'stateful', 'none');
  judge(
    'deleteMedia',
    sibling.exchange.status === 200,
    `sibling media ${kept} is gone after deleting ${gone} (status ${sibling.exchange.status})`,
    sibling.exchange,
  );
  const generation = await run.exercise(
    { operationId: 'getGeneration', label: `generation ${generationId} after deleting ${gone}`, params: { generation_id: generationId } },
    'stateful',
    'none',
  );
  const ids = mediaIdsOf(dataOf(generation.exchange));
  judge(
    'deleteMedia',
    generation.exchange.status === 200 && ids.includes(kept) && !ids.includes(gone),
    `generation ${generationId} after deleting ${gone}: status ${generation.exchange.status}, media [${ids.join(', ')}] (expected ${kept} and not ${gone})`,
    generation.exchange,
  );
  const listed = await run.exercise(
    { operationId: 'listGenerations', label: `list by deleted media_id ${gone}`, query: { media_id: gone } },
    'stateful',
    'accept',
  );
  const list = dataOf(listed.exchange);
  judge(
    'deleteMedia',
    Array.isArray(list) && !list.some((g) => mediaIdsOf(g).includes(gone)),
    `deleted media ${gone} is still listed by ?media_id`,
    listed.exchange,
  );

  const delGen = await run.exercise(
    { operationId: 'deleteGeneration', label: `delete generation ${generationId}`, params: { generation_id: generationId } },
    'stateful',
    'accept',
  );
  judge('deleteGeneration', isSuccess(delGen.exchange.status), `delete generation ${generationId} answered ${delGen.exchange.status}`, delGen.exchange);
  const genAfter = await run.exercise(
    { operationId: 'getGeneration', label: `deleted generation ${generationId}`, params: { generation_id: generationId } },
    'stateful',
    'none',
  );
  judge(
    'deleteGeneration',
    genAfter.exchange.status === 404,
    `deleted generation ${generationId} is still returned (status ${genAfter.exchange.status})`,
    genAfter.exchange,
  );
  const keptAfter = await run.exercise(
    { operationId: 'getMedia', label: `media ${kept} of the deleted generation`, params: { media_id: kept } },
    'stateful',
    'none',
  );
  judge(
    'deleteGeneration',
    keptAfter.exchange.status === 404,
    `media ${kept} outlives its deleted generation (status ${keptAfter.exchange.status})`,
    keptAfter.exchange,
  );
  summary(run, check, ['deleteMedia', 'deleteGeneration'], failures ? `failed (${failures})` : 'deleted items gone, siblings kept');
}

export default defineCheck({
  id: 'use_after_free',
  description: 'Deleting one media item deletes exactly it: it is gone (404, not listed), its siblings remain; a deleted generation and its media are gone.',
  severity: 'critical',
  category: 'stateful',
  appliesTo: among('deleteMedia', 'deleteGeneration'),
  sequence,
});
