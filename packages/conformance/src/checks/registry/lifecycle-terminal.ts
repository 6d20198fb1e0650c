import { operations, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { isObject, MEDIA_STATUSES } from '@mediagen/schema/util';
import { served } from '../../model/answer.js';
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

/** Ids remembered per map at most (a long recording stays bounded: the oldest go first). */
const MAX_IDS = 100_000;
const remember = <V>(map: Map<string, V>, key: string, value: V) => {
  if (!map.has(key) && map.size >= MAX_IDS) map.delete(map.keys().next().value!);
  map.set(key, value);
};

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
  return {
    observe({ op, exchange, at }: Observed): Found[] {
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
    },
    finish(): Found[] {
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
    },
  };
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
    'Media move initiated → pending → success | failed | censored, never back, and reach a terminal status (all assumptions: transitions are not shown).',
  severity: 'error',
  category: 'stateful',
  rules: ['lifecycle_order', 'lifecycle_terminal_in_time', 'generation_agrees_with_media'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  history: judgeHistory,
  sequence,
});
