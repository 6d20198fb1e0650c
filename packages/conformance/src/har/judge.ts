// `--from-har FILE`: judges a recording without sending a request. The base URL judged is the one
// given (`--base-url`), else the origin most of the recording's API requests went to; entries for
// other hosts are ignored (and counted in the report's notes).
import { DEFAULT_BUDGETS } from '../engine/budgets.js';
import { RunError } from '../model/terms.js';
import type { Report } from '../report/types.js';
import { TrafficJudge, type TrafficOptions } from '../traffic/judge.js';
import type { Observed } from '../traffic/observed.js';
import { routeOf } from '../traffic/routes.js';
import { readHar } from './read.js';

export interface HarJudgeOptions extends Omit<TrafficOptions, 'baseUrl' | 'source'> {
  baseUrl?: string;
  maxAnswerBytes?: number;
  /** Called with each judged exchange (the evidence collector, the console). */
  onJudged?: (judged: ReturnType<TrafficJudge['judge']>) => void;
}

/** The origin most requests for an operation of the contract went to (paths straight under it). */
export function inferBaseUrl(path: string, maxAnswerBytes: number): string | undefined {
  const counts = new Map<string, number>();
  for (const observed of readHar(path, maxAnswerBytes)) {
    let url: URL;
    try {
      url = new URL(observed.url);
    } catch {
      continue;
    }
    if (routeOf(observed.method, url.pathname)) counts.set(url.origin, (counts.get(url.origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The report of a HAR recording judged against the contract. Throws RunError for an unreadable or broken recording. */
export function judgeHar(path: string, options: HarJudgeOptions = {}): Report {
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes;
  const baseUrl = options.baseUrl ?? inferBaseUrl(path, maxAnswerBytes);
  if (baseUrl === undefined) throw new RunError(`${path}: no entry of the recording is a request of the API (give --base-url if its paths are under a prefix)`);
  const judge = new TrafficJudge({ ...options, baseUrl, source: 'har' });
  let entries = 0;
  let ignored = 0;
  let observed: Observed;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (observed of readHar(path, maxAnswerBytes)) {
    entries++;
    const judged = judge.judge(observed);
    if (!judged.judged) ignored++;
    else if (observed.startedMs > 0) {
      first = Math.min(first, observed.startedMs);
      last = Math.max(last, observed.startedMs + observed.durationMs);
    }
    options.onJudged?.(judged);
  }
  const report = judge.report([
    `judged a recording (${path}): ${entries} entries, ${judge.judgedCount} for the API at ${baseUrl}, ${ignored} for other hosts or paths ignored; nothing was sent`,
  ]);
  // The run is the recording: it started and ended when its exchanges did (so judging the same
  // recording again is the same run, recorded once in an evidence file).
  return last > 0 ? { ...report, startedAt: new Date(first).toISOString(), durationMs: Math.round(last - first) } : report;
}
