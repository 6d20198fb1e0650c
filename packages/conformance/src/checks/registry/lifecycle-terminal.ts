import { TERMINAL_MEDIA_STATUSES } from '@mediagen/schema';
import type { RunContext } from '../../engine/context.js';
import type { Exchange } from '../../engine/http.js';
import { among } from '../applies.js';
import { defineCheck } from '../define.js';
import { dataOf, isObject, sleep, summary } from './sequence.js';

// `censored` is a terminal status the docs list (a finished item withheld).
const RANK: Record<string, number> = { initiated: 0, pending: 1, success: 2, failed: 2, censored: 2 };
const TERMINAL = new Set<string>([...TERMINAL_MEDIA_STATUSES, 'censored']);

async function sequence(run: RunContext): Promise<void> {
  const check = 'lifecycle_terminal';
  const mediaIds = run.fixtures.mediaIds;
  if (mediaIds.length === 0) {
    run.skipAll(check, 'no generation was created');
    summary(run, check, ['generateMedia'], 'skipped: no generation');
    return;
  }
  const timeout = run.options.lifecycleTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeout;
  const last = new Map<string, string>();
  const problems: { message: string; exchange?: Exchange }[] = [];
  let lastExchange: Exchange | undefined;
  let delay = 50;
  for (;;) {
    const open = mediaIds.filter((id) => !TERMINAL.has(last.get(id) ?? ''));
    if (open.length === 0 || problems.length > 0) break;
    for (const id of open) {
      const exchange = await run.raw({ operationId: 'getMedia', label: `poll media ${id}`, params: { media_id: id } });
      lastExchange = exchange;
      const data = dataOf(exchange);
      const status = isObject(data) ? data.status : undefined;
      if (exchange.status !== 200 || typeof status !== 'string' || RANK[status] === undefined) {
        problems.push({ message: `media ${id}: poll answered ${exchange.status} with status ${JSON.stringify(status)}`, exchange });
        break;
      }
      const before = last.get(id);
      if (before !== undefined && RANK[status]! < RANK[before]!) {
        problems.push({ message: `media ${id} went back from ${before} to ${status}`, exchange });
        break;
      }
      if (before !== undefined && RANK[before] === 2 && status !== before) {
        problems.push({ message: `media ${id} changed after its terminal status: ${before} → ${status}`, exchange });
        break;
      }
      last.set(id, status);
    }
    if (Date.now() > deadline) {
      const stuck = mediaIds.filter((id) => !TERMINAL.has(last.get(id) ?? ''));
      if (stuck.length > 0)
        problems.push({
          message: `media ${stuck.join(', ')} still ${stuck.map((id) => last.get(id)).join('/')} after ${timeout} ms`,
          ...(lastExchange ? { exchange: lastExchange } : {}),
        });
      break;
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 1000);
  }
  // The generation agrees with its media once they are done.
  if (problems.length === 0 && run.fixtures.generationId) {
    const exchange = await run.raw({
      operationId: 'getGeneration',
      label: 'generation after its media finished',
      params: { generation_id: run.fixtures.generationId },
    });
    const data = dataOf(exchange);
    const list = isObject(data) ? (data.media ?? data.images) : undefined;
    const media = Array.isArray(list) ? list.filter(isObject) : [];
    const disagree = media.filter((m) => typeof m.id === 'string' && last.has(m.id) && m.status !== last.get(m.id));
    if (disagree.length > 0)
      problems.push({ message: `getGeneration shows ${disagree.map((m) => `${m.id}=${m.status}`).join(', ')}, getMedia said otherwise`, exchange });
  }
  const ok = problems.length === 0;
  const message = ok ? 'ok' : problems[0]!.message;
  for (const op of ['generateMedia', 'getMedia', 'getGeneration']) run.judge(op, check, ok, message, 'stateful', problems[0]?.exchange);
  summary(
    run,
    check,
    ['generateMedia', 'getMedia', 'getGeneration'],
    ok ? `${mediaIds.length} media reached ${[...new Set(last.values())].join('/')}` : `failed: ${message}`,
  );
}

export default defineCheck({
  id: 'lifecycle_terminal',
  description: 'Media move initiated → pending → success | failed | censored, never back, and reach a terminal status.',
  severity: 'error',
  category: 'stateful',
  appliesTo: among('generateMedia', 'getMedia', 'getGeneration'),
  sequence,
});
