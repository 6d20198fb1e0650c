// `media-conformance proxy --upstream URL`: the validating proxy on the command line. It prints where
// it listens, one line per failed obligation as exchanges end, and on Ctrl-C (SIGINT, SIGTERM, SIGHUP)
// the summary a run prints; it exits 0 when every obligation it saw held, 1 when one failed, 2 when it
// could not start (bad flags, a non-https upstream without --insecure-upstream, a port in use).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseSelection, selectedChecks } from '../engine/options.js';
import { RunError } from '../model/terms.js';
import { type RunningProxy, startValidatingProxy } from '../proxy/server.js';
import { formatSummary } from '../report/console.js';
import { escapeTerminal, escapeValue, wantsColor } from '../report/terminal.js';
import type { CliIo } from './args.js';
import { mergeEvidenceOf } from './evidence.js';

export const PROXY_USAGE = `Usage: media-conformance proxy --upstream URL [options]

Listens on 127.0.0.1 and forwards every request unchanged to URL (the only place the key goes),
streams each answer back, then judges the exchange against the contract: one line per failed
obligation (operation, check, rule, basis, curl with the key masked). Ctrl-C prints the summary.

  --upstream URL         the API to forward to, e.g. https://api.rendernet.ai (https only)
  --insecure-upstream    allow an http upstream (a local server)
  --port N               loopback port to listen on (default 4020; 0 for any free one)
  --at DATE              judge as the API of DATE (YYYY-MM-DD or baseline; default the newest)
  --strict               a refuted assumption fails, as an obligation would
  --only CHECK, --skip CHECK   the checks that judge (repeatable, or a comma list)
  --max-answer-bytes N   bytes of one answer kept for judging (the answer itself streams whole)
  --har FILE             record every exchange as HAR 1.2 (key and presigned URLs masked)
  --evidence FILE        on exit, merge the verdicts on assumptions into this evidence file
  --no-color             no colour in the summary

Exit codes (on Ctrl-C): 0 every obligation seen held, 1 one failed, 2 it could not start.
`;

const FLAGS = {
  upstream: { type: 'string' },
  'insecure-upstream': { type: 'boolean' },
  port: { type: 'string' },
  at: { type: 'string' },
  strict: { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  'max-answer-bytes': { type: 'string' },
  har: { type: 'string' },
  evidence: { type: 'string' },
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
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new RunError(`--${name} must be a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
  return n;
}

/** Runs the proxy until `io.signal` aborts; resolves to the exit code. */
export async function runProxy(argv: readonly string[], io: CliIo, fail: (message: string) => void): Promise<number> {
  let proxy: RunningProxy;
  let values: ReturnType<typeof parseArgs<{ options: typeof FLAGS }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false }));
    if (values.help) {
      io.stdout(PROXY_USAGE);
      return 0;
    }
    if (!values.upstream) throw new RunError('proxy needs --upstream URL (see media-conformance proxy --help)');
    const selection = parseSelection({ only: list(values.only), skip: list(values.skip), operations: [] });
    const maxAnswerBytes = whole('max-answer-bytes', values['max-answer-bytes'], 1024);
    proxy = await startValidatingProxy({
      upstream: values.upstream,
      insecureUpstream: values['insecure-upstream'] ?? false,
      port: whole('port', values.port, 0) ?? 4020,
      ...(values.at ? { at: values.at } : {}),
      ...(values.strict ? { strict: true } : {}),
      selected: selectedChecks(selection),
      ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
      ...(values.har ? { har: resolve(io.cwd, values.har) } : {}),
      onViolation: (line) => io.stdout(`${escapeValue(line)}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail('the port is in use: give another with --port (0 for any free one)');
    else if (error instanceof RunError || error instanceof TypeError || error instanceof RangeError) fail(error.message.split('\n')[0]!);
    else throw error;
    return 2;
  }
  io.stdout(`validating proxy on ${proxy.url} → ${escapeTerminal(values.upstream!)} (Ctrl-C for the summary)\n`);
  await new Promise<void>((done) => {
    if (!io.signal || io.signal.aborted) return done();
    io.signal.addEventListener('abort', () => done(), { once: true });
  });
  const report = await proxy.stop();
  io.stdout(`${formatSummary(report, { color: !values['no-color'] && wantsColor('auto', io.isTty, io.env), verbose: false })}\n`);
  if (!(await mergeEvidenceOf(values.evidence, report, 'proxy', io, fail))) return 2;
  return report.ok ? 0 : 1;
}
