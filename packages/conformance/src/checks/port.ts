// The narrow door a sequence check works through: send a request (judged by every response check, or
// raw), make a generation within the budget, assert a rule, skip a cell, note, report progress. The
// engine implements it; a check never sees the engine's trackers, its budget or its recorder.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { Exchange } from '../model/exchange.js';
import type { Phase } from '../model/terms.js';
import type { Assertion, Expectation } from '../model/verdict.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';

/** What a check may know of the target. */
export interface TargetView {
  readonly live: boolean;
  readonly stateful: boolean;
  /** The target is one of our mocks (built from the contract: verdicts show self-consistency only). */
  readonly mock: boolean;
}

export type Recorded = 'held' | 'failed' | 'confirmed' | 'refuted';

export interface Sent {
  exchange: Exchange;
  /** Set when a request that can spend was not sent (the budget said no): why. */
  refused?: string;
}

export interface MadeGeneration {
  generationId: string;
  mediaIds: string[];
}

export interface CheckPort {
  readonly target: TargetView;
  readonly fixtures: Readonly<Fixtures>;
  /** The operations this run covers. */
  readonly ops: readonly OperationSpec[];
  /** How long a sequence may wait for media to finish. */
  readonly lifecycleTimeoutMs: number;
  /** Whether a check id is selected for this run. */
  selects(check: string): boolean;
  /** Sends a request and judges the response with every response check (phase `stateful`). */
  send(c: RequestCase, expect?: Expectation): Promise<Sent>;
  /** Sends a request without judging it (polling, side reads). */
  raw(c: RequestCase): Promise<Exchange>;
  /** A generation of `items` items for a sequence, within the budget; its ids, or why not. */
  makeGeneration(label: string, items: number): Promise<MadeGeneration | { refused: string }>;
  /** The credits the account holds now, from the API's own answer; or why it cannot be read. */
  balance(label: string): Promise<{ credits: number; exchange: Exchange } | { unknown: string }>;
  /**
   * An assertion of a sequence on one operation's cell, with the exchange that decided it: an
   * obligation `held` or `failed`, an assumption `confirmed` or `refuted` (a failure under --strict).
   */
  assert(operationId: OperationId, check: string, assertion: Assertion, exchange?: Exchange): Recorded;
  skip(operationId: OperationId, check: string, reason: string): void;
  skipAll(check: string, reason: string): void;
  note(message: string): void;
  /** The progress line a sequence ends with. */
  progress(check: string, outcome: 'passed' | 'failed' | 'skipped', detail: string): void;
}

export type { Phase };
