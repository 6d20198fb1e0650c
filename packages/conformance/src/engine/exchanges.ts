// Sending one request of a live run: the spend guard decides whether it may leave, the transport sends
// it within its budgets, the judge judges the answer (every exchange on the wire, the run's own reads,
// polls and balance readings included, exactly as a recording of the run would be judged), and what
// the answer created is registered for cleanup. The run drives; the judge judges.

import { createdId, deletedIds, deletionRequest, type OperationSpec, operations, undoOf } from '@mediagen/schema';
import { allowedWithWarning } from '../judging/intent.js';
import type { Intent, Judge, Judgement } from '../judging/judge.js';
import type { Versioning } from '../judging/versioning.js';
import { served } from '../model/answer.js';
import { acceptanceBasis, breachBasis, probeBasis } from '../model/basis.js';
import { type AuthMode, type Exchange, isSuccess, requestFor } from '../model/exchange.js';
import type { Failure, Phase } from '../model/terms.js';
import type { Expectation } from '../model/verdict.js';
import type { KeyMasker } from '../plumbing/mask.js';
import type { RequestCase } from '../requests/cases.js';
import { type Fixtures, generationContext } from '../requests/fixtures.js';
import { AfterStop } from './after-stop.js';
import type { CleanupRegistry } from './cleanup.js';
import { followGeneration } from './follow.js';
import type { BalanceLane, Priority, Workers } from './lanes.js';
import type { Profiler } from './profile.js';
import { Repeats } from './repeats.js';
import type { Spending } from './spending.js';
import type { ResolvedTarget } from './target.js';
import { dotSegment, refusedPath, type Transport } from './transport.js';
import { ESTIMATE } from './windows.js';

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
  /** Set when the request was not sent (the spend guard, or a date it cannot be said at): why. */
  refused?: string;
  /** Sent with `record: 'passes'` and failed: records its failures as they came (see Judgement). */
  recordHeld?: () => void;
}

export interface ExchangeDeps {
  transport: Transport;
  masker: KeyMasker;
  /** The exchange as the run records and judges it, key masked (once: see exchangeMasker). */
  masked: (exchange: Exchange) => Exchange;
  target: ResolvedTarget;
  fixtures: Fixtures;
  judge: Judge;
  spending: Spending;
  cleanup: CleanupRegistry;
  versioning: Versioning;
  lifecycleTimeoutMs: number;
  /** Called with every answer (false when none came): the run counts silences. */
  onAnswer: (answered: boolean) => void;
  /** True once the run was stopped: an answer that did not come after that is not judged. */
  stopped: () => boolean;
  /** A line for the report's notes. */
  note: (message: string) => void;
  /** At most so many requests in flight at once. */
  workers: Workers;
  /** Estimates (readings of the balance) never in flight beside a request that can spend. */
  lane: BalanceLane;
  /** Set when the run measures where its time goes. */
  profiler?: Profiler;
}

/** The phases whose requests are many and independent: they wait behind the others for a worker. */
const BULK: ReadonlySet<Phase> = new Set(['examples', 'coverage', 'auth', 'fuzzing']);

const notSent = (request: Exchange['request'], reason: string): Exchange => ({
  request,
  url: '',
  status: 0,
  contentType: undefined,
  text: '',
  json: undefined,
  error: reason,
  durationMs: 0,
});

/** How one request is to be judged: what it was for (inferred when not given) and how it is recorded. */
interface How {
  intent?: Intent;
  phase?: Phase;
  label?: string;
  shrunk?: Failure['shrunk'];
  record?: 'all' | 'passes';
  /** Its turn for a worker (default: low in the bulk phases, high elsewhere). */
  priority?: Priority;
  /** A spending request the spend guard sends side by side with others in one window (spending.ts). */
  together?: boolean;
}

export class Exchanges {
  /** How requests go out once the run has stopped (cleanup's own time; creations on the wire). */
  readonly afterStop = new AfterStop();
  /** The phase of the request exercised last: what the run's own reads and readings are recorded under. */
  private phase: Phase = 'setup';
  /** A repeat answers with the first one's outcome; its exchange is kept without the answer's body. */
  private readonly repeats = new Repeats<Exercised>((r) => ({ ...r, exchange: { ...r.exchange, text: '', json: undefined } }));

  constructor(private readonly deps: ExchangeDeps) {}

  /** Sends one request on the wire (its date's shape, masked for recording, counted) and judges the answer. */
  async wire(c: RequestCase, auth: AuthMode = 'valid', how: How = {}): Promise<Exchange> {
    return (await this.sendAndJudge(c, auth, how)).exchange;
  }

  private async sendAndJudge(c: RequestCase, auth: AuthMode, how: How): Promise<{ exchange: Exchange; judgement?: Judgement }> {
    const op = operations[c.operationId] as OperationSpec;
    const spoken = this.deps.versioning.request(op, c);
    if ('unsaid' in spoken) return { exchange: notSent(requestFor(op, { ...c, auth }), spoken.unsaid) };
    const params = spoken.params ?? op.exampleParams ?? {};
    const request = requestFor(op, { ...spoken, params, label: c.label, auth });
    // Not sent, and no sign of a silent target either: the server gave an id that is a path step.
    if (dotSegment(request.path) !== undefined) return { exchange: notSent(request, refusedPath(request.path)) };
    const hold = op.operationId === ESTIMATE ? 'shared' : op.spendsCredits ? (how.together ? 'together' : 'exclusive') : undefined;
    const judged = () => this.onWire(op, request, params, spoken.params, c, how);
    // Judged before the lane opens again: the judge sees the readings and the charges in the order they happened.
    return this.afterStop.track(op, hold ? this.deps.lane.run(hold, judged) : judged());
  }

  private async onWire(
    op: OperationSpec,
    request: Exchange['request'],
    params: Record<string, string>,
    given: Record<string, string> | undefined,
    c: RequestCase,
    how: How,
  ): Promise<{ exchange: Exchange; judgement?: Judgement }> {
    const { profiler } = this.deps;
    const phase = how.phase ?? this.phase;
    const queued = performance.now();
    const sent = await this.deps.workers.run(how.priority ?? (BULK.has(phase) ? 'low' : 'high'), () => {
      profiler?.wait('workerSlots', performance.now() - queued);
      return this.deps.transport.send(request, this.afterStop.overrides(op));
    });
    profiler?.request(this.afterStop.draining ? 'cleanup' : phase, op.operationId, sent.durationMs);
    this.deps.judge.recorder.countRequest(op.operationId);
    const exchange = this.deps.masked(sent);
    // No answer because the run itself stopped (its deadline, Ctrl-C, a silent target): that is no fault
    // of the server, nor a sign of its silence (with work side by side, other operations' requests are in
    // flight then). The report's notes say what stopped it.
    if (sent.status === 0 && sent.redirectedTo === undefined && !this.afterStop.draining && this.deps.stopped()) {
      const what = `${op.operationId} ${request.method.toUpperCase()} ${request.path} (${how.label ?? c.label})`;
      this.deps.note(`${what}: no answer: ${exchange.error ?? 'none'}; cut by the run's own stop, so not judged`);
      return { exchange };
    }
    // A redirect elsewhere is an answer of the target, though not one the run follows.
    this.deps.onAnswer(sent.status !== 0 || sent.redirectedTo !== undefined);
    const view = this.deps.versioning.response(op, exchange);
    const intent = how.intent ?? this.deps.judge.infer(op, params, view);
    const judgement = this.deps.judge.judge(op, params, view, intent, {
      phase,
      label: how.label ?? c.label,
      ...(how.shrunk ? { shrunk: how.shrunk } : {}),
      record: how.record ?? 'all',
    });
    this.afterResponse(op, view, { ...(given ? { params: given } : {}), body: c.body });
    return { exchange, judgement };
  }

  /** Sends a request whose purpose the judge infers (polling, side reads), within the spend guard. */
  async raw(c: RequestCase, auth: AuthMode = 'valid', phase?: Phase): Promise<Exchange> {
    const op = operations[c.operationId] as OperationSpec;
    const go = () => this.wire(c, auth, phase ? { phase } : {});
    const sent = op.spendsCredits ? await this.deps.spending.spend(c, { invalid: false, planned: false, go }) : await this.deps.spending.guardFree(op, go);
    this.recordFindings();
    if ('refused' in sent) this.heldBack(op, sent.refused);
    return 'refused' in sent ? notSent(requestFor(op, { ...c, auth }), sent.refused) : sent.exchange;
  }

  /**
   * Sends one request for what `expect` says it is for, and judges it: every check, the tiers, the
   * cleanup. A read the per-operation phases already sent alike is not sent again (see repeats.ts).
   */
  exercise(c: RequestCase, phase: Phase, expect: Expectation, opts: ExerciseOptions = {}): Promise<Exercised> {
    const op = operations[c.operationId] as OperationSpec;
    const auth = opts.auth ?? (expect === 'missing-key' ? 'missing' : expect === 'wrong-key' ? 'wrong' : 'valid');
    const send = () => this.exerciseNow(op, c, auth, phase, expect, opts);
    // A spending request sent to be refused is judged by its answer alone: sent again alike, it judges nothing new.
    const repeatable = op.effect === 'read' || (op.spendsCredits === true && expect === 'reject');
    if (opts.shrunk || !BULK.has(phase) || !repeatable) return send();
    return this.repeats.once(Repeats.key(c, auth, expect), opts.record ?? 'all', send);
  }

  private async exerciseNow(op: OperationSpec, c: RequestCase, auth: AuthMode, phase: Phase, expect: Expectation, opts: ExerciseOptions): Promise<Exercised> {
    this.phase = phase;
    const intent = this.intentOf(op, c, expect);
    let judgement: Judgement | undefined;
    const { profiler } = this.deps;
    const queued = performance.now();
    // A request that can spend holds the spend guard's window: it goes first for a worker.
    const invalid = expect === 'reject' || auth !== 'valid';
    // Sent to be refused, with no cap to hold: it may go side by side with others like it (spending.ts).
    const together = op.spendsCredits === true && invalid && !this.deps.spending.ledger.capped;
    const how: How = {
      intent,
      phase,
      ...(opts.shrunk ? { shrunk: opts.shrunk } : {}),
      record: opts.record ?? 'all',
      ...(op.spendsCredits ? { priority: 'high' } : {}),
      ...(together ? { together } : {}),
    };
    const go = async () => {
      profiler?.wait('spendingWindows', performance.now() - queued);
      const done = await this.sendAndJudge(c, auth, how);
      judgement = done.judgement;
      return done.exchange;
    };
    const sent = op.spendsCredits
      ? await (together ? this.deps.spending.spendTogether(c, go) : this.deps.spending.spend(c, { invalid, planned: opts.planned ?? false, go }))
      : await this.deps.spending.guardFree(op, go);
    this.recordFindings();
    if ('refused' in sent) {
      this.heldBack(op, sent.refused);
      return { exchange: notSent(requestFor(op, { ...c, auth }), sent.refused), failed: false, refused: sent.refused };
    }
    const exchange = sent.exchange;
    if (exchange.status === 0 && exchange.url === '') return { exchange, failed: false, refused: exchange.error ?? 'not sent' };
    // A generation whose end decides an assertion: read it until it ends (the judge settles it from what it reads).
    for (const generationId of judgement?.awaiting ?? []) {
      const follow = () => followGeneration((read) => this.raw(read, 'valid', phase), generationId, this.deps.lifecycleTimeoutMs);
      await (profiler ? profiler.waiting('lifecyclePolls', follow) : follow());
    }
    return { exchange, failed: judgement?.failed ?? false, ...(judgement?.recordHeld ? { recordHeld: judgement.recordHeld } : {}) };
  }

  /** What a request is sent for: the rule it breaks (to be refused), or the assumption it relies on (to be served). */
  private intentOf(op: OperationSpec, c: RequestCase, expect: Expectation): Intent {
    const { profiler } = this.deps;
    const decide = (): Intent => {
      const parts = { body: c.body, ...(c.query ? { query: c.query } : {}) };
      // A request sent to be served is a tolerance probe when the contract allows it only with a warning
      // (a generated item naming no kind), and one to accept when it allows it outright (fields the chosen
      // kind ignores), as a recording of the run infers it: one judge, whichever driver sends.
      const toServe = expect === 'accept' || expect === 'probe';
      const probe = toServe && allowedWithWarning(op, { params: {}, ...parts }, generationContext(this.deps.fixtures));
      const intent: Intent = { expect: toServe ? (probe ? 'probe' : 'accept') : expect };
      if (expect === 'reject') {
        const breach = c.basis ?? breachBasis(op, parts, generationContext(this.deps.fixtures));
        if (breach) intent.breach = breach;
      }
      if (toServe) {
        const relies = probe ? (c.basis ?? probeBasis(op, parts)) : acceptanceBasis(op, parts);
        if (relies) intent.relies = relies;
      }
      return intent;
    };
    return profiler ? profiler.time('intent (sent)', decide) : decide();
  }

  /** What the spend guard measured goes to the judge (credits_arithmetic judges it). */
  /** A request the spend guard held back: for the server's sake, its operation's empty cells are unjudged (judging/unjudged.ts). */
  private heldBack(op: OperationSpec, refused: string): void {
    const hold = this.deps.spending.ledger.holds.in(refused);
    if (hold?.cause === 'server') this.deps.judge.recorder.heldBack.add(hold.why, op.operationId);
  }

  private recordFindings(): void {
    for (const fact of this.deps.spending.facts.splice(0)) this.deps.judge.measured(fact);
  }

  /** Registers what a successful request created (to be undone), and forgets what it deleted. */
  private afterResponse(op: OperationSpec, exchange: Exchange, c: Pick<RequestCase, 'params' | 'body'>): void {
    // Whatever a target says it created is cleaned up, stateful or not (only Prism keeps nothing).
    if (!served(exchange) || this.deps.target.kind === 'prism') return;
    const made = createdId(op, exchange.json);
    if (op.creates && made !== undefined) this.register(op.creates.kind, made);
    if (op.deletes && (op.deletes.kind === 'generation' || op.deletes.kind === 'asset')) {
      const kind = op.deletes.kind;
      for (const id of deletedIds(op, { ...(c.params ? { params: c.params } : {}), body: c.body })) this.deps.cleanup.markDeleted(kind, id);
    }
  }

  /** Registers a created resource with the way the operations table says to undo it. */
  register(kind: NonNullable<OperationSpec['creates']>['kind'], id: string): void {
    const undo = undoOf(kind);
    this.deps.cleanup.register({
      kind,
      id,
      ...(undo
        ? {
            remove: async () => {
              const ex = await this.wire({ operationId: undo.operationId, label: 'cleanup', ...deletionRequest(undo, id) });
              return isSuccess(ex.status) || ex.status === 404;
            },
          }
        : {}),
    });
  }
}
