// Usage from a HAR recording, read as a stream of exchanges (the suite's own reader: keys found in
// clear are masked before anything else sees an exchange). The API's entries are those of `baseUrl`,
// else of the origin most of the recording's API requests went to, as `--from-har` judges them.
import { DEFAULT_BUDGETS } from '../engine/budgets.js';
import { inferBaseUrl } from '../har/judge.js';
import { readHar } from '../har/read.js';
import { RunError } from '../model/terms.js';
import { UsageCollector } from './collect.js';
import type { UsageFile } from './format.js';

export interface HarUsageOptions {
  baseUrl?: string;
  maxAnswerBytes?: number;
}

export interface HarUsage {
  usage: UsageFile;
  baseUrl: string;
  /** Entries read, and those for other hosts or paths (not counted). */
  entries: number;
  ignored: number;
}

/** The base URL judged in a recording: the one given, else the origin most API requests went to. */
export function recordingBase(path: string, options: HarUsageOptions): string {
  const baseUrl = options.baseUrl ?? inferBaseUrl(path, options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes);
  if (baseUrl === undefined) throw new RunError(`${path}: no entry of the recording is a request of the API (give --base-url if its paths are under a prefix)`);
  return baseUrl;
}

/** The usage of `consumer` in the recording at `path`. Throws RunError for an unreadable or broken recording. */
export function usageOfHar(path: string, consumer: string, options: HarUsageOptions = {}): HarUsage {
  const baseUrl = recordingBase(path, options);
  const collector = new UsageCollector(consumer, baseUrl);
  let entries = 0;
  let ignored = 0;
  for (const observed of readHar(path, options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes)) {
    entries++;
    if (!collector.add(observed)) ignored++;
  }
  return { usage: collector.usage(), baseUrl, entries, ignored };
}
