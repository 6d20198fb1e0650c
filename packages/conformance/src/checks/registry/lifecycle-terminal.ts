import { operations, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { isObject, MEDIA_STATUSES } from '@mediagen/schema/util';
import { served, speaksOfExistence } from '../../model/answer.js';
import { dataOf } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, type Found, type HistoryJudge, type HistorySettings, type Observed, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { dataString, sleep } from './sequence.js';

const { generateMedia, getMedia, getGeneration } = operations;
const OPERATIONS = [generateMedia.operationId, getMedia.operationId, getGeneration.operationId] as const;

/** The order of the statuses: initiated, pending, then the terminal ones; -1 for a status the contract does not list. */
const rank = (status: string) => (TERMINAL_MEDIA_STATUSES.includes(status as never) ? 2 : MEDIA_STATUSES.indexOf(status as never));
const terminal = (status: string | undefined) => status !== undefined && rank(status) === 2;
/** A status of work in progress (initiated, pending). */
const inProgress = (status: unknown) => typeof status === 'string' && rank(status) >= 0 && rank(status) < 2;

/** Ids remembered per map at most (a long recording stays bounded: the oldest go first). */
const MAX_IDS = 100_000;
const remember = <V>(map: Map<string, V>, key: string, value: V) => {
  if (!map.has(key) && map.size >= MAX_IDS) map.delete(map.keys().next().value!);
  map.set(key, value);
};

/**
 * "The identifier is used to track the status of the generation": a get generation that answers "not
 * found" for a generation the history saw made (and not deleted), followed by a sight of one of its
 * media still in progress with no read by its id served in between, shows a generation that cannot be
 * tracked while it is made (404 until done). One read too early is no failure (when a new resource
 * becomes readable is not shown): a read served after it clears it.
 */
function trackingJudge(): (observed: Observed) => Found[] {
  /** Generation id → when a read by its id last answered "not found", since the last served one. */
  const missed = new Map<string, number>();
  const judge = (ok: boolean, message: string): Found[] => [
    { operationId: getGeneration.operationId, assertion: assertThat('generation_tracked_while_in_progress', ok, message) },
  ];
  return ({ op, params, exchange, history, at }) => {
    if (op === getGeneration && params.generation_id !== undefined) {
      const id = params.generation_id;
      if (served(exchange)) {
        missed.delete(id);
        const data = dataOf(exchange);
        const open = isObject(data) && Array.isArray(data.media) && data.media.some((m) => isObject(m) && inProgress(m.status));
        return open ? judge(true, '') : [];
      }
      if (speaksOfExistence(exchange) && history.exists('generation', id) === 'exists' && !missed.has(id)) remember(missed, id, at);
      return [];
    }
    if (op !== getMedia || !served(exchange)) return [];
    const status = dataString(exchange, 'status');
    const generationId = history.generationOf.get(params.media_id ?? dataString(exchange, 'id') ?? '');
    const since = generationId === undefined ? undefined : missed.get(generationId);
    if (since === undefined || !inProgress(status)) return [];
    missed.delete(generationId!);
    return judge(
      false,
      `get generation ${generationId} answered "not found", and later its media ${params.media_id} was still ${status}: it cannot be tracked by its id while in progress`,
    );
  };
}

/**
 * Judges a history: each media item's status, as get media reports it, never goes back and never
 * changes once terminal; get generation agrees with a finished item; an item created reaches a
 * terminal status within the lifecycle wait (judged at the end, for the items the history followed
 * that long). A status the contract does not list says nothing of the order (the schema check
 * judges it).
 */
function judgeHistory({ lifecycleWaitMs }: HistorySettings): HistoryJudge {
  /** Media id → the last status get media gave (terminal ones stick). */
  const last = new Map<string, string>();
  /** Media id → when the generate that made it answered, and when it was last seen. */
  const born = new Map<string, number>();
  const seen = new Map<string, number>();
  const ended = new Set<string>();
  const tracking = trackingJudge();
  return {
    observe: (observed: Observed): Found[] => [...tracking(observed), ...order(observed)],
    finish,
  };

  function order({ op, exchange, at }: Observed): Found[] {
    if (!served(exchange)) return [];
    const data = dataOf(exchange);
    if (op === generateMedia && isObject(data) && Array.isArray(data.media)) {
      for (const m of data.media.filter(isObject)) if (typeof m.id === 'string') remember(born, m.id, at);
      return [];
    }
    if (op === getGeneration && isObject(data) && Array.isArray(data.media)) {
      const media = data.media.filter(isObject).filter((m): m is Record<string, unknown> & { id: string } => typeof m.id === 'string');
      for (const m of media) {
        remember(seen, m.id, at);
        if (typeof m.status === 'string' && terminal(m.status)) ended.add(m.id);
      }
      const finished = media.filter((m) => terminal(last.get(m.id)));
      if (finished.length === 0) return [];
      const disagree = finished.filter((m) => m.status !== last.get(m.id));
      return [
        {
          operationId: getGeneration.operationId,
          assertion: assertThat(
            'generation_agrees_with_media',
            disagree.length === 0,
            `get generation shows ${disagree.map((m) => `${m.id}=${String(m.status)}`).join(', ')}, get media said ${disagree.map((m) => last.get(m.id)).join(', ')}`,
          ),
        },
      ];
    }
    const id = dataString(exchange, 'id');
    const status = dataString(exchange, 'status');
    if (op !== getMedia || id === undefined || status === undefined) return [];
    remember(seen, id, at);
    if (terminal(status)) ended.add(id);
    const before = last.get(id);
    if (rank(status) < 0) return [];
    remember(last, id, terminal(before) ? before! : status);
    if (before === undefined) return [];
    const back = rank(status) < rank(before);
    const changed = terminal(before) && status !== before;
    const message = changed ? `media ${id} changed after its terminal status: ${before} → ${status}` : `media ${id} went back from ${before} to ${status}`;
    return [{ operationId: getMedia.operationId, assertion: assertThat('lifecycle_order', !back && !changed, message) }];
  }

  function finish(): Found[] {
    // Items seen for the whole wait and still not terminal then are late; one not followed that long says nothing.
    const done = [...born].filter(([id]) => ended.has(id));
    const late = [...born].filter(([id, at]) => !ended.has(id) && (seen.get(id) ?? at) - at >= lifecycleWaitMs);
    if (done.length === 0 && late.length === 0) return [];
    return [
      {
        operationId: generateMedia.operationId,
        assertion: assertThat(
          'lifecycle_terminal_in_time',
          late.length === 0,
          `media ${late.map(([id]) => `${id} (${last.get(id) ?? 'no status'})`).join(', ')} not terminal ${lifecycleWaitMs} ms after its generation`,
        ),
      },
    ];
  }
}

/** The requests: the fixture generation's media polled (with backoff) until terminal or the wait runs out, then the generation read. */
async function sequence(port: CheckPort): Promise<void> {
  const mediaIds = port.fixtures.mediaIds;
  if (mediaIds.length === 0) {
    port.skipAll('no generation was created');
    return;
  }
  const deadline = Date.now() + port.lifecycleTimeoutMs;
  const statuses = new Map<string, string>();
  for (let delay = 50, rounds = 1; ; delay = Math.min(delay * 2, 1000), rounds++) {
    const open = mediaIds.filter((id) => !terminal(statuses.get(id)));
    if (open.length === 0) break;
    // The generation is read by its id in every round, while its media are made: it must track them.
    if (port.fixtures.generationId)
      await port.send({
        operationId: getGeneration.operationId,
        label: `track generation ${port.fixtures.generationId}`,
        params: { generation_id: port.fixtures.generationId },
      });
    for (const id of open) {
      const { exchange } = await port.send({ operationId: getMedia.operationId, label: `poll media ${id}`, params: { media_id: id } });
      const status = dataString(exchange, 'status');
      if (!served(exchange) || status === undefined) statuses.set(id, 'unreadable');
      else statuses.set(id, status);
    }
    // An item that cannot be read, or whose status the contract does not list, will not become terminal by waiting.
    if ([...statuses.values()].some((s) => s === 'unreadable' || rank(s) < 0)) break;
    // Polled at least twice: a first round slow enough to use the wait up (a loaded machine) is no reason not to look again.
    const left = deadline - Date.now();
    if (left <= 0 && rounds >= 2) break;
    await sleep(Math.max(0, Math.min(delay, left)));
  }
  if (port.fixtures.generationId) {
    await port.send({
      operationId: getGeneration.operationId,
      label: 'generation after its media finished',
      params: { generation_id: port.fixtures.generationId },
    });
  }
}

export default defineCheck({
  id: 'lifecycle_terminal',
  description:
    'A generation is tracked by its id while in progress (stated); media move initiated → pending → success | failed | censored, never back, and reach a terminal status (assumptions: transitions are not shown).',
  severity: 'error',
  category: 'stateful',
  rules: ['lifecycle_order', 'lifecycle_terminal_in_time', 'generation_agrees_with_media', 'generation_tracked_while_in_progress'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  history: judgeHistory,
  sequence,
});
