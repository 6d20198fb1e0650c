import { type OperationSpec, operations, weakestAlong } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from '../../model/answer.js';
import { assertThat, through } from '../../model/verdict.js';
import { fluxFilterRule, hasTypeFilter, isFluxItem as isFlux } from '../applies.js';
import { defineCheck, type Found, type HistoryJudge, type Observed } from '../define.js';
import type { CheckPort } from '../port.js';
import { itemsOf, mediaIdsOf } from './sequence.js';

const { listGenerations } = operations;

/** Whether a generation has an item of `status` (one whose media are not shown says nothing against it). */
const hasStatus = (generation: Record<string, unknown>, status: string) =>
  !Array.isArray(generation.media) || generation.media.some((m) => isObject(m) && m.status === status);

/**
 * Whether an item is flux is read from its `base_model`: where a listing's items or their base model are
 * ours (the styles' shape is not shown), the filter is judged through that assumption.
 */
const baseModelThrough = (op: OperationSpec): string | undefined => {
  const element = weakestAlong(op.success.schema, ['data', 0, 'base_model']);
  return element === undefined ? undefined : `${element}.type`;
};

/** Whether `name` is the only filter of the query (paging aside): only then must the listing hold what exists. */
const alone = (query: Record<string, unknown>, name: string) => Object.keys(query).every((key) => key === name || key === 'page_size' || key === 'page');

/**
 * Judges a history: a served listing holds only what its filter asked for (`?media_id`,
 * `?generation_id`, `?status=success` or `failed` on generations, `?type=flux` on the catalogue); filtered by an
 * id the history knows exists, with no other filter, it holds that resource.
 */
function judgeHistory(): HistoryJudge {
  return {
    observe({ op, exchange, history }: Observed): Found[] {
      if (!served(exchange)) return [];
      const query = exchange.request.query ?? {};
      const out: Found[] = [];
      const add = (rule: string, ok: boolean, message: string, via?: string) =>
        out.push({ operationId: op.operationId, assertion: through(assertThat(rule, ok, message), via) });
      const items = itemsOf(exchange);
      const firstPage = query.page === undefined || Number(query.page) === 1;
      if (op === listGenerations && typeof query.media_id === 'string' && query.media_id !== '') {
        const id = query.media_id;
        const strangers = items.filter((g) => !mediaIdsOf(g).includes(id));
        add(
          'media_id_filter',
          strangers.length === 0,
          `?media_id=${id} lists ${strangers.length} generation(s) that do not contain it (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
        );
        if (history.exists('media', id) === 'exists' && alone(query, 'media_id') && firstPage)
          add('media_id_filter', items.length > 0, `?media_id=${id} lists no generation, though ${id} exists`);
      }
      if (op === listGenerations && typeof query.generation_id === 'string' && query.generation_id !== '') {
        const id = query.generation_id;
        const strangers = items.filter((g) => g.generation_id !== id);
        add(
          'generation_id_filter',
          strangers.length === 0,
          `?generation_id=${id} lists ${strangers.length} other generation(s) (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
        );
      }
      if (op === listGenerations && (query.status === 'success' || query.status === 'failed')) {
        const status = query.status;
        const others = items.filter((g) => !hasStatus(g, status));
        add(
          'status_filter',
          others.length === 0,
          `?status=${status} lists ${others.length} generation(s) without a ${status} item (e.g. ${JSON.stringify(others[0]?.generation_id)})`,
        );
      }
      if (hasTypeFilter(op) && query.type === 'flux') {
        const others = items.filter((item) => !isFlux(item));
        add(
          fluxFilterRule(op),
          others.length === 0,
          `?type=flux lists ${others.length} item(s) whose base_model is not flux (e.g. ${JSON.stringify(others[0]?.name)}: ${JSON.stringify(others[0]?.base_model)})`,
          baseModelThrough(op),
        );
      }
      return out;
    },
  };
}

/** The requests: each filter of the generations on the fixture generation, and ?type=flux on each catalogue listing that takes it. */
async function sequence(port: CheckPort): Promise<void> {
  const mediaId = port.fixtures.mediaIds[0];
  const generationId = port.fixtures.generationId;
  if (!mediaId || !generationId || !port.ops.includes(listGenerations)) {
    port.skip(listGenerations.operationId, 'no generation was created to filter on');
  } else {
    const list = (label: string, query: Record<string, string | number>) => port.send({ operationId: listGenerations.operationId, label, query }, 'accept');
    await list(`filter by media_id ${mediaId}`, { media_id: mediaId, page_size: 50 });
    await list(`filter by generation_id ${generationId}`, { generation_id: generationId, page_size: 50 });
    await list('filter by status=success', { status: 'success', page_size: 50 });
    await list('filter by status=failed', { status: 'failed', page_size: 50 });
  }
  for (const op of port.ops.filter(hasTypeFilter)) {
    await port.send({ operationId: op.operationId, label: 'filter by type=flux', query: { type: 'flux', page: 1, page_size: 50 } }, 'accept');
  }
}

export default defineCheck({
  id: 'filter_conformance',
  description:
    'Filters filter: ?media_id, ?generation_id and ?status (success, failed) on generations, ?type=flux on the catalogue listings (documented for control nets and styles; ours elsewhere).',
  severity: 'error',
  category: 'stateful',
  rules: ['media_id_filter', 'generation_id_filter', 'status_filter', 'type_flux_filter', 'type_flux_filter_assumed'],
  appliesTo: (op) => op === listGenerations || hasTypeFilter(op),
  history: judgeHistory,
  sequence,
});
