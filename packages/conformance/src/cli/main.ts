// The command line: parses the arguments (node:util parseArgs), runs the engine directly (no vitest
// process is spawned) and writes the reports. Exit codes: 0 every check passed, 1 a check failed,
// 2 the run could not happen (bad arguments, unreachable server, key refused).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHECKS } from '../checks/catalog.js';
import type { Exchange } from '../engine/http.js';
import { Masker } from '../engine/mask.js';
import { type ConformanceOptions, runConformance } from '../engine/run.js';
import { type Report, RunError } from '../engine/types.js';
import { consoleProgress, formatSummary } from '../report/console.js';
import { toHar } from '../report/har.js';
import { toJson } from '../report/json.js';
import { toJunit } from '../report/junit.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Aborts the run (the CLI wires SIGINT and SIGTERM to it): cleanup runs, reports are written. */
  signal?: AbortSignal;
}

export const USAGE = `Usage: media-conformance [options]

Runs the conformance suite of the RenderNet (Affogato) media-generation API against a server:
the Prism mock (default), the stateful sandbox (--target sandbox), or any server (--base-url).

Target
  --base-url URL         server to test; without it the suite starts its own mock
  --target prism|sandbox mock to start when --base-url is not given (default prism)
  --api-key KEY          X-API-KEY to send (default: env MEDIAGEN_API_KEY; mocks need none)
  --mode read-only|full  read-only sends no request that creates, spends or deletes
                         (default: read-only on a live host, full on 127.0.0.1/localhost)
  --max-credits N        most credits a full run may spend (required for full mode on a live host)
  --stateless            treat the server as stateless: skip the stateful checks
                         (what the run creates is still cleaned up)

Checks
  --only CHECK           run only these checks (repeatable, or a comma list)
  --skip CHECK           leave these checks out (repeatable, or a comma list)
  --operation ID         only these operations (repeatable, or a comma list)
  --seed N               seed of the generated requests (default 1)
  --max-examples N       generated requests per operation (default 50; 0 turns them off)
  --strict               treat the contract's assumptions as obligations: a refuted
                         assumption fails the run (default: a verdict and a warning)

Output
  --reporter R           console | junit=PATH | json=PATH | har=PATH (repeatable; default console)
  --help                 this text

Exit codes: 0 every obligation held, 1 an obligation failed, 2 the run could not happen,
130 interrupted (SIGINT/SIGTERM: cleanup ran, the reports were written).

Checks:
${CHECKS.map((c) => `  ${c.id.padEnd(30)} ${c.description}`).join('\n')}
`;

const list = (values: string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0) throw new RunError(`${name} must be a whole number ≥ 0, got ${JSON.stringify(value)}`);
  return n;
}

type ReporterSpec = { kind: 'console' } | { kind: 'junit' | 'json' | 'har'; path: string };

function parseReporters(values: string[]): ReporterSpec[] {
  if (values.length === 0) return [{ kind: 'console' }];
  return values.map((value) => {
    if (value === 'console') return { kind: 'console' as const };
    const match = /^(junit|json|har)=(.+)$/.exec(value);
    if (!match) throw new RunError(`--reporter must be console, junit=PATH, json=PATH or har=PATH, got ${JSON.stringify(value)}`);
    return { kind: match[1] as 'junit' | 'json' | 'har', path: match[2]! };
  });
}

/** The key given on the command line or in the environment, found even when parsing fails. */
function keyIn(argv: readonly string[], env: CliIo['env']): string | undefined {
  const index = argv.findIndex((a) => a === '--api-key' || a.startsWith('--api-key='));
  if (index >= 0) return argv[index]!.includes('=') ? argv[index]!.slice('--api-key='.length) : argv[index + 1];
  return env.MEDIAGEN_API_KEY;
}

export function parseCli(argv: readonly string[], env: CliIo['env']): { help: true } | { help: false; options: ConformanceOptions; reporters: ReporterSpec[] } {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        target: { type: 'string' },
        'api-key': { type: 'string' },
        mode: { type: 'string' },
        'max-credits': { type: 'string' },
        stateless: { type: 'boolean' },
        strict: { type: 'boolean' },
        only: { type: 'string', multiple: true },
        skip: { type: 'string', multiple: true },
        operation: { type: 'string', multiple: true },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        reporter: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    throw new RunError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
  const v = parsed.values;
  if (v.help) return { help: true };
  if (v.target !== undefined && v.target !== 'prism' && v.target !== 'sandbox')
    throw new RunError(`--target must be prism or sandbox, got ${JSON.stringify(v.target)}`);
  if (v.target !== undefined && v['base-url'] !== undefined) throw new RunError('give either --base-url or --target, not both');
  if (v.mode !== undefined && v.mode !== 'read-only' && v.mode !== 'full')
    throw new RunError(`--mode must be read-only or full, got ${JSON.stringify(v.mode)}`);
  const maxCredits = v['max-credits'];
  if (maxCredits !== undefined && (maxCredits.trim() === '' || !Number.isFinite(Number(maxCredits)) || Number(maxCredits) < 0)) {
    throw new RunError(`--max-credits must be a number ≥ 0, got ${JSON.stringify(maxCredits)}`);
  }
  const apiKey = v['api-key'] ?? env.MEDIAGEN_API_KEY;
  const seed = wholeNumber('--seed', v.seed);
  const maxExamples = wholeNumber('--max-examples', v['max-examples']);
  const options: ConformanceOptions = {
    ...(v['base-url'] !== undefined ? { baseUrl: v['base-url'] } : {}),
    ...(v.target !== undefined ? { target: v.target as 'prism' | 'sandbox' } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(v.mode !== undefined ? { mode: v.mode as 'read-only' | 'full' } : {}),
    ...(maxCredits !== undefined ? { maxCredits: Number(maxCredits) } : {}),
    ...(v.stateless ? { stateful: false } : {}),
    ...(v.strict ? { strict: true } : {}),
    only: list(v.only),
    skip: list(v.skip),
    operations: list(v.operation),
    ...(seed !== undefined ? { seed } : {}),
    ...(maxExamples !== undefined ? { maxExamples } : {}),
  };
  return { help: false, options, reporters: parseReporters(v.reporter ?? []) };
}

async function writeReport(path: string, text: string, cwd: string): Promise<string> {
  const full = resolve(cwd, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, text, 'utf8');
  return full;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: Partial<CliIo> = {}): Promise<number> {
  const stdout = io.stdout ?? ((t: string) => void process.stdout.write(t));
  const stderrRaw = io.stderr ?? ((t: string) => void process.stderr.write(t));
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  // The report and the progress lines are masked as they are recorded; only messages that did not
  // come from the run (argument errors) are masked here, as values.
  const masker = new Masker([keyIn(argv, env)]);
  const out = stdout;
  const err = (t: string) => stderrRaw(masker.text(t));
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli(argv, env);
  } catch (error) {
    err(`media-conformance: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed.help) {
    out(USAGE);
    return 0;
  }
  const { options, reporters } = parsed;
  const onConsole = reporters.some((r) => r.kind === 'console');
  const exchanges: Exchange[] = [];
  const recordHar = reporters.some((r) => r.kind === 'har');
  let report: Report;
  try {
    report = await runConformance({
      ...options,
      ...(onConsole ? { onEvent: consoleProgress(out) } : {}),
      ...(recordHar ? { onExchange: (exchange: Exchange) => void exchanges.push(exchange) } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } catch (error) {
    if (error instanceof RunError) err(`media-conformance: ${error.message}\n`);
    else err(`media-conformance: the run stopped: ${(error as Error)?.message ?? String(error)}\n`);
    return 2;
  }
  for (const reporter of reporters) {
    try {
      if (reporter.kind === 'console') out(`${formatSummary(report)}\n`);
      else {
        const text = reporter.kind === 'junit' ? toJunit(report) : reporter.kind === 'har' ? `${JSON.stringify(toHar(exchanges), null, 2)}\n` : toJson(report);
        const written = await writeReport(reporter.path, text, cwd);
        if (onConsole) out(`${reporter.kind} report: ${written}\n`);
      }
    } catch (error) {
      err(`media-conformance: could not write the ${reporter.kind} report: ${(error as Error).message}\n`);
      return 2;
    }
  }
  if (report.interrupted) return 130;
  return report.ok ? 0 : 1;
}
