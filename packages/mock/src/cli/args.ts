// media-mock's command line: its options, their parsing into the options of startMock and
// startSandbox, and the usage text, whose defaults are read from EDGE_LIMITS and SANDBOX_DEFAULTS
// (so the help cannot drift from what runs). Bad usage is a UsageError with a one-line message.
import { parseArgs } from 'node:util';
import type { ErrorStatus } from '@mediagen/schema';
import { originOfUrl } from '../edge/gate.js';
import { EDGE_LIMITS, type EdgeLimits } from '../edge/limits.js';
import { SANDBOX_DEFAULTS, type SandboxBudgets } from '../sandbox/options.js';
import type { SandboxServerOptions } from '../sandbox/server.js';
import { DEFAULT_REFUSAL_STATUS, REFUSAL_STATUSES, type RefusalStatus } from '../validation/request.js';

export class UsageError extends Error {}

export const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  dynamic: { type: 'boolean', short: 'd' },
  at: { type: 'string' },
  document: { type: 'string' },
  stateful: { type: 'boolean' },
  watch: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
  cors: { type: 'string', multiple: true },
  'cors-credentials': { type: 'boolean' },
  'public-url': { type: 'string' },
  'refusal-status': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'max-body-bytes': { type: 'string' },
  'max-json-depth': { type: 'string' },
  'max-inflight-bytes': { type: 'string' },
  'headers-timeout-ms': { type: 'string' },
  'body-timeout-ms': { type: 'string' },
  'idle-timeout-ms': { type: 'string' },
  'max-connections': { type: 'string' },
  seed: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  credits: { type: 'string' },
  'max-batch': { type: 'string' },
  'pending-ms': { type: 'string' },
  'complete-ms': { type: 'string' },
  'failure-rate': { type: 'string' },
  'latency-ms': { type: 'string' },
  'error-rate': { type: 'string' },
  'error-status': { type: 'string' },
  'slow-ms': { type: 'string' },
  'no-fixtures': { type: 'boolean' },
  'max-upload-bytes': { type: 'string' },
  'max-upload-total': { type: 'string' },
  'max-uploads': { type: 'string' },
  'max-records': { type: 'string' },
  'file-cache-bytes': { type: 'string' },
} as const;

type Flag = keyof typeof OPTIONS;

/** The flag of each bound of the edge (both mocks). */
export const EDGE_FLAGS: Record<keyof EdgeLimits, Flag> = {
  jsonBodyBytes: 'max-body-bytes',
  jsonDepth: 'max-json-depth',
  bodyBytesInFlight: 'max-inflight-bytes',
  headersTimeoutMs: 'headers-timeout-ms',
  bodyTimeoutMs: 'body-timeout-ms',
  idleTimeoutMs: 'idle-timeout-ms',
  maxConnections: 'max-connections',
};

/** The flag of each budget of the sandbox. */
export const BUDGET_FLAGS: Record<keyof SandboxBudgets, Flag> = {
  uploadBytes: 'max-upload-bytes',
  uploadTotalBytes: 'max-upload-total',
  uploads: 'max-uploads',
  records: 'max-records',
  fileCacheBytes: 'file-cache-bytes',
};

const SANDBOX_ONLY: readonly Flag[] = [
  'seed',
  'api-key',
  'credits',
  'max-batch',
  'pending-ms',
  'complete-ms',
  'failure-rate',
  'latency-ms',
  'error-rate',
  'error-status',
  'slow-ms',
  'no-fixtures',
  ...Object.values(BUDGET_FLAGS),
];

const MIB = 1024 * 1024;
const bytes = (n: number) => (n % MIB === 0 ? `${n / MIB}MiB` : n % 1024 === 0 ? `${n / 1024}KiB` : String(n));
const d = SANDBOX_DEFAULTS;
const e = EDGE_LIMITS;

export const USAGE = `Usage: media-mock [options]

Serves a mock of the RenderNet (Affogato) media-generation API on 127.0.0.1 until stopped
(Ctrl-C, SIGTERM or a closed terminal). Send the API key in the X-API-KEY header. Each request
is logged as one line (method, path, status, time; never the key).

Modes:
  (default)                   Prism on the contract's OpenAPI document: validates each request
                              and answers the documented example
  --stateful                  the stateful sandbox: keeps generations, media, assets, characters
                              and credits in memory; media finish over time

Options:
  -p, --port <n>              port to listen on (default: a free one, printed at start)
      --host <addr>           address to bind (default 127.0.0.1)
  -d, --dynamic               Prism only: generate responses from the schemas, not the examples
      --at <date>             answer as the API did on this date (YYYY-MM-DD or "baseline")
      --document <file>       serve this OpenAPI document (the sandbox takes its API version)
      --watch                 follow the document: Prism restarts on it, the sandbox reads its
                              version again when it changes
  -q, --quiet                 no request log
      --verbose               also print Prism's own log
      --cors <origin>         let pages at this origin call the mock (repeat for several; "*"
                              for any page); no page may by default
      --cors-credentials      let those pages send credentials (cookies, HTTP authentication)
      --public-url <url>      the URL clients reach the mock at (a proxy, a container): its host
                              is accepted and the sandbox's links start with it
      --refusal-status <n>    status of a request the contract refuses: ${REFUSAL_STATUSES.join(' or ')} (default
                              ${DEFAULT_REFUSAL_STATUS}, an assumption: the API's docs do not say; a live-like
                              server answers 400)
  -h, --help                  show this help

Prism answers can be steered per request with the Prefer header (Prism only):
  Prefer: code=404            answer with that status's example (any status the operation declares)
  Prefer: example=<name>      answer with that named example of the operation
  Prefer: dynamic=true        generate this answer from the schema (as --dynamic does)

Bounds of the HTTP edge (both mocks; sizes in bytes, or with KiB/MiB):
      --max-body-bytes <n>    largest JSON body (default ${bytes(e.jsonBodyBytes)}); 413 above
      --max-json-depth <n>    deepest JSON nesting (default ${e.jsonDepth}); 400 above
      --max-inflight-bytes <n> request bodies read at once (default ${bytes(e.bodyBytesInFlight)}); 503 above
      --headers-timeout-ms <ms> request line and headers must arrive within (default ${e.headersTimeoutMs})
      --body-timeout-ms <ms>  the body must arrive within (default ${e.bodyTimeoutMs}); 408 after
      --idle-timeout-ms <ms>  an idle kept-alive connection is closed after (default ${e.idleTimeoutMs})
      --max-connections <n>   open connections (default ${e.maxConnections}); 503 above

Sandbox knobs (need --stateful):
      --seed <n>              seed of every random choice (default ${d.seed})
      --api-key <key>         an accepted X-API-KEY; repeat for several (default ${d.apiKeys.join(', ')})
      --credits <n>           starting credit balance (default ${d.credits})
      --max-batch <n>         batch_size maximum of the plan (default ${d.plan.maxBatchSize})
      --pending-ms <ms>       media turn pending this long after creation (default ${d.delays.pendingMs})
      --complete-ms <ms>      media finish this long after creation (default ${d.delays.completeMs})
      --failure-rate <x>      share 0..1 of media that end failed (default ${d.failureRate})
      --latency-ms <ms>       delay added to every request (default ${d.latencyMs})
      --error-rate <x>        share 0..1 of requests answered with --error-status (default ${d.faults.errorRate})
      --error-status <n>      status of injected faults: 429, 500 or 503 (default ${d.faults.status})
      --slow-ms <ms>          faulted requests are held this long first (default ${d.faults.slowMs})
      --no-fixtures           start without the resources the documented examples name
      --max-upload-bytes <n>  largest uploaded file (default ${bytes(d.budgets.uploadBytes)}); 413 above
      --max-upload-total <n>  bytes of uploaded files held (default ${bytes(d.budgets.uploadTotalBytes)}); 503 above
      --max-uploads <n>       uploaded files held (default ${d.budgets.uploads}); 503 above
      --max-records <n>       generations, media, assets and characters held (default ${d.budgets.records})
      --file-cache-bytes <n>  made media files kept to serve again (default ${bytes(d.budgets.fileCacheBytes)})

Exit codes:
  0  stopped by SIGINT, SIGTERM or SIGHUP, or --help
  1  the mock stopped on its own
  2  bad usage, or the mock could not start (port in use, document missing, Prism failed)
`;

export type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>['values'];

export function parse(argv: string[]): Parsed {
  let values: Parsed;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // parseArgs' messages are long and mention its own option syntax; keep the first sentence.
    throw new UsageError((error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''));
  }
  if (values.stateful && values.dynamic) throw new UsageError('--dynamic is for Prism; the sandbox (--stateful) answers from its own state');
  if (values.quiet && values.verbose) throw new UsageError('--quiet and --verbose cannot be given together');
  if (!values.stateful) {
    const knob = SANDBOX_ONLY.find((name) => values[name] !== undefined);
    if (knob) throw new UsageError(`--${knob} is a sandbox knob: add --stateful`);
  }
  return values;
}

function number(flag: string, raw: string | undefined, check: (n: number) => boolean, what: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value)) throw new UsageError(`--${flag} must be ${what}, got "${raw}"`);
  return value;
}
const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
const fraction = (n: number) => n >= 0 && n <= 1;
const UNITS: Record<string, number> = { '': 1, KiB: 1024, MiB: MIB, GiB: 1024 * MIB };

/** A size in bytes: `1048576`, `512KiB`, `64MiB`. */
function size(flag: string, raw: string): number {
  const match = /^(\d+)(KiB|MiB|GiB)?$/.exec(raw.trim());
  const value = match ? Number(match[1]) * UNITS[match[2] ?? '']! : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${flag} must be a size in bytes ≥ 1 (e.g. 1048576, 512KiB, 64MiB), got "${raw}"`);
  return value;
}

/** The value of every bound flag given, by its key. */
function bounds<K extends string>(values: Parsed, flags: Record<K, Flag>): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const [key, flag] of Object.entries(flags) as [K, Flag][]) {
    const raw = values[flag];
    if (typeof raw !== 'string') continue;
    out[key] = /bytes|total/.test(flag) ? size(flag, raw) : (number(flag, raw, whole(1), 'a whole number ≥ 1') as number);
  }
  return out;
}

/** What both mocks take: where to listen, which document, the edge, CORS. */
export function commonOptions(values: Parsed) {
  try {
    for (const origin of values.cors ?? []) if (origin !== '*') originOfUrl(origin, '--cors');
    if (values['public-url'] !== undefined) originOfUrl(values['public-url'], '--public-url');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const port = number('port', values.port, (n) => whole(0)(n) && n <= 65535, 'a port number from 0 to 65535');
  const limits = bounds(values, EDGE_FLAGS);
  const refusalStatus = number(
    'refusal-status',
    values['refusal-status'],
    (n) => (REFUSAL_STATUSES as readonly number[]).includes(n),
    REFUSAL_STATUSES.join(' or '),
  );
  return {
    ...(port !== undefined ? { port } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.at !== undefined ? { at: values.at } : {}),
    ...(values.document !== undefined ? { document: values.document } : {}),
    ...(values.watch ? { watch: true } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    ...(values.cors ? { cors: values.cors } : {}),
    ...(values['cors-credentials'] ? { corsCredentials: true } : {}),
    ...(values['public-url'] !== undefined ? { publicUrl: values['public-url'] } : {}),
    ...(refusalStatus !== undefined ? { refusalStatus: refusalStatus as RefusalStatus } : {}),
  };
}

export function sandboxOptions(values: Parsed): SandboxServerOptions {
  const options: SandboxServerOptions = {};
  const seed = number('seed', values.seed, whole(0), 'a whole number ≥ 0');
  if (seed !== undefined) options.seed = seed;
  if (values['api-key']) options.apiKeys = values['api-key'];
  const credits = number('credits', values.credits, (n) => n >= 0, 'a number ≥ 0');
  if (credits !== undefined) options.credits = credits;
  const maxBatch = number('max-batch', values['max-batch'], whole(1), 'a whole number ≥ 1');
  if (maxBatch !== undefined) options.plan = { maxBatchSize: maxBatch };
  const pendingMs = number('pending-ms', values['pending-ms'], (n) => n >= 0, 'milliseconds ≥ 0');
  const completeMs = number('complete-ms', values['complete-ms'], (n) => n >= 0, 'milliseconds ≥ 0');
  if (pendingMs !== undefined || completeMs !== undefined) {
    options.delays = {};
    if (pendingMs !== undefined) options.delays.pendingMs = pendingMs;
    if (completeMs !== undefined) options.delays.completeMs = completeMs;
  }
  const failureRate = number('failure-rate', values['failure-rate'], fraction, 'a share from 0 to 1');
  if (failureRate !== undefined) options.failureRate = failureRate;
  const latencyMs = number('latency-ms', values['latency-ms'], (n) => n >= 0, 'milliseconds ≥ 0');
  if (latencyMs !== undefined) options.latencyMs = latencyMs;
  const errorRate = number('error-rate', values['error-rate'], fraction, 'a share from 0 to 1');
  const errorStatus = number('error-status', values['error-status'], (n) => [429, 500, 503].includes(n), '429, 500 or 503');
  const slowMs = number('slow-ms', values['slow-ms'], (n) => n >= 0, 'milliseconds ≥ 0');
  if (errorRate !== undefined || errorStatus !== undefined || slowMs !== undefined) {
    options.faults = {};
    if (errorRate !== undefined) options.faults.errorRate = errorRate;
    if (errorStatus !== undefined) options.faults.status = errorStatus as ErrorStatus;
    if (slowMs !== undefined) options.faults.slowMs = slowMs;
  }
  if (values['no-fixtures']) options.fixtures = false;
  const budgets = bounds(values, BUDGET_FLAGS);
  if (Object.keys(budgets).length > 0) options.budgets = budgets;
  return options;
}
