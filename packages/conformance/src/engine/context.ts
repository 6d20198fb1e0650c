// The view of a run the phases (setup, examples, coverage, auth, fuzzing) work through: send and judge a
// request, make a generation within the budget, plan the stateful checks' credits, record a skip or a
// note. The engine builds it (run.ts); a phase never reaches the trackers behind it.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import type { MadeGeneration } from '../checks/port.js';
import type { Exchange } from '../model/exchange.js';
import type { Phase } from '../model/terms.js';
import type { Expectation } from '../model/verdict.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import type { Exercised, ExerciseOptions } from './exchanges.js';
import type { ResolvedTarget } from './target.js';

/** One kind of generation the run weighs estimate against charge on: a single-item body and what its estimate said. */
export interface GenerationKindCase {
  label: string;
  body: unknown[];
  estimated: number;
}

export interface PhaseContext {
  readonly target: ResolvedTarget;
  /** Creating, spending and deleting requests may be sent. */
  readonly writes: boolean;
  readonly strict: boolean;
  /** The run has a credit cap (--max-credits). */
  readonly capped: boolean;
  /** Filled in by the setup phase (in place). */
  readonly fixtures: Fixtures;
  readonly ops: readonly OperationSpec[];
  readonly seed: number;
  readonly maxExamples: number;
  readonly concurrency: number;
  selects(check: CheckId): boolean;
  exercise(c: RequestCase, phase: Phase, expect: Expectation, opts?: ExerciseOptions): Promise<Exercised>;
  raw(c: RequestCase): Promise<Exchange>;
  /** A generation of `items` items (drawn from the planner's credits), for a fixture or a deleting example. */
  makeGeneration(label: string, phase: Phase, items: number): Promise<MadeGeneration | { refused: string }>;
  /** Keeps `credits` for the stateful checks; false when the cap is below them. */
  plan(credits: number): boolean;
  /** The kinds of generation priced by the setup phase, cheapest first (phases/kinds.ts): the first is the run's first spend. */
  kinds: GenerationKindCase[];
  /** Why the stateful checks cannot run (set by the planner), once known. */
  statefulBlocked: string | undefined;
  skip(operationId: OperationId, check: CheckId, reason: string): void;
  skipAll(check: CheckId, reason: string): void;
  note(message: string): void;
}
