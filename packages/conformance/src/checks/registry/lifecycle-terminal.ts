import { operations, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import { MEDIA_STATUSES } from '@mediagen/schema/util';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat, broken, holds } from '../../model/verdict.js';
import { defineCheck, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { said, served } from '../response.js';
import { sleep, tally } from './sequence.js';

const { generateMedia, getMedia, getGeneration } = operations;
const OPERATIONS = [generateMedia.operationId, getMedia.operationId, getGeneration.operationId] as const;

/** The order of the statuses: initiated, pending, then the terminal ones. */
const rank = (status: string) => (TERMINAL_MEDIA_STATUSES.includes(status as never) ? 2 : MEDIA_STATUSES.indexOf(status as never));
const terminal = (status: string | undefined) => status !== undefined && rank(status) === 2;
const statusOf = (exchange: Exchange) => {
  const data = dataOf(exchange);
  const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status : undefined;
};

async function sequence(port: CheckPort): Promise<void> {
  const t = tally(port, 'lifecycle_terminal');
  const mediaIds = port.fixtures.mediaIds;
  if (mediaIds.length === 0) {
    t.skip('no generation was created');
    return;
  }
  const deadline = Date.now() + port.lifecycleTimeoutMs;
  const last = new Map<string, string>();
  let problem: { rule: string; message: string; exchange: Exchange } | undefined;
  let lastExchange: Exchange | undefined;
  for (let delay = 50; !problem; delay = Math.min(delay * 2, 1000)) {
    const open = mediaIds.filter((id) => !terminal(last.get(id)));
    if (open.length === 0) break;
    for (const id of open) {
      const exchange = await port.raw({ operationId: getMedia.operationId, label: `poll media ${id}`, params: { media_id: id } });
      lastExchange = exchange;
      const status = statusOf(exchange);
      const before = last.get(id);
      if (!served(exchange) || status === undefined || rank(status) < 0) {
        problem = { rule: 'created_media_readable', message: `media ${id}: poll answered ${said(exchange)} with status ${JSON.stringify(status)}`, exchange };
      } else if (before !== undefined && rank(status) < rank(before)) {
        problem = { rule: 'lifecycle_order', message: `media ${id} went back from ${before} to ${status}`, exchange };
      } else if (terminal(before) && status !== before) {
        problem = { rule: 'lifecycle_order', message: `media ${id} changed after its terminal status: ${before} → ${status}`, exchange };
      } else last.set(id, status);
      if (problem) break;
    }
    if (problem || Date.now() > deadline) break;
    await sleep(delay);
  }
  const stuck = mediaIds.filter((id) => !terminal(last.get(id)));
  if (problem) t.assert(getMedia.operationId, broken(problem.rule, problem.message), problem.exchange);
  else {
    t.assert(getMedia.operationId, holds('lifecycle_order'));
    t.assert(
      generateMedia.operationId,
      assertThat(
        'lifecycle_terminal_in_time',
        stuck.length === 0,
        `media ${stuck.join(', ')} still ${stuck.map((id) => last.get(id)).join('/')} after ${port.lifecycleTimeoutMs} ms`,
      ),
      lastExchange,
    );
  }
  // The generation agrees with its media once they are done.
  if (!problem && stuck.length === 0 && port.fixtures.generationId) {
    const exchange = await port.raw({
      operationId: getGeneration.operationId,
      label: 'generation after its media finished',
      params: { generation_id: port.fixtures.generationId },
    });
    const data = dataOf(exchange) as { media?: unknown; images?: unknown } | undefined;
    const list = data?.media ?? data?.images;
    const media = Array.isArray(list) ? (list as { id?: unknown; status?: unknown }[]) : [];
    const disagree = media.filter((m) => typeof m.id === 'string' && last.has(m.id) && m.status !== last.get(m.id));
    t.assert(
      getGeneration.operationId,
      assertThat(
        'generation_agrees_with_media',
        disagree.length === 0,
        `getGeneration shows ${disagree.map((m) => `${m.id}=${m.status}`).join(', ')}, getMedia said otherwise`,
      ),
      exchange,
    );
  }
  t.end(`${mediaIds.length} media reached ${[...new Set(last.values())].join('/')}`);
}

export default defineCheck({
  id: 'lifecycle_terminal',
  description:
    'Media move initiated → pending → success | failed | censored, never back, and reach a terminal status (all assumptions: transitions are not shown).',
  severity: 'error',
  category: 'stateful',
  rules: ['created_media_readable', 'lifecycle_order', 'lifecycle_terminal_in_time', 'generation_agrees_with_media'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  sequence,
});
