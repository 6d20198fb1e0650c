import { operations } from '@mediagen/schema';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { said, served } from '../response.js';
import { mediaIdsOf, tally } from './sequence.js';

const { deleteMedia, deleteGeneration, getMedia, getGeneration, listGenerations } = operations;
const OPERATIONS = [deleteMedia.operationId, deleteGeneration.operationId] as const;

const answeredId = (exchange: Exchange, id: string) => {
  const data = dataOf(exchange);
  return served(exchange) && typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id;
};

async function sequence(port: CheckPort): Promise<void> {
  const t = tally(port, 'use_after_free');
  const made = await port.makeGeneration('made for use_after_free (2 items)', 2);
  if (!('generationId' in made) || made.mediaIds.length < 2) {
    t.skip('generationId' in made ? `the generation has ${made.mediaIds.length} media, 2 are needed` : `no generation: ${made.refused}`);
    return;
  }
  const { generationId } = made;
  const [gone, kept] = made.mediaIds as [string, string];
  /** A deleted item is not served; that it answers 404 is ours. */
  const goneAfterDelete = (operationId: (typeof OPERATIONS)[number], rule: string, exchange: Exchange, what: string) => {
    t.assert(operationId, assertThat(rule, !served(exchange), `${what} is still served (${said(exchange)})`), exchange);
    if (!served(exchange))
      t.assert(operationId, assertThat('deleted_item_404', exchange.status === 404, `${what} answered ${said(exchange)}, not 404`), exchange);
  };

  const del = (await port.send({ operationId: deleteMedia.operationId, label: `delete media ${gone}`, params: { media_id: gone } }, 'accept')).exchange;
  t.assert(deleteMedia.operationId, assertThat('delete_answers_id', answeredId(del, gone), `delete media ${gone} answered ${said(del)} without its id`), del);
  const after = (await port.send({ operationId: getMedia.operationId, label: `deleted media ${gone}`, params: { media_id: gone } })).exchange;
  goneAfterDelete(deleteMedia.operationId, 'deleted_media_gone', after, `deleted media ${gone}`);
  const sibling = (await port.send({ operationId: getMedia.operationId, label: `sibling media ${kept}`, params: { media_id: kept } })).exchange;
  t.assert(
    deleteMedia.operationId,
    assertThat('deleted_media_siblings_kept', served(sibling), `sibling ${kept} is gone after deleting ${gone} (${said(sibling)})`),
    sibling,
  );
  const generation = (
    await port.send({ operationId: getGeneration.operationId, label: `generation after deleting ${gone}`, params: { generation_id: generationId } })
  ).exchange;
  const ids = mediaIdsOf(dataOf(generation));
  if (served(generation)) {
    t.assert(deleteMedia.operationId, assertThat('deleted_media_gone', !ids.includes(gone), `generation ${generationId} still lists ${gone}`), generation);
    t.assert(
      deleteMedia.operationId,
      assertThat('deleted_media_siblings_kept', ids.includes(kept), `generation ${generationId} no longer lists ${kept}`),
      generation,
    );
  }
  const listed = (await port.send({ operationId: listGenerations.operationId, label: `list by deleted media_id ${gone}`, query: { media_id: gone } }, 'accept'))
    .exchange;
  const list = dataOf(listed);
  if (served(listed) && Array.isArray(list)) {
    t.assert(
      deleteMedia.operationId,
      assertThat('deleted_media_gone', !list.some((g) => mediaIdsOf(g).includes(gone)), `deleted media ${gone} is still listed by ?media_id`),
      listed,
    );
  }

  const delGen = (
    await port.send(
      { operationId: deleteGeneration.operationId, label: `delete generation ${generationId}`, params: { generation_id: generationId } },
      'accept',
    )
  ).exchange;
  t.assert(
    deleteGeneration.operationId,
    assertThat('delete_answers_id', answeredId(delGen, generationId), `delete generation ${generationId} answered ${said(delGen)} without its id`),
    delGen,
  );
  const genAfter = (
    await port.send({ operationId: getGeneration.operationId, label: `deleted generation ${generationId}`, params: { generation_id: generationId } })
  ).exchange;
  goneAfterDelete(deleteGeneration.operationId, 'deleted_generation_gone', genAfter, `deleted generation ${generationId}`);
  const keptAfter = (await port.send({ operationId: getMedia.operationId, label: `media ${kept} of the deleted generation`, params: { media_id: kept } }))
    .exchange;
  goneAfterDelete(deleteGeneration.operationId, 'deleted_generation_media_gone', keptAfter, `media ${kept} of the deleted generation`);
  t.end('deleted items gone, siblings kept');
}

export default defineCheck({
  id: 'use_after_free',
  description:
    'Deleting one media item deletes exactly it (its siblings remain); a deleted generation and its media are no longer served (404: an assumption).',
  severity: 'critical',
  category: 'stateful',
  rules: [
    'delete_answers_id',
    'deleted_media_gone',
    'deleted_media_siblings_kept',
    'deleted_generation_gone',
    'deleted_generation_media_gone',
    'deleted_item_404',
  ],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  generations: [2],
  sequence,
});
