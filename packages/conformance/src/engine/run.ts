// The run: it only schedules. Order: reach the target (the probe), read the balance, set up (the
// catalogue, the planner, the fixtures), run the stateful sequences (the planner's credits are theirs),
// then per operation the examples, the hand-written cases, the auth checks and the generated requests;
// finally, whatever ended the run, everything created is deleted under cleanup's own deadline and the
// record is returned for the report layer.
import { type OperationSpec, operationList } from '@mediagen/schema';
import { CHECKS, type CheckId } from '../checks/catalog.js';
import { Judge } from '../judging/judge.js';
import { emptyFixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { type RunBudgets, resolveBudgets } from './budgets.js';
import { CleanupRegistry } from './cleanup.js';
import type { PhaseContext } from './context.js';
import { Exchanges } from './exchanges.js';
import { createKeyMasker, maskExchange } from './mask.js';
import type { ConformanceOptions } from './options.js';
import { runAuth } from './phases/auth.js';
import { runCoverage } from './phases/coverage.js';
import { runExamples } from './phases/examples.js';
import { runFuzzing } from './phases/fuzzing.js';
import { runSetup } from './phases/setup.js';
import { sequencePlan } from './plan.js';
import { isSafe, READ_ONLY } from './policy.js';
import { checkPort, phaseContext, type RunParts } from './port.js';
import { Profiler } from './profile.js';
import { containRecorders } from './recording.js';
import { Spending } from './spending.js';
import { RunStopped } from './stop.js';
import { probeTarget, type ResolvedTarget } from './target.js';
import { Transport } from './transport.js';
import type { RunRecord, Stopped, TargetInfo } from './types.js';
import { versioningAt } from './versioning.js';

/** What stops a run early: a signal, its deadline, or a target that stopped answering. */
function stopper(budgets: RunBudgets, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let stopped: Stopped | undefined;
  const stop = (why: Stopped) => {
    stopped ??= why;
    controller.abort(why.reason);
  };
  const timer = setTimeout(
    () => stop({ by: 'deadline', reason: `the run's deadline of ${Math.round(budgets.deadlineMs / 1000)} s (--deadline) passed` }),
    budgets.deadlineMs,
  );
  timer.unref?.();
  const onSignal = () => stop({ by: 'signal', reason: String(signal?.reason ?? 'interrupted') });
  if (signal?.aborted) onSignal();
  else signal?.addEventListener('abort', onSignal, { once: true });
  let silent = 0;
  return {
    signal: controller.signal,
    get stopped() {
      return stopped;
    },
    answered(answered: boolean) {
      silent = answered ? 0 : silent + 1;
      if (silent >= budgets.maxSilentInARow)
        stop({ by: 'silence', reason: `${silent} requests in a row got no answer (--max-silent ${budgets.maxSilentInARow}): the target is not answering` });
    },
    /** Throws when the run was stopped: phases end at their next request. */
    check() {
      if (stopped) throw new RunStopped(stopped);
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onSignal);
    },
  };
}

function targetInfo(target: ResolvedTarget, strict: boolean): TargetInfo {
  return {
    baseUrl: target.baseUrl,
    kind: target.kind,
    live: target.live,
    stateful: target.stateful,
    mode: target.mode,
    strict,
    ...(target.recognised ? { recognised: target.recognised } : {}),
  };
}

/** Runs `fn` as part of the profile's `key`, when the run is profiled. */
const spanned = <T>(profiler: Profiler | undefined, key: string, fn: () => Promise<T>): Promise<T> => (profiler ? profiler.span(key, fn) : fn());

/** One operation's phases; a phase that throws (a bug, a garbage answer) is noted, the run goes on. */
async function runOperation(
  context: PhaseContext,
  op: OperationSpec,
  index: number,
  stop: ReturnType<typeof stopper>,
  note: (m: string) => void,
  profiler?: Profiler,
) {
  const phases = [
    ['examples', runExamples],
    ['coverage', runCoverage],
    ['auth', runAuth],
    ['fuzzing', (c: PhaseContext, o: OperationSpec) => runFuzzing(c, o, index)],
  ] as const;
  for (const [name, phase] of phases) {
    stop.check();
    try {
      await spanned(profiler, `phase:${name}`, () => phase(context, op));
    } catch (error) {
      if (error instanceof RunStopped) throw error;
      note(`${op.operationId}: a phase stopped: ${(error as Error)?.message ?? String(error)}`);
    }
  }
}

/** Runs every selected check against a resolved target; the record of what happened, masked. */
export async function runEngine(target: ResolvedTarget, options: ConformanceOptions, selection: readonly CheckId[]): Promise<RunRecord> {
  const started = Date.now();
  const profiler = options.profile ? new Profiler() : undefined;
  const budgets = resolveBudgets(options.budgets);
  const stop = stopper(budgets, options.signal);
  const masker = createKeyMasker([target.apiKey, options.apiKey]);
  const notes: string[] = [];
  const emit: RunParts['emit'] = (event) => options.onEvent?.(masker.json(event));
  const note = (message: string) => {
    const masked = masker.text(message);
    notes.push(masked);
    emit({ type: 'note', message: masked });
  };
  const recorders = containRecorders(options.recorders ?? [], note);
  const transport = new Transport({
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    timeoutMs: budgets.timeoutMs,
    maxAnswerBytes: budgets.maxAnswerBytes,
    retries429: 3,
    signal: stop.signal,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    onExchange: (exchange) => {
      if (recorders.active) recorders.record(maskExchange(masker, exchange));
    },
  });
  const versioning = versioningAt(options.at);
  const selected = new Set(selection);
  const strict = options.strict ?? false;
  const lifecycleTimeoutMs = options.lifecycleTimeoutMs ?? 30_000;
  const judge = new Judge({
    selected: selection,
    strict,
    judgedAt: versioning.at,
    pagination: target.stateful,
    stateful: target.stateful,
    ownsBalance: true,
    lifecycleWaitMs: lifecycleTimeoutMs,
    baseUrl: target.baseUrl,
    mask: masker.text,
    ...(profiler ? { clock: profiler } : {}),
  });
  const fixtures = emptyFixtures(false, `${options.seed ?? 1}_${Date.now().toString(36)}`);
  const cleanup = new CleanupRegistry();
  let exchanges: Exchanges;
  // What the spend guard sends (balance readings, prices) is all estimates: its time is the profile's balance readings.
  const spending = new Spending(
    options.maxCredits,
    (c) => (profiler ? profiler.waiting('balanceReadings', () => exchanges.wire(c)) : exchanges.wire(c)),
    fixtures,
  );
  exchanges = new Exchanges({
    transport,
    masker,
    target,
    fixtures,
    judge,
    spending,
    cleanup,
    versioning,
    lifecycleTimeoutMs,
    onAnswer: (answered) => stop.answered(answered),
    ...(profiler ? { profiler } : {}),
  });
  const ops = operationList.filter((op) => !options.operations?.length || options.operations.includes(op.operationId));
  const parts: RunParts = {
    target,
    fixtures,
    ops,
    selected,
    exchanges,
    spending,
    judge,
    strict,
    seed: options.seed ?? 1,
    maxExamples: options.maxExamples ?? 50,
    concurrency: options.workers ?? (target.live ? 2 : 6),
    lifecycleTimeoutMs,
    mask: masker.text,
    note,
    emit,
  };
  const context = phaseContext(parts);
  const unexercised = (op: OperationSpec) => (!isSafe(op) && target.mode !== 'full' ? READ_ONLY : 'not exercised by this run');
  try {
    const probe = await spanned(profiler, 'phase:probe', () => probeTarget(transport, target, options, note, [baseItem(fixtures)]));
    profiler?.request('probe', probe.request.operationId, probe.durationMs);
    judge.retarget({ stateful: target.stateful, pagination: target.stateful });
    emit({ type: 'start', target: targetInfo(target, strict) });
    await spending.readings.start(probe);
    await spanned(profiler, 'phase:setup', () => runSetup(context));
    // Without a balance from the probe (its plain body may name a model the target lacks), read it now with a listed one.
    await spending.readings.start();
    const plan = sequencePlan(target, context.statefulBlocked, selected);
    for (const { check, skip } of plan) if (skip) context.skipAll(check.id, skip);
    for (const { check, skip } of plan) {
      if (skip !== undefined || !check.sequence) continue;
      stop.check();
      try {
        const sequence = check.sequence;
        await spanned(profiler, 'phase:stateful', () => spanned(profiler, `sequence:${check.id}`, () => sequence(checkPort(parts, context, check.id))));
      } catch (error) {
        if (error instanceof RunStopped) throw error;
        note(`${check.id}: the sequence stopped: ${(error as Error)?.message ?? String(error)}`);
      }
      if (check.category === 'stateful') emit({ type: 'stateful', check: check.id, ...judge.recorder.checkProgress(check.id, ops) });
    }
    const ordered = [
      ...ops.filter((op) => op.catalogue),
      ...ops.filter((op) => !op.catalogue && op.effect !== 'delete'),
      ...ops.filter((op) => op.effect === 'delete'),
    ];
    for (const [index, op] of ordered.entries()) {
      await spanned(profiler, `operation:${op.operationId}`, () => runOperation(context, op, index, stop, note, profiler));
      await spending.readings.checkpoint(op.operationId);
      emit({ type: 'operation', operation: judge.recorder.operationReport(op, unexercised(op)) });
    }
  } catch (error) {
    if (!(error instanceof RunStopped)) throw error;
    note(`run stopped (${error.message}): cleaning up and writing the report`);
  } finally {
    stop.dispose();
    exchanges.drain(budgets.cleanupMs, budgets.cleanupRequestMs);
    await spending.readings.finish().catch((error: Error) => note(`the last balance reading failed: ${error.message}`));
    await spanned(profiler, 'phase:cleanup', () => cleanup.drain(budgets.cleanupMs));
    for (const line of transport.budgetNotes()) note(line);
    transport.close();
    await recorders.close();
    // The history has ended: what the whole of it shows (a resource never readable, a generation that never finished).
    judge.finish();
  }
  const stopped = stop.stopped;
  if (profiler) options.profile?.(profiler.result());
  return {
    target: targetInfo(target, strict),
    startedMs: started,
    seed: parts.seed,
    maxExamples: parts.maxExamples,
    operations: ops.map((op) => judge.recorder.operationReport(op, unexercised(op))),
    requests: transport.requests,
    fingerprint: judge.recorder.fingerprintReport(),
    provenance: judge.verdicts.verdicts().map((v) => ({ ...v, evidence: masker.text(v.evidence), ...(v.curl ? { curl: masker.curl(v.curl) } : {}) })),
    budget: { ...spending.ledger.report(), refused: spending.ledger.refused.map(masker.text), findings: spending.ledger.report().findings.map(masker.text) },
    cleanup: { created: cleanup.created, deleted: cleanup.deleted, leftover: cleanup.leftover.map(masker.text) },
    notes,
    ...(stopped ? { interrupted: masker.text(stopped.reason), stopped: { by: stopped.by, reason: masker.text(stopped.reason) } } : {}),
  };
}
