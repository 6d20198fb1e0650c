// `media-conformance proxy --upstream URL`: the validating proxy on the command line. It prints where
// it listens, one line per failed obligation as exchanges end, one line per request it refused, and on
// Ctrl-C (SIGINT, SIGTERM, SIGHUP) the summary a run prints with what the proxy counted; it exits 0 when
// every obligation it saw held, 1 when one failed, 2 when it could not start (bad flags, a non-https
// upstream without --insecure-upstream, a port in use) or could not merge its evidence. Stopping never
// waits on the upstream: exchanges in flight get a short grace, then are cut, judged and recorded; a
// second signal exits at once (130, see cli.ts). A write that fails (the HAR, the evidence, stdout) is
// said once on stderr and never stops the proxy.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseSelection, selectedChecks } from '../engine/options.js';
import { RunError } from '../model/terms.js';
import { DEFAULT_BUDGETS } from '../plumbing/budgets.js';
import { KEPT_FLOOR_BYTES } from '../proxy/kept.js';
import { DEFAULT_MAX_KEPT_BYTES, type RunningProxy, STOP_GRACE_MS, startValidatingProxy } from '../proxy/server.js';
import { formatSummary } from '../report/console.js';
import { escapeTerminal, escapeValue, wantsColor } from '../report/terminal.js';
import type { Report } from '../report/types.js';
import { type UsageSession, usageSession } from '../usage/session.js';
import type { CliIo } from './args.js';
import { mergeEvidenceOf } from './evidence.js';

export const PROXY_USAGE = `Usage: media-conformance proxy --upstream URL [options]

Listens on 127.0.0.1 and forwards every request unchanged to URL (the only place the key goes),
streams each answer back, then judges the exchange against the contract: one line per failed
obligation (operation, check, rule, basis, curl with the key masked). Ctrl-C prints the summary.
Only a path is forwarded: a request target naming another host (//host/x, http://host/x, *,
CONNECT, ...) is refused 400 and shown in one line. Credential headers other than X-API-KEY
and hop-by-hop headers are not forwarded; an answer the client side cannot carry (a 101, a status
or header with control characters) becomes a 502.

  --upstream URL         the API to forward to, e.g. https://api.rendernet.ai (https only)
  --insecure-upstream    allow an http upstream (a local server)
  --port N               loopback port to listen on (default 4020; 0 for any free one)
  --at DATE              judge as the API of DATE (YYYY-MM-DD or baseline; default the newest)
  --strict               a refuted assumption fails, as an obligation would
  --only CHECK, --skip CHECK   the checks that judge (repeatable, or a comma list)
  --timeout S            time limit of one exchange with the upstream, answer included
                         (default ${DEFAULT_BUDGETS.timeoutMs / 1000} s): 504 before the answer starts, cut after
  --max-answer-bytes N   bytes of one answer kept for judging (default ${DEFAULT_BUDGETS.maxAnswerBytes}; the answer
                         itself streams whole)
  --max-kept-bytes N     bytes kept for judging by all answers in flight together, beyond each
                         one's first ${KEPT_FLOOR_BYTES / 1024} KiB (default ${DEFAULT_MAX_KEPT_BYTES}); past it an answer is judged on
                         its start, as truncated, and the summary says so
  --har FILE             record every exchange as HAR 1.2 (key and presigned URLs masked)
  --evidence FILE        on exit, merge the verdicts on assumptions into this evidence file
                         (not when the upstream sent the mock's marker header)
  --evidence-apart       merge them even then, kept apart from live verdicts
  --usage FILE           on exit, merge what the traffic used into this usage file (names only)
  --consumer NAME        whose traffic it is (with --usage)
  --no-color             no colour in the summary

Ctrl-C (SIGINT, SIGTERM, SIGHUP): exchanges in flight get ${STOP_GRACE_MS / 1000} s to end, then are cut (their
upstream requests aborted); the summary is printed, the HAR closed and the evidence merged.
A second signal exits at once (130). A HAR, evidence or output write that fails is said once
on stderr; the proxy goes on.

Exit codes (on Ctrl-C): 0 every obligation seen held, 1 one failed, 2 it could not start or
could not merge the evidence, 130 a second signal ended it before the summary.
`;

const FLAGS = {
  upstream: { type: 'string' },
  'insecure-upstream': { type: 'boolean' },
  port: { type: 'string' },
  at: { type: 'string' },
  strict: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'max-answer-bytes': { type: 'string' },
  'max-kept-bytes': { type: 'string' },
  har: { type: 'string' },
  evidence: { type: 'string' },
  'evidence-apart': { type: 'boolean' },
  usage: { type: 'string' },
  consumer: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const list = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

function whole(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(n) || n < min) throw new RunError(`--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
  return n;
}

/** The longest time limit a timer holds (2³¹ − 1 ms), in seconds. */
const MAX_TIMEOUT_S = Math.floor((2 ** 31 - 1) / 1000);

function seconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0.001 || n > MAX_TIMEOUT_S)
    throw new RunError(`--${name} must be a number of seconds from 0.001 to ${MAX_TIMEOUT_S}, got ${JSON.stringify(value)}`);
  return Math.round(n * 1000);
}

/** Writes that must never stop the proxy: the first failure is said once on stderr, later ones are dropped. */
function containedOutput(io: CliIo, fail: (message: string) => void) {
  let broken = false;
  const failed = (error: unknown) => {
    if (broken) return;
    broken = true;
    fail(
      `the output could not be written (${(error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? error}): lines from now on are lost; the proxy goes on`,
    );
  };
  // The process's stdout reports a failed write as an event, not as a throw.
  process.stdout.on('error', failed);
  return {
    write(text: string) {
      if (broken) return;
      try {
        io.stdout(text);
      } catch (error) {
        failed(error);
      }
    },
    dispose: () => process.stdout.off('error', failed),
  };
}

/** Runs the proxy until `io.signal` aborts; resolves to the exit code. */
export async function runProxy(argv: readonly string[], io: CliIo, fail: (message: string) => void): Promise<number> {
  let proxy: RunningProxy;
  let usage: UsageSession | undefined;
  let harFailed = false;
  let values: ReturnType<typeof parseArgs<{ options: typeof FLAGS }>>['values'];
  const out = containedOutput(io, fail);
  try {
    try {
      ({ values } = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false }));
      if (values.help) {
        out.write(PROXY_USAGE);
        return 0;
      }
      if (!values.upstream) throw new RunError('proxy needs --upstream URL (see media-conformance proxy --help)');
      const selection = parseSelection({ only: list(values.only), skip: list(values.skip), operations: [] });
      const maxAnswerBytes = whole('max-answer-bytes', values['max-answer-bytes'], 1024);
      const maxKeptBytes = whole('max-kept-bytes', values['max-kept-bytes'], 0);
      const timeoutMs = seconds('timeout', values.timeout);
      const har = values.har ? resolve(io.cwd, values.har) : undefined;
      if (values.usage)
        usage = usageSession({ usage: resolve(io.cwd, values.usage), consumer: values.consumer, ...(har ? { har } : {}), upstream: values.upstream });
      proxy = await startValidatingProxy({
        upstream: values.upstream,
        insecureUpstream: values['insecure-upstream'] ?? false,
        port: whole('port', values.port, 0) ?? 4020,
        ...(values.at ? { at: values.at } : {}),
        ...(values.strict ? { strict: true } : {}),
        selected: selectedChecks(selection),
        ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
        ...(maxKeptBytes !== undefined ? { maxKeptBytes } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(usage || har ? { har: usage?.har ?? har! } : {}),
        onViolation: (line) => out.write(`${escapeValue(line)}\n`),
        onRefused: (line) => out.write(`${escapeValue(line)}\n`),
        onNote: (line) => out.write(`${escapeValue(line)}\n`),
        onWriteError: (message) => {
          harFailed = true;
          fail(message);
        },
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') fail('the port is in use: give another with --port (0 for any free one)');
      else if (error instanceof RunError || error instanceof TypeError || error instanceof RangeError) fail(error.message.split('\n')[0]!);
      else throw error;
      return 2;
    }
    out.write(`validating proxy on ${proxy.url} → ${escapeTerminal(values.upstream!)} (Ctrl-C for the summary)\n`);
    await new Promise<void>((done) => {
      if (!io.signal || io.signal.aborted) return done();
      io.signal.addEventListener('abort', () => done(), { once: true });
    });
    const report = await proxy.stop();
    out.write(`${formatSummary(report, { color: !values['no-color'] && wantsColor('auto', io.isTty, io.env), verbose: false })}\n`);
    out.write(`\nProxy\n${report.notes.map((note) => `  ${escapeValue(note)}\n`).join('')}`);
    // Every file written is announced (a HAR that could not be written was said on stderr).
    if (values.har && !harFailed) out.write(`har report: ${escapeTerminal(resolve(io.cwd, values.har))}\n`);
    if (!(await mergeEvidence(values.evidence, report, io, out.write, fail, values['evidence-apart'] === true))) return 2;
    const kept = await usage?.finish();
    if (kept && 'error' in kept) {
      fail(kept.error);
      return 2;
    }
    if (kept) out.write(`${escapeTerminal(kept.line)}\n`);
    return report.ok ? 0 : 1;
  } finally {
    out.dispose();
  }
}

/** Merges the evidence when asked; a write that fails (whatever the error) is said, never thrown. */
async function mergeEvidence(
  path: string | undefined,
  report: Report,
  io: CliIo,
  write: (text: string) => void,
  fail: (message: string) => void,
  apart: boolean,
): Promise<boolean> {
  try {
    return await mergeEvidenceOf(path, report, 'proxy', { ...io, stdout: write }, fail, apart);
  } catch (error) {
    fail(`the evidence file ${path} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    return false;
  }
}
