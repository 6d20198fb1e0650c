// The sandbox's knobs and their defaults, written once (SANDBOX_DEFAULTS): the CLI's help, the
// README's tables and the conformance suite read them from here. Every knob that adds randomness or
// failure is off by default; everything random is drawn from the seed. The budgets bound what the
// sandbox holds, whatever its clients send.
import type { ErrorStatus } from '@mediagen/schema';
import { DEFAULT_REFUSAL_STATUS, type RefusalStatus, refusalStatusOf } from '../validation/request.js';
import type { Catalogue } from './catalogue.js';

/** The X-API-KEY a sandbox accepts unless told others. */
export const SANDBOX_API_KEY = 'sandbox-key';

export interface SandboxFaults {
  /** Share (0..1) of API requests answered with `status` instead of being handled. Default 0. */
  errorRate?: number;
  /** Status of an injected fault: 429, 500 or 503 (default 503). 429 and 503 carry Retry-After: 1. */
  status?: ErrorStatus;
  /** A faulted request is held this long before its error answer (a slow failure). Default 0. */
  slowMs?: number;
}

/** What the sandbox holds at most. Past a budget a request is answered 503 `budget_exceeded` (413 for one upload too large). */
export interface SandboxBudgets {
  /** Largest file one upload URL takes, in bytes. */
  uploadBytes: number;
  /** Bytes of uploaded files held at once; archiving an asset frees its bytes. */
  uploadTotalBytes: number;
  /** Uploaded files held at once. */
  uploads: number;
  /** Generations, media, assets and characters held at once; deleting frees room. */
  records: number;
  /** Bytes of made media files kept to be served again (dropped ones are made anew, byte for byte). */
  fileCacheBytes: number;
}

const MIB = 1024 * 1024;

/** Every default of the sandbox, in one place. */
export const SANDBOX_DEFAULTS = Object.freeze({
  seed: 1,
  apiKeys: Object.freeze([SANDBOX_API_KEY]) as readonly string[],
  credits: 500,
  plan: Object.freeze({ name: 'sandbox', maxBatchSize: 4 }),
  delays: Object.freeze({ pendingMs: 1_000, completeMs: 3_000 }),
  failureRate: 0,
  latencyMs: 0,
  faults: Object.freeze({ errorRate: 0, status: 503 as ErrorStatus, slowMs: 0 }),
  fixtures: true,
  refusalStatus: DEFAULT_REFUSAL_STATUS,
  budgets: Object.freeze<SandboxBudgets>({
    uploadBytes: 32 * MIB,
    uploadTotalBytes: 128 * MIB,
    uploads: 1_000,
    records: 100_000,
    fileCacheBytes: 16 * MIB,
  }),
});

export interface SandboxOptions {
  /** Seed of every random choice (ids, failed media, faults). */
  seed?: number;
  /** Accepted `X-API-KEY` values. */
  apiKeys?: readonly string[];
  /** Starting credit balance. */
  credits?: number;
  /** The caller's plan: its batch maximum is checked on generate and estimate. */
  plan?: { name?: string; maxBatchSize: number };
  /** Media are `initiated` until `pendingMs` after creation, `pending` until `completeMs`, then final. */
  delays?: { pendingMs?: number; completeMs?: number };
  /** Share (0..1) of media that end `failed` instead of `success`. */
  failureRate?: number;
  /** Added to every API request, in milliseconds. */
  latencyMs?: number;
  faults?: SandboxFaults;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. Inject one to drive lifecycles in tests. */
  now?: () => number;
  /** Answer in the shapes of this API date (YYYY-MM-DD or `baseline`) and accept requests in them. Default: the newest. */
  at?: string;
  /**
   * Seed the resources the contract's examples name (assets `ast_01`, `ast_123abc`, `ast_imgxxxxx`,
   * `ast_vidxxxxx`, `ast_audxxxxx`; generation `gen_01` with media `media_01` and `img_01`), so every
   * documented request runs unchanged. They can be read and used, never overwritten.
   */
  fixtures?: boolean;
  /** Replace parts of the built-in catalogue. */
  catalogue?: Partial<Catalogue>;
  /** Raise or lower what the sandbox holds at most. */
  budgets?: Partial<SandboxBudgets>;
  /**
   * The status of a request the contract (or the account's checks) refuses: 422 (default) or 400.
   * Neither source says which the service answers; a live-like server answers 400. `err.code` is
   * `validation_error` either way, and `err.message` lists the issues.
   */
  refusalStatus?: RefusalStatus;
  /**
   * The origin its upload and media URLs start with (`http://host:port`). `startSandbox` sets its
   * own listening address (or `publicUrl`); in-process use defaults to `http://localhost`.
   */
  publicUrl?: string;
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
  budgets: SandboxBudgets;
  refusalStatus: RefusalStatus;
}

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

function resolveBudgets(budgets: Partial<SandboxBudgets> = {}): SandboxBudgets {
  const out = { ...SANDBOX_DEFAULTS.budgets };
  for (const [name, value] of Object.entries(budgets) as [keyof SandboxBudgets, number | undefined][]) {
    if (value === undefined) continue;
    if (!Object.hasOwn(SANDBOX_DEFAULTS.budgets, name)) throw new RangeError(`unknown budget "${name}"`);
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`budgets.${name} must be a whole number ≥ 1, got ${value}`);
    out[name] = value;
  }
  return out;
}

/** Fills in defaults and rejects out-of-range knobs with a RangeError naming the knob. */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const defaults = SANDBOX_DEFAULTS;
  const pendingMs = millis('delays.pendingMs', options.delays?.pendingMs, defaults.delays.pendingMs);
  const completeMs = millis('delays.completeMs', options.delays?.completeMs, Math.max(defaults.delays.completeMs, pendingMs));
  if (completeMs < pendingMs) throw new RangeError(`delays.completeMs (${completeMs}) must not be below delays.pendingMs (${pendingMs})`);
  const maxBatchSize = options.plan?.maxBatchSize ?? defaults.plan.maxBatchSize;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new RangeError(`plan.maxBatchSize must be a whole number ≥ 1, got ${maxBatchSize}`);
  const credits = options.credits ?? defaults.credits;
  if (!Number.isFinite(credits) || credits < 0) throw new RangeError(`credits must be ≥ 0, got ${credits}`);
  const apiKeys = options.apiKeys ?? defaults.apiKeys;
  if (apiKeys.length === 0) throw new RangeError('apiKeys must name at least one key');
  const status = options.faults?.status ?? defaults.faults.status;
  if (![429, 500, 503].includes(status)) throw new RangeError(`faults.status must be 429, 500 or 503, got ${status}`);
  return {
    seed: (options.seed ?? defaults.seed) >>> 0,
    apiKeys,
    credits,
    plan: { name: options.plan?.name ?? defaults.plan.name, maxBatchSize },
    pendingMs,
    completeMs,
    failureRate: share('failureRate', options.failureRate),
    latencyMs: millis('latencyMs', options.latencyMs, defaults.latencyMs),
    faults: {
      errorRate: share('faults.errorRate', options.faults?.errorRate),
      status,
      slowMs: millis('faults.slowMs', options.faults?.slowMs, defaults.faults.slowMs),
    },
    now: options.now ?? Date.now,
    fixtures: options.fixtures ?? defaults.fixtures,
    budgets: resolveBudgets(options.budgets),
    refusalStatus: refusalStatusOf(options.refusalStatus),
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
