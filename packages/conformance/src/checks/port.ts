// The narrow door a sequence works through: send requests (each judged like every other exchange of
// the run, its expectation inferred when not given), make a generation within the budget, read the
// balance, skip its own cells, note. The engine builds one door per check, bound to that check, so a
// sequence names no check id; it never sees the engine's trackers, its budget or its recorder, and it
// asserts nothing: what its requests show is judged from the history by its check.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { Exchange } from '../model/exchange.js';
import type { Phase } from '../model/terms.js';
import type { Expectation } from '../model/verdict.js';
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
  /**
   * Sends a request (phase `stateful`); its answer is judged, with `expect` or the one inferred from the
   * history. `planned`: a generation the check declared (its `generations`), drawn from the credits the
   * planner kept for it, not admitted beside them.
   */
  send(c: RequestCase, expect?: Expectation, options?: { planned?: boolean }): Promise<Sent>;
  /** A generation of `items` items for a sequence, within the budget; its ids, or why not. */
  makeGeneration(label: string, items: number): Promise<MadeGeneration | { refused: string }>;
  /** The credits the account holds now, from the API's own answer (judged too); or why it cannot be read. */
  balance(label: string): Promise<{ credits: number; exchange: Exchange } | { unknown: string }>;
  /** Skips this check's cell of one operation. */
  skip(operationId: OperationId, reason: string): void;
  /** Skips every cell of this check. */
  skipAll(reason: string): void;
  note(message: string): void;
}

export type { Phase };
