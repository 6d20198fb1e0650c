// What the proxy counts as it goes (refusals, its own 502s, time limits, clients that left, answers
// judged on their start), for its summary and the notes of its report.
import type { ContainedHar } from './har.js';

/** What the proxy counted, for its summary and its report's notes. */
export interface ProxyStats {
  /** Requests refused before anything was forwarded: the request target was not origin-form. */
  refused: number;
  /** Answers the proxy gave instead of the upstream's: 502 (an answer it could not carry, or none). */
  badGateway: number;
  /** Exchanges past the time limit (504, or an answer cut). */
  timedOut: number;
  /** Exchanges whose client went away before the answer ended. */
  abandoned: number;
  /** Exchanges cut because the proxy stopped. */
  stopped: number;
  /** Answers judged on their start: the shared judging budget was full. */
  cutShared: number;
  /** The most bytes of answers kept for judging at once (beyond each answer's first bytes). */
  keptPeak: number;
}

export const noStats = (): ProxyStats => ({ refused: 0, badGateway: 0, timedOut: 0, abandoned: 0, stopped: 0, cutShared: 0, keptPeak: 0 });

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The report's notes: one line per thing that happened at least once. */
export function statsNotes(stats: ProxyStats, budgets: { timeoutMs: number; maxKeptBytes: number }, har?: ContainedHar): string[] {
  const notes: string[] = [];
  if (stats.refused) notes.push(`${plural(stats.refused, 'request', 'requests')} refused (400): the request target was not origin-form; never forwarded`);
  if (stats.badGateway)
    notes.push(`${plural(stats.badGateway, 'answer', 'answers')} of the proxy's own (502): the upstream gave none the client side could carry`);
  if (stats.timedOut)
    notes.push(`${plural(stats.timedOut, 'exchange', 'exchanges')} past the time limit of ${budgets.timeoutMs} ms (--timeout): answered 504 or cut`);
  if (stats.abandoned)
    notes.push(`${plural(stats.abandoned, 'exchange', 'exchanges')} left by the client before the answer ended: its upstream request was aborted`);
  if (stats.stopped) notes.push(`${plural(stats.stopped, 'exchange', 'exchanges')} cut when the proxy stopped`);
  if (stats.cutShared)
    notes.push(
      `${plural(stats.cutShared, 'answer', 'answers')} judged on their first bytes only, as truncated: the answers in flight held the judging budget (--max-kept-bytes ${budgets.maxKeptBytes})`,
    );
  if (har?.failed) notes.push(`the HAR file ${har.path} could not be written (${har.failed}): it holds only the exchanges before that`);
  return notes;
}
