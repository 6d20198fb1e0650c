import { type OperationId, operations } from '@mediagen/schema';
import { said, served, speaksOfExistence } from '../../model/answer.js';
import { dataOf } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, type Found, type HistoryJudge, type Later, type Observed, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { dataString, itemsOf, mediaIdsOf } from './sequence.js';

const { deleteMedia, deleteGeneration, getMedia, getGeneration, listGenerations } = operations;
const OPERATIONS = [deleteMedia.operationId, deleteGeneration.operationId] as const;
type Deleter = (typeof OPERATIONS)[number];
const isDeleter = (id: string | undefined): id is Deleter => id === deleteMedia.operationId || id === deleteGeneration.operationId;

/**
 * Judges a history: a served delete answers the id it deleted; what it deleted is no longer served
 * (404: ours) or listed, and deleting one media item keeps its siblings. Every assertion is credited
 * to the delete that made it true or false.
 */
function judgeHistory(): HistoryJudge {
  return {
    observe({ op, params, exchange, expect, history }: Observed): Found[] {
      if (expect === 'missing-key' || expect === 'wrong-key' || exchange.status === 0) return [];
      const out: Found[] = [];
      const add = (operationId: Deleter, rule: string, ok: boolean, message: string) => out.push({ operationId, assertion: assertThat(rule, ok, message) });
      /** A deleted item asked for again is not served; that it answers 404 is ours. */
      const gone = (by: Deleter, rule: string, what: string) => {
        if (!speaksOfExistence(exchange)) return;
        add(by, rule, !served(exchange), `${what} is still served (${said(exchange)})`);
        if (!served(exchange)) add(by, 'deleted_item_404', exchange.status === 404, `${what} answered ${said(exchange)}, not 404`);
      };
      if (op === deleteMedia || op === deleteGeneration) {
        const id = op === deleteMedia ? params.media_id : params.generation_id;
        if (id !== undefined && served(exchange))
          add(
            op.operationId as Deleter,
            'delete_answers_id',
            dataString(exchange, 'id') === id,
            `${op.operationId} ${id} answered ${said(exchange)} without its id`,
          );
        return out;
      }
      // The deleted siblings of a media item's generation, and those kept.
      const batch = (generationId: string | undefined) => {
        const media = generationId === undefined ? [] : history.mediaOf(generationId);
        const deleted = media.filter((id) => history.resources.deletedBy('media', id) === deleteMedia.operationId);
        return { deleted, kept: media.filter((id) => history.exists('media', id) === 'exists') };
      };
      if (op === getMedia && params.media_id !== undefined) {
        const id = params.media_id;
        const by = history.resources.deletedBy('media', id);
        if (isDeleter(by)) {
          gone(by, by === deleteMedia.operationId ? 'deleted_media_gone' : 'deleted_generation_media_gone', `media ${id}, deleted earlier`);
          return out;
        }
        const generationId = history.generationOf.get(id);
        const { deleted } = batch(generationId);
        if (deleted.length > 0 && history.exists('generation', generationId!) === 'exists' && speaksOfExistence(exchange))
          add(
            deleteMedia.operationId,
            'deleted_media_siblings_kept',
            served(exchange),
            `media ${id} is gone after deleting its sibling ${deleted[0]} (${said(exchange)})`,
          );
        return out;
      }
      if (op === getGeneration && params.generation_id !== undefined) {
        const id = params.generation_id;
        const by = history.resources.deletedBy('generation', id);
        if (isDeleter(by)) {
          gone(by, 'deleted_generation_gone', `generation ${id}, deleted earlier`);
          return out;
        }
        const { deleted, kept } = batch(id);
        if (deleted.length === 0 || !served(exchange)) return out;
        const listed = mediaIdsOf(dataOf(exchange));
        const still = deleted.filter((m) => listed.includes(m));
        add(deleteMedia.operationId, 'deleted_media_gone', still.length === 0, `generation ${id} still lists deleted media ${still.join(', ')}`);
        const lost = kept.filter((m) => !listed.includes(m));
        add(
          deleteMedia.operationId,
          'deleted_media_siblings_kept',
          lost.length === 0,
          `generation ${id} no longer lists ${lost.join(', ')}, which was not deleted`,
        );
        return out;
      }
      // A listing that still lists a deleted generation serves it.
      if (op === listGenerations && served(exchange)) {
        const listed = itemsOf(exchange).filter(
          (g) => typeof g.generation_id === 'string' && history.resources.deletedBy('generation', g.generation_id) === deleteGeneration.operationId,
        );
        if (listed.length > 0)
          add(deleteGeneration.operationId, 'deleted_generation_gone', false, `deleted generation ${String(listed[0]!.generation_id)} is still listed`);
      }
      const filtered = exchange.request.query?.media_id;
      if (op === listGenerations && typeof filtered === 'string' && served(exchange)) {
        if (history.resources.deletedBy('media', filtered) !== deleteMedia.operationId) return out;
        const listing = itemsOf(exchange).filter((g) => mediaIdsOf(g).includes(filtered));
        add(deleteMedia.operationId, 'deleted_media_gone', listing.length === 0, `deleted media ${filtered} is still listed by ?media_id`);
      }
      return out;
    },
  };
}

/**
 * The requests: a two-item generation, one item deleted and everything around it read, then the
 * generation deleted and read; and, at the end of the run, what was deleted read again (a deletion
 * holds, not only in the moments after it).
 */
async function sequence(port: CheckPort): Promise<Later | undefined> {
  const made = await port.makeGeneration('made for use_after_free (2 items)', 2);
  if (!('generationId' in made) || made.mediaIds.length < 2) {
    port.skipAll('generationId' in made ? `the generation has ${made.mediaIds.length} media, 2 are needed` : `no generation: ${made.refused}`);
    return undefined;
  }
  const { generationId } = made;
  const [gone, kept] = made.mediaIds as [string, string];
  const read = (operationId: OperationId, label: string, params: Record<string, string>): Promise<unknown> => port.send({ operationId, label, params });
  await port.send({ operationId: deleteMedia.operationId, label: `delete media ${gone}`, params: { media_id: gone } }, 'accept');
  await read(getMedia.operationId, `deleted media ${gone}`, { media_id: gone });
  await read(getMedia.operationId, `sibling media ${kept}`, { media_id: kept });
  await read(getGeneration.operationId, `generation after deleting ${gone}`, { generation_id: generationId });
  await port.send({ operationId: listGenerations.operationId, label: `list by deleted media_id ${gone}`, query: { media_id: gone } }, 'accept');
  await port.send({ operationId: deleteGeneration.operationId, label: `delete generation ${generationId}`, params: { generation_id: generationId } }, 'accept');
  await read(getGeneration.operationId, `deleted generation ${generationId}`, { generation_id: generationId });
  await read(getMedia.operationId, `media ${kept} of the deleted generation`, { media_id: kept });
  return async () => {
    await read(getGeneration.operationId, `deleted generation ${generationId}, at the end of the run`, { generation_id: generationId });
    await read(getMedia.operationId, `deleted media ${gone}, at the end of the run`, { media_id: gone });
    await read(getMedia.operationId, `media ${kept} of the deleted generation, at the end of the run`, { media_id: kept });
  };
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
  history: judgeHistory,
  sequence,
});
