// Usage from a HAR recording, read once as a stream of exchanges (the suite's own reader: keys found in
// clear are masked before anything else sees an exchange). The API's entries are those of `baseUrl`,
// else of the origin most of the recording's API requests went to, as `--from-har` judges them.
import { observedExchanges } from '../har/entries.js';
import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
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
  /** Entries skipped, each one line naming it (the first MAX_SKIPPED_LINES; then how many more). */
  skipped: string[];
}

/** Lines kept of the entries a recording's reading skipped: the rest are counted. */
export const MAX_SKIPPED_LINES = 20;

/** Origins a recording is read for at once when no base URL is given (the busiest of them is the API's). */
export const MAX_ORIGINS = 16;

/**
 * The usage of `consumer` in the recording at `path`, read once. Without a base URL, every origin's
 * exchanges are collected apart (the first MAX_ORIGINS origins) and the one with the most requests of
 * the API is kept, as `--from-har` picks it. Throws RunError for an unreadable or broken recording.
 */
export async function usageOfHar(path: string, consumer: string, options: HarUsageOptions = {}): Promise<HarUsage> {
  const collectors = new Map<string, UsageCollector>();
  if (options.baseUrl !== undefined) collectors.set('', new UsageCollector(consumer, options.baseUrl));
  let entries = 0;
  const skipped: string[] = [];
  let more = 0;
  const skip = (line: string) => {
    if (skipped.length < MAX_SKIPPED_LINES) skipped.push(line);
    else more++;
  };
  for await (const observed of observedExchanges(path, { maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes, skipped: skip })) {
    entries++;
    let collector = collectors.get('');
    if (!collector) {
      const origin = originOf(observed.url);
      collector = origin === undefined ? undefined : collectors.get(origin);
      if (!collector && origin !== undefined && collectors.size < MAX_ORIGINS) {
        collector = new UsageCollector(consumer, origin);
        collectors.set(origin, collector);
      }
    }
    collector?.add(observed);
  }
  const busiest = [...collectors]
    .filter(([, c]) => c.exchanges > 0 || options.baseUrl !== undefined)
    .sort((a, b) => b[1].exchanges - a[1].exchanges || a[0].localeCompare(b[0]))[0];
  if (!busiest) {
    const why = skipped.length > 0 ? `; ${skipped.length + more} skipped, the first: ${skipped[0]!.slice(path.length + 2)}` : '';
    throw new RunError(`${path}: no entry of the recording is a request of the API (give --base-url if its paths are under a prefix)${why}`);
  }
  const [origin, collector] = busiest;
  const usage = collector.usage();
  if (more > 0) skipped.push(`${path}: ${more} more entries skipped`);
  return { usage, baseUrl: options.baseUrl ?? origin, entries, ignored: entries - usage.exchanges, skipped };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
