// The run: it only schedules. Order: reach the target (the probe), read the balance, set up (the
// catalogue, the planner, the fixtures), then the stateful sequences (the planner's credits are theirs)
// beside the operations' phases — the examples, the hand-written cases, the auth checks and the
// generated requests — as schedule.ts orders and overlaps them; finally, whatever ended the run,
// everything created is deleted under cleanup's own deadline and the record is returned for the report
// layer.
import { type OperationSpec, operationList, operations } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { Judge } from '../judging/judge.js';
import type { RunRecord, Stopped, TargetInfo } from '../judging/run-record.js';
import { versioningAt } from '../judging/versioning.js';
import type { Exchange } from '../model/exchange.js';
import { containRecorders } from '../model/recording.js';
import { type RunBudgets, resolveBudgets } from '../plumbing/budgets.js';
import { createKeyMasker, exchangeMasker } from '../plumbing/mask.js';
import type { RequestCase } from '../requests/cases.js';
import { emptyFixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { CleanupRegistry } from './cleanup.js';
import { Exchanges } from './exchanges.js';
import { BalanceLane, Workers } from './lanes.js';
import type { ConformanceOptions } from './options.js';
import { spendAcrossKinds } from './phases/kinds.js';
import { runSetup } from './phases/setup.js';
import { sequencePlan } from './plan.js';
import { isSafe, READ_ONLY } from './policy.js';
import { phaseContext, type RunParts } from './port.js';
import { Profiler } from './profile.js';
import { runWork, spanned } from './schedule.js';
import { Spending } from './spending.js';
import { RunStopped } from './stop.js';
import { probeTarget, type ResolvedTarget } from './target.js';
import { Transport } from './transport.js';

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

/** Runs every selected check against a resolved target; the record of what happened, masked. */
export async function runEngine(target: ResolvedTarget, options: ConformanceOptions, selection: readonly CheckId[]): Promise<RunRecord> {
  const started = Date.now();
  const profiler = options.profile ? new Profiler() : undefined;
  const budgets = resolveBudgets(options.budgets);
  const stop = stopper(budgets, options.signal);
  const masker = createKeyMasker([target.apiKey, options.apiKey]);
  const masked = exchangeMasker(masker);
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
      if (recorders.active) recorders.record(masked(exchange));
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
    // Known once the first readings ran (the spend guard is made below; nothing is judged before).
    estimateCost: () => spending.readings.kinds.estimateCost,
    lifecycleWaitMs: lifecycleTimeoutMs,
    baseUrl: target.baseUrl,
    mask: masker.text,
    ...(profiler ? { clock: profiler } : {}),
  });
  const fixtures = emptyFixtures(false, `${options.seed ?? 1}_${Date.now().toString(36)}`);
  const concurrency = options.workers ?? (target.live ? 2 : 6);
  const cleanup = new CleanupRegistry();
  let exchanges: Exchanges;
  // What the spend guard sends (balance readings, prices) is all estimates, sent holding its window: they go first for a
  // worker, and their time is the profile's balance readings.
  const read = (c: RequestCase) => exchanges.wire(c, 'valid', { priority: 'high' });
  const spending = new Spending(
    options.maxCredits,
    (c) => (profiler ? profiler.waiting('balanceReadings', () => read(c)) : read(c)),
    fixtures,
    // Prism answers every request with an example: its balance never moves, and a charge waited for on it never
    // shows (the run learns it is Prism from its first answer, before anything spends).
    () => (target.kind === 'prism' ? 0 : lifecycleTimeoutMs),
  );
  exchanges = new Exchanges({
    transport,
    masker,
    masked,
    target,
    fixtures,
    judge,
    spending,
    cleanup,
    versioning,
    lifecycleTimeoutMs,
    onAnswer: (answered) => stop.answered(answered),
    stopped: () => stop.stopped !== undefined,
    note,
    workers: new Workers(concurrency),
    lane: new BalanceLane(),
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
    concurrency,
    lifecycleTimeoutMs,
    mask: masker.text,
    note,
    emit,
  };
  const context = phaseContext(parts);
  const unexercised = (op: OperationSpec) => (!isSafe(op) && target.mode !== 'full' ? READ_ONLY : 'not exercised by this run');
  try {
    const probes: Exchange[] = [];
    const probe = await spanned(profiler, 'phase:probe', () =>
      probeTarget(transport, target, options, note, [baseItem(fixtures)], (sent) => probes.push(sent)),
    );
    profiler?.request('probe', probe.request.operationId, probe.durationMs);
    judge.retarget({ stateful: target.stateful, pagination: target.stateful });
    // Judged once the target is known, like any of the run's own reads (their purpose inferred): a recording of the run holds them too.
    for (const sent of probes) {
      const view = versioning.response(operations.estimateGeneration, masked(sent));
      judge.recorder.countRequest(operations.estimateGeneration.operationId);
      judge.judge(operations.estimateGeneration, {}, view, judge.infer(operations.estimateGeneration, {}, view), { phase: 'setup', label: sent.request.label });
    }
    emit({ type: 'start', target: targetInfo(target, strict) });
    await spending.readings.start(probe);
    await spanned(profiler, 'phase:setup', () => runSetup(context));
    // Without a balance from the probe (its plain body may name a model the target lacks), read it now with a listed one.
    await spending.readings.start();
    const plan = sequencePlan(target, context.statefulBlocked, selected);
    for (const { check, skip } of plan) if (skip) context.skipAll(check.id, skip);
    await runWork(
      {
        parts,
        context,
        check: () => stop.check(),
        ...(profiler ? { profiler } : {}),
        checkpoint: (operationId) => spending.readings.checkpoint(operationId),
        unexercised,
      },
      plan,
    );
    // Estimate against charge on every other kind of generation the cap still holds, cheapest first.
    await spanned(profiler, 'phase:kinds', () => spendAcrossKinds(context, context.kinds));
  } catch (error) {
    if (!(error instanceof RunStopped)) throw error;
    note(`run stopped (${error.message}): cleaning up and writing the report`);
  } finally {
    stop.dispose();
    // One time for all of cleanup: the creations still on the wire at a stop end within it, then the removals.
    const cleanupEnds = Date.now() + budgets.cleanupMs;
    exchanges.afterStop.drain(budgets.cleanupMs, budgets.cleanupRequestMs);
    await exchanges.afterStop.creationsSettled();
    await spending.readings.finish().catch((error: Error) => note(`the last balance reading failed: ${error.message}`));
    await spanned(profiler, 'phase:cleanup', () => cleanup.drain(Math.max(0, cleanupEnds - Date.now()), concurrency));
    for (const line of transport.budgetNotes()) note(line);
    transport.close();
    await recorders.close();
    // What the last readings measured (the end balance), then what the whole history shows (a resource never readable, a generation that never finished).
    for (const fact of spending.facts.splice(0)) judge.measured(fact);
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
    budget: {
      ...spending.ledger.report(),
      refused: spending.ledger.holds.lines.map(masker.text),
      findings: spending.ledger.report().findings.map(masker.text),
    },
    cleanup: { created: cleanup.created, deleted: cleanup.deleted, leftover: cleanup.leftover.map(masker.text) },
    notes,
    ...(stopped ? { interrupted: masker.text(stopped.reason), stopped: { by: stopped.by, reason: masker.text(stopped.reason) } } : {}),
  };
}
