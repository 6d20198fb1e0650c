// `media-conformance upgrade`: what moving to a newer API date changes for one application, from its
// recorded traffic (a HAR, read twice as a stream: once for its usage, once to replay it) or from a
// usage file (the changes only: a usage file holds no exchange to replay). Nothing is sent.
import { BASELINE, latestDate, resolveVersion } from '@mediagen/schema';
import { observedExchanges } from '../har/entries.js';
import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
import type { UsageFile } from '../usage/format.js';
import { usageOfHar } from '../usage/from-har.js';
import { readUsageFile } from '../usage/store.js';
import { compareVersions, spokenVersion } from '../usage/versions.js';
import { changesFor } from './analyse.js';
import { Replayer, type ReplayResult } from './replay.js';
import { buildUpgradeReport, type UpgradeReport } from './report.js';

export interface UpgradeOptions {
  /** A HAR recording of the application, or (`usage`) its usage file. */
  fromHar?: string;
  usage?: string;
  /** The name the recording's consumer is given (default `app`). */
  consumer?: string;
  baseUrl?: string;
  maxAnswerBytes?: number;
  /** The version the application speaks (default: what its traffic tells). */
  from?: string;
  /** The target date (default: the newest). */
  to?: string;
  strict?: boolean;
}

function version(flag: string, value: string): string {
  try {
    return resolveVersion(value);
  } catch (error) {
    throw new RunError(`${flag}: ${(error as Error).message}`);
  }
}

/** The upgrade report of one application. Throws RunError for bad options or an unreadable input. */
export async function upgradeReport(options: UpgradeOptions): Promise<UpgradeReport> {
  if ((options.fromHar === undefined) === (options.usage === undefined)) throw new RunError('upgrade needs one of --from-har FILE and --usage FILE');
  const to = version('--to', options.to ?? latestDate);
  const given = options.from === undefined ? undefined : version('--from', options.from);
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_BUDGETS.maxAnswerBytes;
  const notes: string[] = [];
  let usage: UsageFile;
  let source: UpgradeReport['source'];
  if (options.fromHar !== undefined) {
    const read = await usageOfHar(options.fromHar, options.consumer ?? 'app', { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), maxAnswerBytes });
    usage = read.usage;
    source = {
      kind: 'har',
      file: options.fromHar,
      ...(options.consumer ? { consumer: options.consumer } : {}),
      entries: read.entries,
      ignored: read.ignored,
      baseUrl: read.baseUrl,
    };
    notes.push(...read.skipped);
    notes.push(
      `read a recording (${options.fromHar}): ${read.entries} entries, ${usage.exchanges} for the API at ${read.baseUrl}, ${read.ignored} for other hosts or paths ignored; nothing was sent`,
    );
  } else {
    usage = readUsageFile(options.usage!);
    source = { kind: 'usage', file: options.usage!, consumer: usage.consumer };
    notes.push(`read the usage of ${usage.consumer} (${options.usage}): ${usage.exchanges} exchanges; a usage file holds no exchange, so no call was replayed`);
  }
  const spoken = spokenVersion(usage);
  const from = given ?? (spoken.told ? spoken.version : BASELINE);
  const how = given ? 'given' : spoken.told ? 'traffic' : 'assumed';
  if (how === 'assumed') notes.push(`nothing in the traffic tells which version it speaks: taken as ${BASELINE} (give --from DATE)`);
  else if (how === 'traffic')
    notes.push(`the traffic speaks ${from} or later: nothing it sent or got back came after ${from} (give --from DATE if it is newer)`);
  if (spoken.mixed) notes.push(`its exchanges disagree on the version (some use names a later version renamed): taken at the older end, ${spoken.version}`);
  if (compareVersions(from, to) > 0) throw new RunError(`--to ${to} is older than the version the application speaks (${from}): nothing to upgrade to`);
  let replay: ReplayResult | undefined;
  if (options.fromHar !== undefined && source.baseUrl) {
    const replayer = new Replayer({ baseUrl: source.baseUrl, from, to, ...(options.strict ? { strict: true } : {}) });
    for await (const observed of observedExchanges(options.fromHar, { maxAnswerBytes })) replayer.replay(observed);
    replay = replayer.result();
  }
  const called = Object.entries(usage.operations).map(([operationId, op]) => ({ operationId, method: op.method, path: op.path, calls: op.calls }));
  return buildUpgradeReport({
    source,
    from: { version: from, how, mixed: spoken.mixed },
    to,
    called,
    changes: changesFor(usage, from, to),
    ...(replay ? { replay } : {}),
    notes,
  });
}
