// The sandbox's knobs and their defaults. Every knob that adds randomness or failure is off by
// default; everything random is drawn from the seed.
import type { ErrorStatus } from '@mediagen/schema';
import type { Catalogue } from './catalogue.js';

export interface SandboxFaults {
  /** Share (0..1) of API requests answered with `status` instead of being handled. Default 0. */
  errorRate?: number;
  /** Status of an injected fault: 429, 500 or 503 (default 503). 429 and 503 carry Retry-After: 1. */
  status?: ErrorStatus;
  /** A faulted request is held this long before its error answer (a slow failure). Default 0. */
  slowMs?: number;
}

export interface SandboxOptions {
  /** Seed of every random choice (ids, failed media, faults). Default 1. */
  seed?: number;
  /** Accepted `X-API-KEY` values. Default `['sandbox-key']`. */
  apiKeys?: readonly string[];
  /** Starting credit balance. Default 500. */
  credits?: number;
  /** The caller's plan: its batch maximum is checked on generate and estimate. Default `{ name: 'sandbox', maxBatchSize: 4 }`. */
  plan?: { name?: string; maxBatchSize: number };
  /** Media are `initiated` until `pendingMs` after creation, `pending` until `completeMs`, then final. Defaults 1000 and 3000. */
  delays?: { pendingMs?: number; completeMs?: number };
  /** Share (0..1) of media that end `failed` instead of `success`. Default 0. */
  failureRate?: number;
  /** Added to every API request, in milliseconds. Default 0. */
  latencyMs?: number;
  faults?: SandboxFaults;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. Inject one to drive lifecycles in tests. */
  now?: () => number;
  /** Answer in the shapes of this API date (YYYY-MM-DD or `baseline`) and accept requests in them. Default: the newest. */
  at?: string;
  /**
   * Seed the resources the contract's examples name (assets `ast_01`, `ast_123abc`, `ast_imgxxxxx`,
   * `ast_vidxxxxx`, `ast_audxxxxx`; generation `gen_01` with media `media_01` and `img_01`), so every
   * documented request runs unchanged. Default true.
   */
  fixtures?: boolean;
  /** Replace parts of the built-in catalogue. */
  catalogue?: Partial<Catalogue>;
}

export interface ResolvedOptions {
  seed: number;
  apiKeys: readonly string[];
  credits: number;
  plan: { name: string; maxBatchSize: number };
  pendingMs: number;
  completeMs: number;
  failureRate: number;
  latencyMs: number;
  faults: { errorRate: number; status: ErrorStatus; slowMs: number };
  now: () => number;
  fixtures: boolean;
}

export const DEFAULT_API_KEY = 'sandbox-key';

const share = (name: string, value: number | undefined): number => {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`${name} must be between 0 and 1, got ${value}`);
  return v;
};
const millis = (name: string, value: number | undefined, fallback: number): number => {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
  return v;
};

/** Fills in defaults and rejects out-of-range knobs with a RangeError naming the knob. */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const pendingMs = millis('delays.pendingMs', options.delays?.pendingMs, 1000);
  const completeMs = millis('delays.completeMs', options.delays?.completeMs, Math.max(3000, pendingMs));
  if (completeMs < pendingMs) throw new RangeError(`delays.completeMs (${completeMs}) must not be below delays.pendingMs (${pendingMs})`);
  const maxBatchSize = options.plan?.maxBatchSize ?? 4;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new RangeError(`plan.maxBatchSize must be a whole number ≥ 1, got ${maxBatchSize}`);
  const credits = options.credits ?? 500;
  if (!Number.isFinite(credits) || credits < 0) throw new RangeError(`credits must be ≥ 0, got ${credits}`);
  const apiKeys = options.apiKeys ?? [DEFAULT_API_KEY];
  if (apiKeys.length === 0) throw new RangeError('apiKeys must name at least one key');
  const status = options.faults?.status ?? 503;
  if (![429, 500, 503].includes(status)) throw new RangeError(`faults.status must be 429, 500 or 503, got ${status}`);
  return {
    seed: (options.seed ?? 1) >>> 0,
    apiKeys,
    credits,
    plan: { name: options.plan?.name ?? 'sandbox', maxBatchSize },
    pendingMs,
    completeMs,
    failureRate: share('failureRate', options.failureRate),
    latencyMs: millis('latencyMs', options.latencyMs, 0),
    faults: {
      errorRate: share('faults.errorRate', options.faults?.errorRate),
      status,
      slowMs: millis('faults.slowMs', options.faults?.slowMs, 0),
    },
    now: options.now ?? Date.now,
    fixtures: options.fixtures ?? true,
  };
}

/** A clock tests can drive: `now()` for the sandbox, `advance(ms)` to move time on. */
export function manualClock(startMs = Date.UTC(2025, 5, 1)): { now: () => number; advance: (ms: number) => number; set: (ms: number) => void } {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => (current += ms),
    set: (ms) => {
      current = ms;
    },
  };
}
