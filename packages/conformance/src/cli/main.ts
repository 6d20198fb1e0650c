// The command line: runs the engine directly (no vitest process is spawned) and writes the reports.
// Exit codes: 0 every obligation held, 1 an obligation failed, 2 the run could not happen (bad
// arguments, unreachable server, key refused: its JSON and JUnit reports still say why), could not
// judge everything (a budget stopped it, or the server's behaviour left stated cells unjudged) or a
// report could not be written (the others still are), 130 stopped by a signal.
import { resolve } from 'node:path';
import { CHECKS } from '../checks/catalog.js';
import { runConformance } from '../conformance.js';
import type { ExchangeRecorder } from '../model/recording.js';
import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
import { writeFileAtomic } from '../plumbing/files.js';
import { createKeyMasker } from '../plumbing/mask.js';
import { notStartedReport } from '../report/build.js';
import { consoleProgress, formatSummary } from '../report/console.js';
import { HarWriter } from '../report/har.js';
import { type ReporterEntry, RUN_REPORTERS, reporterUsage } from '../report/reporters.js';
import { escapeValue, wantsColor } from '../report/terminal.js';
import type { Report } from '../report/types.js';
import { type CliIo, type CliRun, CONFIG_FILE, inCliWords, parseCli } from './args.js';

export type { CliIo } from './args.js';

import { mergeEvidenceOf, showEvidence } from './evidence.js';
import { runProxy } from './proxy.js';
import { judgeRecording } from './traffic.js';
import { runChangeManagement } from './upgrade.js';

const seconds = (ms: number) => `${ms / 1000}`;

export const USAGE = `Usage: media-conformance [options]
       media-conformance evidence FILE
       media-conformance proxy --upstream URL   (see media-conformance proxy --help)
       media-conformance upgrade --from-har FILE [--to DATE]   (see media-conformance upgrade --help)
       media-conformance usage --from-har FILE --consumer NAME --out FILE

Runs the conformance suite of the RenderNet (Affogato) media-generation API against a server:
the Prism mock (default), the stateful sandbox (--target sandbox), or any server (--base-url).

Target
  --base-url URL         server to test; without it the suite starts its own mock
  --target prism|sandbox mock to start when --base-url is not given (default prism)
  --api-key KEY          X-API-KEY to send; prefer the environment variable MEDIAGEN_API_KEY:
                         a key on the command line is visible to every user of the machine (ps)
  --mode read-only|full  read-only sends no request that creates, spends or deletes
                         (default: full on a literal loopback address such as 127.0.0.1 or ::1,
                         read-only elsewhere, localhost included: a name can resolve anywhere)
  --max-credits N        most credits a full run may spend, counted as the larger of what the
                         balance the API reports says and what the run admitted (required for
                         full mode on a live host)
  --stateless            treat the server as stateless: skip the stateful checks
                         (what the run creates is still cleaned up)
  --at DATE              judge the server as speaking the API of DATE (YYYY-MM-DD or baseline;
                         default the newest)

Checks
  --only CHECK           run only these checks (repeatable, or a comma list)
  --skip CHECK           leave these checks out (repeatable, or a comma list)
  --operation ID         only these operations (repeatable, or a comma list)
  --seed N               seed of the generated requests (default 1)
  --max-examples N       generated requests per operation (default 50; 0 turns them off)
  --strict               treat the contract's assumptions as obligations: a refuted
                         assumption fails the run (default: a verdict and a warning)

Pace and budgets
  --workers N            requests in flight at once (default 6 on loopback, 2 on a live host)
  --rate-limit N         at most N requests a second (default: no limit)
  --timeout S            time limit of one request, answer included (default ${seconds(DEFAULT_BUDGETS.timeoutMs)} s)
  --deadline S           time limit of the whole run (default ${seconds(DEFAULT_BUDGETS.deadlineMs)} s); cleanup has ${seconds(DEFAULT_BUDGETS.cleanupMs)} s more
  --max-answer-bytes N   most bytes of one answer read (default ${DEFAULT_BUDGETS.maxAnswerBytes})
  --max-silent N         requests in a row with no answer before the run stops (default ${DEFAULT_BUDGETS.maxSilentInARow})

Recorded traffic
  --from-har FILE        judge a HAR 1.2 recording (this suite's har reporter, the proxy's --har,
                         a browser, Playwright, mitmproxy, Charles) without sending a request;
                         --base-url picks the API's entries (default: the origin most of them use)

Evidence
  --evidence FILE        merge this run's verdicts on the contract's assumptions into FILE
                         (JSON, meant to be committed next to the contract); with --from-har the
                         recording's verdicts; media-conformance evidence FILE prints its table.
                         A run against a mock (--target, or a server sending the mock's marker
                         header) or stopped before its end (Ctrl-C, --deadline) is not merged
  --evidence-apart       merge such a run too: its verdicts are marked (mock, interrupted) and
                         never the latest verdict of an assumption that has a live one

Output
  --reporter R           ${reporterUsage(RUN_REPORTERS)}
                         (repeatable; default console)
  --color, --no-color    colour on the console (default: on a terminal, unless NO_COLOR is set)
  --verbose              list every assumption verdict on the console, not only the refuted ones
  --config FILE          options from a JSON file (default: ./${CONFIG_FILE} when present;
                         keys as the flags, e.g. {"only": ["auth_required"], "seed": 7}); flags
                         win; never --base-url, --api-key, --max-credits or --mode full (those
                         only on the command line); the options it set are said on stderr
  --help                 this text

Exit codes: 0 every obligation held, 1 an obligation failed, 2 the run could not happen or
could not finish (a budget stopped it: the reports say which; or nothing failed but the server's
behaviour left stated cells unjudged: the reports name them), or a report or the evidence file
could not be written (stderr says which; the others were), 130 stopped by a signal (SIGINT/SIGTERM/SIGHUP: cleanup ran, the reports were written).

Checks:
${CHECKS.map((c) => `  ${c.id.padEnd(30)} ${c.description}`).join('\n')}
`;

/** The key given on the command line or in the environment, found even when parsing fails. */
function keyIn(argv: readonly string[], env: CliIo['env']): string | undefined {
  const index = argv.findIndex((a) => a === '--api-key' || a.startsWith('--api-key='));
  if (index >= 0) return argv[index]!.includes('=') ? argv[index]!.slice('--api-key='.length) : argv[index + 1];
  return env.MEDIAGEN_API_KEY;
}

function writeReport(kind: string, path: string, text: string, cwd: string): string {
  const full = resolve(cwd, path);
  // Written whole through the file layer: a device, a FIFO or a folder at the path is refused, named.
  writeFileAtomic(full, text, `the ${kind} report`);
  return full;
}

/** Why a report could not be written, naming it and its file (the file layer's line names both already). */
const writeFailure = (kind: string, path: string, error: unknown): string => {
  if (error instanceof RunError) return error.message;
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = (error as Error)?.message ?? String(error);
  return `the ${kind} report could not be written to ${path} (${code ?? message})`;
};

/**
 * Writes every file reporter's report and prints the console's summary. A report that cannot be
 * written does not keep the others from being written: resolves to why each failed one did (none: []).
 */
export async function writeReports(run: CliRun, result: Report, io: CliIo, color: boolean, hars: readonly HarWriter[] = []): Promise<string[]> {
  const failed: string[] = [];
  const onConsole = run.reporters.some((r) => r.kind === 'console');
  for (const reporter of run.reporters) {
    if (reporter.kind === 'console') io.stdout(`${formatSummary(result, { color, verbose: run.verbose })}\n`);
    else {
      const { render }: ReporterEntry<Report> = RUN_REPORTERS[reporter.kind];
      if (!render) {
        // The har reporter records the run: written during it, exchange by exchange; announced once it
        // is whole (a failed one is said on stderr).
        const har = hars.find((h) => h.path === resolve(io.cwd, reporter.path));
        if (onConsole && har && !har.failure) io.stdout(`har report: ${escapeValue(har.path)}\n`);
        continue;
      }
      try {
        const text = render(result);
        const written = writeReport(reporter.kind, reporter.path, text, io.cwd);
        if (onConsole) io.stdout(`${reporter.kind} report: ${escapeValue(written)}\n`);
      } catch (error) {
        failed.push(writeFailure(reporter.kind, resolve(io.cwd, reporter.path), error));
      }
    }
  }
  return failed;
}

/** Writes every report (see writeReports); rejects after writing the others when one could not be. */
export async function report(run: CliRun, result: Report, io: CliIo, color: boolean, hars: readonly HarWriter[] = []): Promise<void> {
  const failed = await writeReports(run, result, io, color, hars);
  if (failed.length > 0) throw new Error(failed.join('; '));
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], given: Partial<CliIo> = {}): Promise<number> {
  const io: CliIo = {
    stdout: given.stdout ?? ((t: string) => void process.stdout.write(t)),
    stderr: given.stderr ?? ((t: string) => void process.stderr.write(t)),
    env: given.env ?? process.env,
    cwd: given.cwd ?? process.cwd(),
    isTty: given.isTty ?? false,
    ...(given.signal ? { signal: given.signal } : {}),
  };
  // Messages that did not come from the run (argument errors) are masked here, as values.
  const masker = createKeyMasker([keyIn(argv, io.env)]);
  const say = (message: string) => io.stderr(`media-conformance: ${escapeValue(masker.text(message))}\n`);
  const fail = (message: string) => say(message);
  if (argv[0] === 'evidence') return showEvidence(argv.slice(1), io, fail);
  if (argv[0] === 'proxy') return runProxy(argv.slice(1), io, fail);
  if (argv[0] === 'usage' || argv[0] === 'upgrade') return runChangeManagement(argv, io, fail);
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(argv, io.env, io.cwd);
  } catch (error) {
    fail(inCliWords(error));
    return 2;
  }
  if (parsed.help) {
    io.stdout(USAGE);
    return 0;
  }
  const run = parsed;
  if (run.config) io.stderr(`media-conformance: options from ${escapeValue(run.config.file)}: ${run.config.keys.join(', ')}\n`);
  const color = wantsColor(run.color, io.isTty, io.env);
  if (run.fromHar !== undefined) return judgeRecording(run, io, color, report, fail);
  const onConsole = run.reporters.some((r) => r.kind === 'console');
  const hars = run.reporters.flatMap((r) => (r.kind === 'har' ? [new HarWriter(resolve(io.cwd, r.path))] : []));
  const recorders: ExchangeRecorder[] = hars;
  let result: Report;
  try {
    result = await runConformance({
      ...run.options,
      ...(onConsole ? { onEvent: consoleProgress(io.stdout, { color }) } : {}),
      recorders,
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } catch (error) {
    const message = error instanceof RunError ? inCliWords(error) : `the run stopped: ${(error as Error)?.message ?? String(error)}`;
    fail(message);
    // A run that cannot start still leaves its reports, saying why (CI reading JUnit gets something).
    const stub = notStartedReport(masker.text(message), run.options);
    for (const failure of await writeReports({ ...run, reporters: run.reporters.filter((r) => r.kind !== 'console') }, stub, io, color)) say(failure);
    for (const recorder of recorders) await recorder.close?.().catch(() => undefined);
    return 2;
  }
  // Every report is written whatever failed before it (the HAR file during the run, another report):
  // each failure is one line on stderr, and the exit code says the output is incomplete.
  const failed = [...hars.flatMap((har) => (har.failure ? [har.failure] : [])), ...(await writeReports(run, result, io, color, hars))];
  for (const failure of failed) say(failure);
  if (!(await mergeEvidence(run, result, io, fail, say))) return 2;
  if (failed.length > 0) return 2;
  if (result.stopped?.by === 'signal') return 130;
  // Stopped by a budget (the deadline, a silent target): the run could not finish.
  if (result.stopped) return 2;
  // Nothing failed, but the server's behaviour left stated cells unjudged: the run could not judge everything.
  if (result.summary.failed === 0 && result.unjudged.length > 0) return 2;
  return result.ok ? 0 : 1;
}

/** Merges the run's verdicts into --evidence FILE; a file that cannot be written is said in its words, as a malformed one is. */
async function mergeEvidence(
  { evidence: path, evidenceApart }: CliRun,
  result: Report,
  io: CliIo,
  fail: (message: string) => void,
  say: (message: string) => void,
): Promise<boolean> {
  try {
    return await mergeEvidenceOf(path, result, 'run', io, fail, evidenceApart === true);
  } catch (error) {
    say(`evidence file ${resolve(io.cwd, path ?? '')}: could not be written (${(error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message})`);
    return false;
  }
}
