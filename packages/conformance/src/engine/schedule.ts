// The order of a run's work after setup, and what overlaps. Two strands go together:
//  - the sequences of the stateful checks, one after another: first those that make generations, then
//    the others (reads, and waiting for the lifecycle to end); once they have all ended, the phases of
//    the operations a stateful check judges (its history reads them in the order they came, as a
//    recording of the run would be read: the sequences' own reads come first, as they always did):
//    the catalogues side by side, the others one after another (a listing is never in flight beside
//    the request that creates what it lists), each operation's own requests side by side as before;
//  - from the start, beside the sequences, the phases of the operations no stateful check judges and
//    that neither spend nor delete, a few side by side, each operation's phases in their order
//    (examples, coverage, auth, generated requests).
// The operations that delete go last, one after another, once everything else has ended: they must not
// take away what the others read (the fixtures). The workers bound the requests in flight, whatever
// overlaps (lanes.ts). A phase or a sequence that throws is noted and the run goes on; a stop ends every
// strand at its next step, and the run waits for all of them before it cleans up.
import type { OperationSpec } from '@mediagen/schema';
import { mapLimit } from '../plumbing/map-limit.js';
import type { PhaseContext } from './context.js';
import { runAuth } from './phases/auth.js';
import { runCoverage } from './phases/coverage.js';
import { runExamples } from './phases/examples.js';
import { runFuzzing } from './phases/fuzzing.js';
import type { PlannedSequence } from './plan.js';
import { checkPort, type RunParts } from './port.js';
import type { Profiler } from './profile.js';
import { RunStopped } from './stop.js';

export interface Schedule {
  parts: RunParts;
  context: PhaseContext;
  /** Throws RunStopped once the run was stopped. */
  check(): void;
  profiler?: Profiler;
  /** A reading after an operation's requests (under a cap). */
  checkpoint(operationId: string): Promise<void>;
  /** Why a cell no request reached is empty. */
  unexercised(op: OperationSpec): string;
}

/** Runs `fn` as part of the profile's `key`, when the run is profiled. */
export const spanned = <T>(profiler: Profiler | undefined, key: string, fn: () => Promise<T>): Promise<T> => (profiler ? profiler.span(key, fn) : fn());

const messageOf = (error: unknown) => (error as Error)?.message ?? String(error);

/** One operation's phases, in order; a phase that throws (a bug, a garbage answer) is noted, the run goes on. */
async function runOperation(s: Schedule, op: OperationSpec, index: number): Promise<void> {
  const phases = [
    ['examples', runExamples],
    ['coverage', runCoverage],
    ['auth', runAuth],
    ['fuzzing', (c: PhaseContext, o: OperationSpec) => runFuzzing(c, o, index)],
  ] as const;
  for (const [name, phase] of phases) {
    s.check();
    try {
      await spanned(s.profiler, `phase:${name}`, () => phase(s.context, op));
    } catch (error) {
      if (error instanceof RunStopped) throw error;
      s.parts.note(`${op.operationId}: a phase stopped: ${messageOf(error)}`);
    }
  }
}

/** The sequences of `plan`, one after another (a check that cannot run was skipped before). */
async function runSequences(s: Schedule, plan: readonly PlannedSequence[]): Promise<void> {
  const { parts, context, profiler } = s;
  for (const { check } of plan) {
    const sequence = check.sequence!;
    s.check();
    try {
      await spanned(profiler, 'phase:stateful', () => spanned(profiler, `sequence:${check.id}`, () => sequence(checkPort(parts, context, check.id))));
    } catch (error) {
      if (error instanceof RunStopped) throw error;
      parts.note(`${check.id}: the sequence stopped: ${messageOf(error)}`);
    }
    if (check.category === 'stateful') parts.emit({ type: 'stateful', check: check.id, ...parts.judge.recorder.checkProgress(check.id, parts.ops) });
  }
}

/** Waits for every strand; then throws the first stop (or bug) one of them ended with. */
async function together(strands: Promise<void>[]): Promise<void> {
  const ended = await Promise.allSettled(strands);
  const failed = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Everything after setup: the sequences that run (`plan`, skips already recorded) and every operation's phases. */
export async function runWork(s: Schedule, plan: readonly PlannedSequence[]): Promise<void> {
  const { ops, judge } = s.parts;
  // The order operations are reported in, and the index their generated requests' seeds derive from.
  const ordered = [
    ...ops.filter((op) => op.catalogue),
    ...ops.filter((op) => !op.catalogue && op.effect !== 'delete'),
    ...ops.filter((op) => op.effect === 'delete'),
  ];
  // Progress lines in that order, each as soon as the operations before it have ended.
  const ended = new Set<OperationSpec>();
  let reported = 0;
  const operation = async (op: OperationSpec) => {
    await spanned(s.profiler, `operation:${op.operationId}`, () => runOperation(s, op, ordered.indexOf(op)));
    await s.checkpoint(op.operationId);
    ended.add(op);
    while (reported < ordered.length && ended.has(ordered[reported]!)) {
      const next = ordered[reported++]!;
      s.parts.emit({ type: 'operation', operation: judge.recorder.operationReport(next, s.unexercised(next)) });
    }
  };
  const sequences = plan.filter((p) => p.skip === undefined && p.check.sequence);
  const spending = sequences.filter((p) => p.check.generations?.length);
  const judgedByHistory = (op: OperationSpec) => plan.some((p) => p.check.history !== undefined && p.check.appliesTo(op));
  const spends = (op: OperationSpec) => op.spendsCredits === true;
  const kept = ordered.filter((op) => op.effect !== 'delete');
  const beside = kept.filter((op) => !spends(op) && !judgedByHistory(op));
  const after = kept.filter((op) => !beside.includes(op));
  const sequenced = runSequences(s, spending).then(() =>
    runSequences(
      s,
      sequences.filter((p) => !spending.includes(p)),
    ),
  );
  await together([
    mapLimit(beside, s.parts.concurrency, operation),
    sequenced.then(() =>
      together([
        // The catalogues only read what no request of the run changes: they go side by side.
        mapLimit(
          after.filter((op) => op.catalogue),
          s.parts.concurrency,
          operation,
        ),
        // One after another, as a recording of the run is read: a listing is never in flight beside the request that creates what it lists.
        mapLimit(
          after.filter((op) => !op.catalogue),
          1,
          operation,
        ),
      ]),
    ),
  ]);
  for (const op of ordered.filter((o) => o.effect === 'delete')) await operation(op);
}
