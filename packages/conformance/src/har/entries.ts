// The one place commands that walk a recording's bodies (usage, upgrade, the proxy's usage session) read
// its entries: the reader's two passes (read.ts: keys first, then the entries, masked), with every entry
// that cannot be walked left out and said, one line naming it by its index.
import type { Observed } from '../traffic/observed.js';
import { type HarReadOptions, readHar, recordingMasker, surveyHar } from './read.js';

/**
 * Every entry of a recording as an observed exchange whose bodies can be walked, read as `--from-har`
 * reads it: a first pass for its keys, then the entries, masked (the keys given too). An entry that
 * cannot be (not HTTP, not readable, a body nested past MAX_JSON_DEPTH) is left out and said to
 * `skipped`, one line naming it by its index.
 */
export async function* observedExchanges(
  path: string,
  options: HarReadOptions & { apiKeys?: readonly (string | undefined)[]; skipped?: (line: string) => void },
): AsyncGenerator<Observed> {
  const survey = await surveyHar(path, options);
  const mask = recordingMasker(survey, options.apiKeys);
  for await (const item of readHar(path, survey, mask, options)) {
    if (item.observed && !item.deep) yield item.observed;
    else options.skipped?.(`${path}: ${item.notes[item.notes.length - 1] ?? `log.entries[${item.index}]: not read`}${item.deep ? ': skipped' : ''}`);
  }
}
