// media-mock: serve a mock of the RenderNet (Affogato) media-generation API on the loopback
// interface, Prism by default or the stateful sandbox with --stateful, until SIGINT, SIGTERM or
// SIGHUP (a closed terminal). One log line per request unless --quiet.
// Exit codes: 0 stopped by a signal (or --help); 1 the mock stopped on its own; 2 bad usage, or the
// mock could not start (port taken, document missing, Prism failed).
import { MockError } from '../core/errors.js';
import { type RequestLogEntry, requestLine } from '../edge/server.js';
import { startMock } from '../prism/index.js';
import { SANDBOX_DEFAULTS } from '../sandbox/options.js';
import { startSandbox } from '../sandbox/server.js';
import { commonOptions, parse, sandboxOptions, USAGE, UsageError } from './args.js';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * A stopping signal, listened for from the start: one that comes while the mock is still starting is
 * kept, and the mock stops as soon as it is up (no window where a signal kills it half-started,
 * leaving a Prism child behind). `until(ended)` resolves on the signal or on `ended`.
 */
function listenForStop(): { until(ended: Promise<unknown>): Promise<'signal' | 'ended'>; dispose(): void } {
  let signalled!: () => void;
  const stopped = new Promise<'signal'>((resolve) => {
    signalled = () => resolve('signal');
  });
  const onSignal = () => {
    dispose();
    signalled();
  };
  const dispose = () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return { until: (ended) => Promise.race([stopped, ended.then(() => 'ended' as const)]), dispose };
}

async function serve(argv: string[], io: Io): Promise<number> {
  const values = parse(argv);
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const stop = listenForStop();
  try {
    return await serveUntilStopped(values, io, stop.until);
  } finally {
    stop.dispose();
  }
}

async function serveUntilStopped(
  values: ReturnType<typeof parse>,
  io: Io,
  untilStopped: (ended: Promise<unknown>) => Promise<'signal' | 'ended'>,
): Promise<number> {
  const common = commonOptions(values);
  const log = values.quiet ? {} : { onRequest: (entry: RequestLogEntry) => io.out(requestLine(entry)) };
  const onReload = (message: string) => io.err(`media-mock: ${message}`);

  if (values.stateful) {
    const options = { ...sandboxOptions(values), ...common, ...log, onReload };
    const sandbox = await startSandbox(options);
    // The default key is public; keys the user gave are never printed.
    const given = options.apiKeys?.length;
    const keys = given ? `the ${given === 1 ? 'key' : `${given} keys`} given with --api-key` : SANDBOX_DEFAULTS.apiKeys.join(' or ');
    io.out(`media-mock: sandbox${sandbox.version ? ` (API as of ${sandbox.version})` : ''} listening on ${sandbox.url} (X-API-KEY: ${keys})`);
    await untilStopped(new Promise(() => {}));
    await sandbox.stop();
    return 0;
  }

  const mock = await startMock({
    ...common,
    ...log,
    dynamic: values.dynamic ?? false,
    ...(values.verbose ? { onOutput: (line: string) => io.out(line) } : {}),
    onRestart: (reason: string) => io.err(`media-mock: ${reason}; restarting it`),
    onReload,
  });
  const what = mock.version === 'latest' ? 'newest document' : mock.version === 'custom' ? mock.document : `API as of ${mock.version}`;
  io.out(`media-mock: Prism (${what}) listening on ${mock.url}`);
  const how = await untilStopped(mock.exited);
  if (how === 'ended') {
    const { code, signal, reason } = await mock.exited;
    io.err(`media-mock: ${reason ?? `Prism stopped on its own (${signal ?? `exit code ${code}`})`}`);
    return 1;
  }
  await mock.stop();
  return 0;
}

/** Runs the CLI; resolves with the exit code. */
export async function main(argv: string[], io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  try {
    return await serve(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`media-mock: ${error.message}`);
      io.err('');
      io.err(USAGE);
      return 2;
    }
    io.err(`media-mock: ${error instanceof MockError ? error.message : ((error as Error)?.message ?? String(error))}`);
    return 2;
  }
}
