// Where a run goes: a Prism mock or a sandbox it starts itself, or a server at a base URL. A host
// outside the loopback range is "live": read-only unless asked otherwise, with a credit budget.
import type { MockOptions, SandboxServerOptions } from '@mediagen/mock';
// The mock's edge only (its marker header): the mocks themselves, Prism's host and the sandbox, load when a
// run starts one or meets one, not with every command (`--help`, a run against a URL, the proxy).
import { MOCK_HEADER } from '@mediagen/mock/edge';
import { operations } from '@mediagen/schema';
import { type Exchange, requestFor } from '../model/exchange.js';
import { MOCK_RECOGNISED, type Mode, RunError, type TargetKind } from '../model/terms.js';
import { isLoopbackHost, resolvesToLoopback } from '../plumbing/loopback.js';
import type { Transport } from './transport.js';

export interface ResolvedTarget {
  baseUrl: string;
  kind: TargetKind;
  /** What the target said it is (`X-MediaGen-Mock`), when it said. */
  recognised?: string;
  /** Not on the loopback range (or declared live). */
  live: boolean;
  /** Keeps state between requests (stateful checks and pagination make sense). */
  stateful: boolean;
  /** Ids must exist on it (every real server; not Prism, which answers any id with an example). */
  realIds: boolean;
  /** Rejects a wrong key value, not only a missing one (Prism checks presence only). */
  checksKeyValue: boolean;
  apiKey: string;
  mode: Mode;
  stop(): Promise<void>;
}

export interface TargetOptions {
  baseUrl?: string;
  target?: 'prism' | 'sandbox';
  apiKey?: string;
  mode?: Mode;
  maxCredits?: number;
  /** Treat the base URL as live even on loopback (tests of the live safety rules). */
  live?: boolean;
  stateful?: boolean;
  checksKeyValue?: boolean;
  mock?: MockOptions;
  sandbox?: SandboxServerOptions;
}

/** The key used for Prism, which checks only that one is sent. */
export const PRISM_API_KEY = 'conformance-prism-key';

export function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RunError((name) => `${name('baseUrl')} ${JSON.stringify(value)} is not a URL (expected e.g. http://127.0.0.1:4010)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RunError((name) => `${name('baseUrl')} must be http or https, got ${url.protocol}`);
  return url;
}

/** Starts (or points at) the target. Throws RunError for options that cannot work. */
export async function resolveTarget(options: TargetOptions): Promise<ResolvedTarget> {
  if (options.baseUrl !== undefined) {
    const url = parseBaseUrl(options.baseUrl);
    const live = options.live ?? !(await resolvesToLoopback(url.hostname));
    // Full mode by default only on a literal loopback address: a name can be made to resolve anywhere.
    const mode: Mode = options.mode ?? (!live && isLoopbackHost(url.hostname) ? 'full' : 'read-only');
    // On loopback a key may be left out: a mock that checks only its presence (Prism) takes any.
    const apiKey = options.apiKey ?? (live ? undefined : PRISM_API_KEY);
    if (!apiKey) throw new RunError((name) => `an API key is needed for a live server: give ${name('apiKey')} (or MEDIAGEN_API_KEY)`);
    if (live && mode === 'full' && options.maxCredits === undefined) {
      throw new RunError((name) => `full mode against a live host (${url.host}) needs ${name('maxCredits')}: the most credits the run may spend`);
    }
    const stateful = options.stateful ?? mode === 'full';
    return {
      baseUrl: url.toString().replace(/\/+$/, ''),
      kind: 'remote',
      live,
      stateful,
      realIds: live || stateful,
      checksKeyValue: options.checksKeyValue ?? true,
      apiKey,
      mode,
      stop: async () => {},
    };
  }
  const kind = options.target ?? 'prism';
  const mode: Mode = options.mode ?? 'full';
  const mock = await import('@mediagen/mock');
  if (kind === 'sandbox') {
    const apiKey = options.apiKey ?? mock.SANDBOX_API_KEY;
    let sandbox: Awaited<ReturnType<typeof mock.startSandbox>>;
    try {
      sandbox = await mock.startSandbox({
        // A generous balance and short lifecycles: a full run makes dozens of generations.
        credits: 100_000,
        delays: { pendingMs: 50, completeMs: 150 },
        ...options.sandbox,
        apiKeys: options.sandbox?.apiKeys ?? [apiKey],
      });
    } catch (error) {
      throw new RunError(`could not start the sandbox: ${(error as Error).message}`);
    }
    return {
      baseUrl: sandbox.url,
      kind,
      live: false,
      stateful: options.stateful ?? true,
      realIds: true,
      checksKeyValue: options.checksKeyValue ?? true,
      apiKey,
      mode,
      stop: () => sandbox.stop(),
    };
  }
  let prism: Awaited<ReturnType<typeof mock.startMock>>;
  try {
    prism = await mock.startMock({ ...options.mock });
  } catch (error) {
    throw new RunError(`could not start the Prism mock: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    baseUrl: prism.url,
    kind: 'prism',
    live: false,
    stateful: options.stateful ?? false,
    realIds: false,
    checksKeyValue: options.checksKeyValue ?? false,
    apiKey: options.apiKey ?? PRISM_API_KEY,
    mode,
    stop: () => prism.stop(),
  };
}

export { MOCK_HEADER };

/**
 * Adapts a target given by URL to what it announced itself as (a media-mock), unless the user said
 * otherwise: Prism accepts any key and keeps no state; the sandbox keeps state and checks keys.
 * Returns the note to print, or undefined when the target did not announce itself.
 */
export function recogniseMock(target: ResolvedTarget, announced: string | undefined, options: TargetOptions): string | undefined {
  if (target.kind !== 'remote' || announced === undefined) return undefined;
  // A claim of the server is no reason to judge it less: a live origin that says it is a mock would
  // switch off the stateful checks and the spend guard's wait for charges. Only a mock on this machine is taken at its word.
  if (target.live)
    return `the server says it is a media-mock (${MOCK_HEADER}: ${announced.slice(0, 40)}), but it is not on this machine: it is judged as the live service (give --stateless for a mock served elsewhere)`;
  const kind = announced.trim().toLowerCase();
  if (kind === 'prism') {
    target.kind = 'prism';
    target.recognised = `${MOCK_RECOGNISED} (Prism)`;
    target.stateful = options.stateful ?? false;
    target.realIds = target.stateful;
    target.checksKeyValue = options.checksKeyValue ?? false;
    return 'recognised a media-mock serving Prism (X-MediaGen-Mock: prism): it accepts any key and keeps no state, so ignored_auth and the stateful checks are skipped';
  }
  if (kind === 'sandbox') {
    target.kind = 'sandbox';
    target.recognised = `${MOCK_RECOGNISED} (sandbox)`;
    return 'recognised a media-mock serving the sandbox (X-MediaGen-Mock: sandbox): stateful, keys checked';
  }
  return undefined;
}

/**
 * The first request of a run: is the target there, is it one of our mocks (then adapt, unless told
 * otherwise), and does it take the key. Throws RunError when the run cannot happen.
 */
export async function probeTarget(
  transport: Transport,
  target: ResolvedTarget,
  options: TargetOptions,
  note: (message: string) => void,
  body: unknown[],
  /** Each probe sent, with its answer (judged once the run knows its target). */
  sent: (exchange: Exchange) => void = () => {},
): Promise<Exchange> {
  // The probe is an estimate of a plain body: it spends nothing (or its cost is the first finding),
  // and its answer is the run's first reading of the balance.
  const probe = async () => {
    const exchange = await transport.send(
      requestFor(operations.estimateGeneration, { label: 'reachability probe (an estimate: the first balance reading)', body }),
    );
    sent(exchange);
    return exchange;
  };
  let exchange = await probe();
  if (exchange.status === 0) throw new RunError(`could not reach ${target.baseUrl}: ${exchange.error ?? 'no response'}`);
  const recognised = recogniseMock(target, exchange.headers?.[MOCK_HEADER], options);
  if (recognised) note(recognised);
  if (exchange.status === 401 && target.kind === 'sandbox' && options.apiKey === undefined) {
    // A media-mock sandbox with no key given: its documented default key.
    const { SANDBOX_API_KEY } = await import('@mediagen/mock');
    target.apiKey = SANDBOX_API_KEY;
    transport.useApiKey(SANDBOX_API_KEY);
    exchange = await probe();
  }
  if (exchange.status === 401)
    throw new RunError((name) => `${target.baseUrl} refused the API key (401): check the key (${name('apiKey')}, or MEDIAGEN_API_KEY)`);
  return exchange;
}
