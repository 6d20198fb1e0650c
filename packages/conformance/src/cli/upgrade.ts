// The command line's change management: `media-conformance usage` keeps a consumer's usage (from a
// recording) in a usage file, and `media-conformance upgrade` says what moving to a newer API date
// changes for an application, from its recording or its usage file. Exit codes: usage 0 written,
// 2 could not; upgrade 0 no call breaks, 1 a call the application makes would break, 2 could not run.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RunError } from '../model/terms.js';
import { parseReporters, type ReporterTable, reporterUsage } from '../report/reporters.js';
import { escapeTerminal, escapeValue, wantsColor } from '../report/terminal.js';
import { formatUpgrade } from '../upgrade/console.js';
import { upgradeHtml } from '../upgrade/html.js';
import { type UpgradeReport, upgradeJson } from '../upgrade/report.js';
import { upgradeReport } from '../upgrade/run.js';
import { consumerName, MAX_USAGE_BYTES } from '../usage/format.js';
import { usageOfHar } from '../usage/from-har.js';
import { recordUsage } from '../usage/store.js';
import type { CliIo } from './args.js';

/** The upgrade report's reporters (the console's text is formatUpgrade's). */
const UPGRADE_REPORTERS = {
  console: { file: false },
  json: { file: true, render: upgradeJson },
  html: { file: true, render: upgradeHtml },
} as const satisfies ReporterTable<UpgradeReport>;

export const USAGE_USAGE = `Usage: media-conformance usage --from-har FILE --consumer NAME --out FILE [options]

Reads a HAR recording of one consumer of the API and merges what it used into a usage file (JSON,
format "mediagen-usage/1", one per consumer): per operation the query parameters and request fields
it sent, the response fields that came back, the API versions its exchanges speak, counts and when
they were first and last seen. Names of fields only: no key, no value, no id. A usage file past
${MAX_USAGE_BYTES} bytes is refused.

  --from-har FILE        the recording (HAR 1.2: a browser, Playwright, the proxy's --har, …)
  --consumer NAME        whose traffic it is (letters, digits, ".", "_", "-")
  --out FILE             the usage file to merge into (created when missing)
  --base-url URL         the API's entries (default: the origin most of them use)
  --max-answer-bytes N   most bytes of one answer read

Exit codes: 0 written, 2 could not (one line says why).
`;

export const UPGRADE_USAGE = `Usage: media-conformance upgrade --from-har FILE [--to DATE] [options]
       media-conformance upgrade --usage FILE [--to DATE] [options]

Says what moving to a newer API date changes for an application, from its own traffic: per operation
it calls, each ledger change between the version its traffic speaks and DATE that touches what it sends
or gets back (renamed, added, new values, newly constrained, deprecated), with the ledger entry, the
field paths before and after, what to do and the @mediagen/client call at both dates. From a recording
it also replays every call through the ledger's transforms and judges it against the contract of DATE,
offline: nothing is sent, nothing is spent.

  --from-har FILE        the application's recorded traffic (HAR 1.2)
  --usage FILE           or its usage file (media-conformance usage, proxy --usage): no replay
  --to DATE              the target date (YYYY-MM-DD; default the newest)
  --from DATE            the version the application speaks (default: what its traffic tells)
  --consumer NAME        the application's name in the report (default: a usage file's consumer)
  --base-url URL         the API's entries in the recording (default: the origin most of them use)
  --max-answer-bytes N   most bytes of one answer read
  --strict               the contract's assumptions judged as obligations
  --reporter R           ${reporterUsage(UPGRADE_REPORTERS)} (repeatable; default console)
  --no-color             no colour on the console

Exit codes: 0 no call it makes breaks, 1 a call would break (a change to make, or an upgraded call
the target's contract refuses), 2 it could not run (one line says why).
`;

const COMMON = {
  'from-har': { type: 'string' },
  'base-url': { type: 'string' },
  'max-answer-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const USAGE_FLAGS = { ...COMMON, consumer: { type: 'string' }, out: { type: 'string' } } as const;
const UPGRADE_FLAGS = {
  ...COMMON,
  usage: { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  consumer: { type: 'string' },
  strict: { type: 'boolean' },
  reporter: { type: 'string', multiple: true },
  'no-color': { type: 'boolean' },
} as const;

function bytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 1024)
    throw new RunError(`--max-answer-bytes must be a whole number ≥ 1024, got ${JSON.stringify(value)}`);
  return n;
}

/** `usage …`: merges a recording's usage into a usage file. */
async function runUsage(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: [...argv], options: USAGE_FLAGS, strict: true, allowPositionals: false });
  if (values.help) {
    io.stdout(USAGE_USAGE);
    return 0;
  }
  if (!values['from-har'] || !values.out)
    throw new RunError('usage needs --from-har FILE, --consumer NAME and --out FILE (see media-conformance usage --help)');
  const consumer = consumerName(values.consumer);
  const maxAnswerBytes = bytes(values['max-answer-bytes']);
  const read = await usageOfHar(resolve(io.cwd, values['from-har']), consumer, {
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
  });
  const merged = recordUsage(resolve(io.cwd, values.out), read.usage);
  io.stdout(
    `usage of ${consumer}: ${read.usage.exchanges} exchanges of ${Object.keys(read.usage.operations).length} operations (API at ${escapeTerminal(read.baseUrl)}, ${read.ignored} other entries ignored) merged into ${escapeTerminal(values.out)}: ${merged.exchanges} exchanges in all\n`,
  );
  return 0;
}

/** `upgrade …`: the upgrade report; resolves to the exit code. */
async function runUpgrade(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args: [...argv], options: UPGRADE_FLAGS, strict: true, allowPositionals: false });
  if (values.help) {
    io.stdout(UPGRADE_USAGE);
    return 0;
  }
  const outputs = parseReporters(UPGRADE_REPORTERS, values.reporter ?? []);
  const maxAnswerBytes = bytes(values['max-answer-bytes']);
  const report = await upgradeReport({
    ...(values['from-har'] ? { fromHar: resolve(io.cwd, values['from-har']) } : {}),
    ...(values.usage ? { usage: resolve(io.cwd, values.usage) } : {}),
    ...(values.consumer ? { consumer: consumerName(values.consumer) } : {}),
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    ...(values.strict ? { strict: true } : {}),
  });
  const color = !values['no-color'] && wantsColor('auto', io.isTty, io.env);
  for (const output of outputs) {
    if (output.kind === 'console') io.stdout(formatUpgrade(report, { color }));
    else {
      const path = resolve(io.cwd, output.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, UPGRADE_REPORTERS[output.kind].render(report), 'utf8');
      if (outputs.some((o) => o.kind === 'console')) io.stdout(`${output.kind} report: ${escapeValue(path)}\n`);
    }
  }
  return report.breaks ? 1 : 0;
}

/** `usage …` and `upgrade …`; resolves to the exit code. Bad flags and unreadable inputs are one line and exit code 2. */
export async function runChangeManagement(argv: readonly string[], io: CliIo, fail: (message: string) => void): Promise<number> {
  try {
    return argv[0] === 'usage' ? await runUsage(argv.slice(1), io) : await runUpgrade(argv.slice(1), io);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof RunError || error instanceof TypeError || code?.startsWith('ERR_PARSE_ARGS'))
      fail(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    else if (code) fail(`could not write a report: ${(error as Error).message}`);
    else throw error;
    return 2;
  }
}
