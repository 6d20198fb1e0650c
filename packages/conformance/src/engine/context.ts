// The narrow view of a run that checks and phases work through: send and judge a request, record a
// verdict or a skip, spend within the budget, read the fixtures and the target. The engine's Run
// implements it; nothing here imports the engine, so a check never reaches back into it.
import type { OperationSpec } from '@mediagen/schema';
import type { RequestCase } from '../checks/cases.js';
import type { Expectation, Verdict } from '../checks/verdict.js';
import type { BudgetTracker } from './budget.js';
import type { Fixtures } from './fixtures.js';
import type { AuthMode, Exchange } from './http.js';
import type { ResolvedTarget } from './target.js';
import type { Failure, Mode, Outcome, Phase } from './terms.js';

export interface ExerciseOptions {
  record?: 'all' | 'passes';
  auth?: AuthMode;
  shrunk?: Failure['shrunk'];
  /** Draws on the planner's reservation (a generation for the stateful checks). */
  planned?: boolean;
}

export interface Exercised {
  exchange: Exchange;
  failed: boolean;
  verdicts: Verdict[];
  /** Set when a request that can spend was not sent (the budget, or an estimate refused). */
  refused?: string;
}

export interface RunContext {
  readonly target: ResolvedTarget;
  readonly mode: Mode;
  /** Creating, spending and deleting requests may be sent. */
  readonly writes: boolean;
  readonly strict: boolean;
  /** Filled in by the setup phase (in place). */
  readonly fixtures: Fixtures;
  readonly ops: readonly OperationSpec[];
  readonly budget: BudgetTracker;
  readonly options: { lifecycleTimeoutMs?: number };
  /** Whether a check id is selected for this run. */
  selects(check: string): boolean;
  /** Sends one request and judges it with every check that applies. */
  exercise(c: RequestCase, phase: Phase, expect: Expectation, opts?: ExerciseOptions): Promise<Exercised>;
  /** Sends a request without judging it (polling, side reads). */
  raw(c: RequestCase, auth?: AuthMode): Promise<Exchange>;
  /** A generation within the budget; the exchange, or why it was not sent. */
  generate(c: RequestCase, phase: Phase, expect?: Expectation, planned?: boolean): Promise<{ exchange?: Exchange; refused?: string }>;
  /** A generation of `items` items for a sequence (planned); its ids, or why not. */
  makeGeneration(label: string, phase: Phase, items?: number): Promise<{ generationId: string; mediaIds: string[] } | { refused: string }>;
  /** A verdict from a sequence, with the exchange that decided it. */
  judge(operationId: string, check: string, ok: boolean, message: string, phase: Phase, exchange?: Exchange): void;
  skip(operationId: string, check: string, reason: string): void;
  skipAll(check: string, reason: string): void;
  note(message: string): void;
  /** A progress line of a sequence check. */
  emit(event: { type: 'stateful'; check: string; outcome: Outcome; detail: string }): void;
}

/** What the per-operation phases and the setup need beyond a check's view. */
export interface PhaseContext extends RunContext {
  readonly seed: number;
  readonly maxExamples: number;
  readonly concurrency: number;
  /** Makes names the run creates unique (characters). */
  readonly runTag: string;
  /** Why the stateful checks cannot run (the planner found the budget too small), once known. */
  statefulBlocked: string | undefined;
}
