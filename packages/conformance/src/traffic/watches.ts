// Judges of recorded traffic that read one listing or follow media statuses across exchanges:
// filters (a served `?media_id=`, `?status=success` or `?type=flux` listing holds only what it
// asked for) and the lifecycle (a media item's status never goes back, and never changes once
// terminal; a generation read after its media finished agrees with them). What a recording cannot
// show (how long a generation took to finish) stays "not observed".
import { type OperationSpec, operations, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { isObject, MEDIA_STATUSES } from '@mediagen/schema/util';
import { fluxFilterRule, hasTypeFilter, isFluxItem as isFlux } from '../checks/applies.js';
import { itemsOf, mediaIdsOf } from '../checks/registry/sequence.js';
import { served } from '../checks/response.js';
import { dataOf, type Exchange } from '../model/exchange.js';
import { assertThat } from '../model/verdict.js';
import type { Existence } from './facts.js';
import type { SequenceAssertion } from './sequences.js';

const { listGenerations, getMedia, getGeneration } = operations;

const hasSuccess = (generation: Record<string, unknown>) => {
  const media = generation.media ?? generation.images;
  return !Array.isArray(media) || media.some((m) => isObject(m) && m.status === 'success');
};

/** The filter assertions a served listing shows; `mediaExists` says whether the recording saw a media item. */
export function filterAssertions(op: OperationSpec, exchange: Exchange, mediaExists: (id: string) => Existence): SequenceAssertion[] {
  if (!served(exchange)) return [];
  const query = exchange.request.query ?? {};
  const out: SequenceAssertion[] = [];
  const add = (rule: string, ok: boolean, message: string) =>
    out.push({ operationId: op.operationId, check: 'filter_conformance', assertion: assertThat(rule, ok, message) });
  const items = itemsOf(exchange);
  if (op === listGenerations && typeof query.media_id === 'string' && query.media_id !== '') {
    const id = query.media_id;
    const strangers = items.filter((g) => !mediaIdsOf(g).includes(id));
    add(
      'media_id_filter',
      strangers.length === 0,
      `?media_id=${id} lists ${strangers.length} generation(s) that do not contain it (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
    );
    // Known to exist (seen served, never deleted) and the only filter on the first page: its generation must be listed.
    const alone = Object.keys(query).every((name) => name === 'media_id' || name === 'page_size');
    if (mediaExists(id) === 'exists' && alone)
      add('media_id_filter', items.length > 0, `?media_id=${id} lists no generation, though the recording saw ${id} served`);
  }
  if (op === listGenerations && query.status === 'success') {
    const unsuccessful = items.filter((g) => !hasSuccess(g));
    add(
      'status_filter',
      unsuccessful.length === 0,
      `?status=success lists ${unsuccessful.length} generation(s) without a successful item (e.g. ${JSON.stringify(unsuccessful[0]?.generation_id)})`,
    );
  }
  if (hasTypeFilter(op) && query.type === 'flux') {
    const others = items.filter((item) => !isFlux(item));
    const rule = fluxFilterRule(op);
    add(
      rule,
      others.length === 0,
      `?type=flux lists ${others.length} item(s) whose base_model is not flux (e.g. ${JSON.stringify(others[0]?.name)}: ${JSON.stringify(others[0]?.base_model)})`,
    );
  }
  return out;
}

const rank = (status: string) => (TERMINAL_MEDIA_STATUSES.includes(status as never) ? 2 : MEDIA_STATUSES.indexOf(status as never));

/** Follows each media item's status through the recording (bounded: the oldest ids leave first). */
export class StatusWatch {
  private readonly last = new Map<string, string>();

  constructor(private readonly max = 100_000) {}

  judge(op: OperationSpec, exchange: Exchange): SequenceAssertion[] {
    if (!served(exchange)) return [];
    const data = dataOf(exchange);
    if (op === getMedia && isObject(data) && typeof data.id === 'string' && typeof data.status === 'string') return this.step(data.id, data.status);
    if (op !== getGeneration || !isObject(data)) return [];
    const media = data.media ?? data.images;
    const disagree = (Array.isArray(media) ? media.filter(isObject) : []).filter((m) => {
      const seen = typeof m.id === 'string' ? this.last.get(m.id) : undefined;
      return seen !== undefined && rank(seen) === 2 && m.status !== seen;
    });
    const finished = (Array.isArray(media) ? media.filter(isObject) : []).some((m) => typeof m.id === 'string' && rank(this.last.get(m.id) ?? '') === 2);
    if (!finished) return [];
    return [
      {
        operationId: getGeneration.operationId,
        check: 'lifecycle_terminal',
        assertion: assertThat(
          'generation_agrees_with_media',
          disagree.length === 0,
          `getGeneration shows ${disagree.map((m) => `${m.id}=${m.status}`).join(', ')}, getMedia said otherwise earlier`,
        ),
      },
    ];
  }

  /** A status seen for a media item: judged against the one seen before it. */
  private step(id: string, status: string): SequenceAssertion[] {
    const before = this.last.get(id);
    if (!this.last.has(id) && this.last.size >= this.max) this.last.delete(this.last.keys().next().value!);
    this.last.set(id, before !== undefined && rank(before) === 2 ? before : status);
    if (before === undefined || rank(status) < 0) return [];
    const back = rank(status) < rank(before);
    const changed = rank(before) === 2 && status !== before;
    const message = changed ? `media ${id} changed after its terminal status: ${before} → ${status}` : `media ${id} went back from ${before} to ${status}`;
    return [{ operationId: getMedia.operationId, check: 'lifecycle_terminal', assertion: assertThat('lifecycle_order', !back && !changed, message) }];
  }
}
