// `--from-har FILE`: judges a recording without sending a request. The base URL judged is the one
// given (`--base-url`), else the origin most of the recording's API requests went to; entries for
// other hosts are ignored (and counted in the report's notes). The recording is read twice as a
// stream (read.ts): its keys are all known, and masked, before an answer is read. Judging yields to
// the event loop between chunks, so a signal stops it at the next entry: the report then says what
// was judged and that it was stopped.

import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
import type { Report } from '../report/types.js';
import { TrafficJudge, type TrafficOptions } from '../traffic/judge.js';
import { type HarSurvey, readHar, recordingMasker, surveyHar } from './read.js';

export interface HarJudgeOptions extends Omit<TrafficOptions, 'baseUrl' | 'source'> {
  baseUrl?: string;
  maxAnswerBytes?: number;
  /** Keys known before the recording is read (the environment's, --api-key): masked too, wherever they show. */
  apiKeys?: readonly (string | undefined)[];
  /** Stops judging at the next entry (Ctrl-C): the report says what was judged, and is marked stopped. */
  signal?: AbortSignal;
  /** Called with each judged exchange (the evidence collector, the console, the HAR reporter). */
  onJudged?: (judged: ReturnType<TrafficJudge['judge']>) => void;
}

/** Notes on entries listed one by one; past this they are counted. */
const MAX_ENTRY_NOTES = 10;

/** The origin most requests for an operation of the contract went to (paths straight under it). */
export function inferBaseUrl(survey: HarSurvey): string | undefined {
  return [...survey.origins].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The report of a HAR recording judged against the contract. Rejects with RunError for an unreadable or broken recording. */
export async function judgeHar(path: string, options: HarJudgeOptions = {}): Promise<Report> {
  const read = { maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes, ...(options.signal ? { signal: options.signal } : {}) };
  const survey = await surveyHar(path, read);
  // A first pass cut short by a signal did not see every entry: nothing is judged then.
  const surveyed = !options.signal?.aborted;
  const mask = recordingMasker(survey, options.apiKeys);
  const inferred = inferBaseUrl(survey);
  const baseUrl = options.baseUrl ?? (inferred === undefined ? undefined : mask.url(inferred));
  if (baseUrl === undefined && !options.signal?.aborted)
    throw new RunError(`${path}: no entry of the recording is a request of the API (give --base-url if its paths are under a prefix)`);
  const judge = new TrafficJudge({ ...options, baseUrl: baseUrl ?? 'http://127.0.0.1', source: 'har' });
  let entries = 0;
  let ignored = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  const notes: string[] = [];
  let unlisted = 0;
  if (!options.signal?.aborted) {
    for await (const item of readHar(path, survey, mask, read)) {
      entries++;
      for (const note of item.notes)
        if (notes.length < MAX_ENTRY_NOTES) notes.push(note);
        else unlisted++;
      if (!item.observed) {
        ignored++;
        continue;
      }
      const judged = judge.judge(item.observed);
      if (!judged.judged) ignored++;
      else if (item.observed.startedMs > 0) {
        first = Math.min(first, item.observed.startedMs);
        last = Math.max(last, item.observed.startedMs + item.observed.durationMs);
      }
      options.onJudged?.(judged);
    }
  }
  const stopped = options.signal?.aborted ? String(options.signal.reason ?? 'interrupted') : undefined;
  const report = judge.report([
    `judged a recording (${path}): ${entries} entries, ${judge.judgedCount} for the API at ${
      baseUrl ?? '(not known: stopped before)'
    }, ${ignored} for other hosts or paths ignored or not read; nothing was sent`,
    ...notes,
    ...(unlisted > 0 ? [`and ${unlisted} more note(s) on entries like these (not listed)`] : []),
    ...(stopped
      ? [
          `stopped (${stopped}) ${surveyed ? `after ${entries} of ${survey.entries} entries` : 'while its keys were being read, before any entry was judged'}: the rest was not judged`,
        ]
      : []),
  ]);
  // The run is the recording: it started and ended when its exchanges did (so judging the same
  // recording again is the same run, recorded once in an evidence file).
  const dated = last > 0 ? { ...report, startedAt: new Date(first).toISOString(), durationMs: Math.round(last - first) } : report;
  return stopped ? { ...dated, ok: false, interrupted: stopped, stopped: { by: 'signal', reason: stopped } } : dated;
}
