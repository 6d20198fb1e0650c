// Polling until a resource settles: a generation until every media item is terminal, an uploaded
// asset until it leaves `pending`. One deadline covers the whole wait, requests included. The
// polling itself is in `lazy/poll.ts`, loaded on first use; these are its defaults (its options and
// results are in types.ts). The statuses are the contract's lists, from the schema package's util.
import { MEDIA_STATUSES as CONTRACT_MEDIA_STATUSES, TERMINAL_MEDIA_STATUSES } from '@mediagen/schema/util';

export const POLL_DEFAULTS = { intervalMs: 2_000, timeoutMs: 600_000, unknownStatusTimeoutMs: 30_000 } as const;
/** The shortest interval between polls: a poll loop must not hammer the API. A smaller `intervalMs` is raised to it. */
export const MIN_POLL_INTERVAL_MS = 250;

/** Media statuses after which an item no longer changes (`success`, `failed`, `censored`). */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(TERMINAL_MEDIA_STATUSES);
/** Every media status of the contract: the others are waited out only for `unknownStatusTimeoutMs`. */
export const MEDIA_STATUSES: ReadonlySet<string> = new Set(CONTRACT_MEDIA_STATUSES);
