#!/usr/bin/env node
// media-mock: serve a mock of the RenderNet (Affogato) media-generation API on the loopback
// interface, Prism by default or the stateful sandbox with --stateful, until SIGINT or SIGTERM.
// Exit codes: 0 stopped by a signal (or --help); 1 the mock stopped on its own; 2 bad usage, or the
// mock could not start (port taken, document missing, Prism failed).
import { parseArgs } from 'node:util';
import type { ErrorStatus } from '@mediagen/schema';
import { MockError } from './errors.js';
import { startMock } from './prism/index.js';
import { type SandboxServerOptions, startSandbox } from './sandbox/server.js';

const USAGE = `Usage: media-mock [options]

Serves a mock of the RenderNet (Affogato) media-generation API on 127.0.0.1 until stopped
(Ctrl-C). Send the API key in the X-API-KEY header.

Modes:
  (default)                 Prism on the contract's OpenAPI document: validates each request
                            and answers the documented example
  --stateful                the stateful sandbox: keeps generations, media, assets, characters
                            and credits in memory; media finish over time

Options:
  -p, --port <n>            port to listen on (default: a free one, printed at start)
      --host <addr>         address to bind (default 127.0.0.1)
  -d, --dynamic             Prism only: generate responses from the schemas, not the examples
      --at <date>           answer as the API did on this date (YYYY-MM-DD or "baseline")
      --verbose             print every request (Prism: its own log)
  -h, --help                show this help

Sandbox knobs (need --stateful):
      --seed <n>            seed of every random choice (default 1)
      --api-key <key>       an accepted X-API-KEY; repeat for several (default sandbox-key)
      --credits <n>         starting credit balance (default 500)
      --max-batch <n>       batch_size maximum of the plan (default 4)
      --pending-ms <ms>     media turn pending this long after creation (default 1000)
      --complete-ms <ms>    media finish this long after creation (default 3000)
      --failure-rate <x>    share 0..1 of media that end failed (default 0)
      --latency-ms <ms>     delay added to every request (default 0)
      --error-rate <x>      share 0..1 of requests answered with --error-status (default 0)
      --error-status <n>    status of injected faults: 429, 500 or 503 (default 503)
      --slow-ms <ms>        faulted requests are held this long first (default 0)
      --no-fixtures         start without the resources the documented examples name

Exit codes:
  0  stopped by SIGINT or SIGTERM, or --help
  1  the mock stopped on its own
  2  bad usage, or the mock could not start (port in use, document missing, Prism failed)
`;

class UsageError extends Error {}

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  dynamic: { type: 'boolean', short: 'd' },
  at: { type: 'string' },
  stateful: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
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
} as const;

const SANDBOX_ONLY = Object.keys(OPTIONS).filter(
  (name) => !['port', 'host', 'dynamic', 'at', 'stateful', 'verbose', 'help'].includes(name),
) as (keyof typeof OPTIONS)[];

function number(flag: string, raw: string | undefined, check: (n: number) => boolean, what: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value)) throw new UsageError(`--${flag} must be ${what}, got "${raw}"`);
  return value;
}
const whole = (min: number) => (n: number) => Number.isInteger(n) && n >= min;
const fraction = (n: number) => n >= 0 && n <= 1;

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>['values'];

function parse(argv: string[]): Parsed {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // parseArgs' messages are long and mention its own option syntax; keep the first sentence.
    throw new UsageError((error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''));
  }
}

function sandboxOptions(values: Parsed): SandboxServerOptions {
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
  return options;
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Waits for SIGINT or SIGTERM, or for `ended` (the mock stopping on its own). */
function untilStopped(ended: Promise<unknown>): Promise<'signal' | 'ended'> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve('signal');
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    void ended.then(() => resolve('ended'));
  });
}

/** Runs the CLI; resolves with the exit code. */
async function main(argv: string[], io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  let values: Parsed;
  try {
    values = parse(argv);
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (values.stateful && values.dynamic) throw new UsageError('--dynamic is for Prism; the sandbox (--stateful) answers from its own state');
    if (!values.stateful) {
      const knob = SANDBOX_ONLY.find((name) => values[name] !== undefined);
      if (knob) throw new UsageError(`--${knob} is a sandbox knob: add --stateful`);
    }
    const port = number('port', values.port, (n) => whole(0)(n) && n <= 65535, 'a port number from 0 to 65535');
    const common = {
      ...(port !== undefined ? { port } : {}),
      ...(values.host !== undefined ? { host: values.host } : {}),
      ...(values.at !== undefined ? { at: values.at } : {}),
    };

    if (values.stateful) {
      const options: SandboxServerOptions = { ...sandboxOptions(values), ...common };
      if (values.verbose) options.onRequest = ({ method, path, status, ms }) => io.out(`${method} ${path} → ${status} (${ms.toFixed(1)} ms)`);
      const sandbox = await startSandbox(options);
      const keys = options.apiKeys ?? ['sandbox-key'];
      io.out(`media-mock: sandbox${sandbox.version ? ` (API as of ${sandbox.version})` : ''} listening on ${sandbox.url} (X-API-KEY: ${keys.join(' or ')})`);
      await untilStopped(new Promise(() => {}));
      await sandbox.stop();
      return 0;
    }

    const mock = await startMock({
      ...common,
      dynamic: values.dynamic ?? false,
      ...(values.verbose ? { onOutput: (line: string) => io.out(line) } : {}),
      onRestart: (reason: string) => io.err(`media-mock: ${reason}; restarting it`),
    });
    io.out(`media-mock: Prism (${mock.version === 'latest' ? 'newest document' : `API as of ${mock.version}`}) listening on ${mock.url}`);
    const how = await untilStopped(mock.exited);
    if (how === 'ended') {
      const { code, signal, reason } = await mock.exited;
      io.err(`media-mock: ${reason ?? `Prism stopped on its own (${signal ?? `exit code ${code}`})`}`);
      return 1;
    }
    await mock.stop();
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`media-mock: ${error.message}`);
      io.err('');
      io.err(USAGE);
      return 2;
    }
    if (error instanceof MockError) {
      io.err(`media-mock: ${error.message}`);
      return 2;
    }
    io.err(`media-mock: ${(error as Error)?.message ?? String(error)}`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  () => process.exit(2),
);
