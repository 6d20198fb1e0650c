// Sending and judging one request: the spend guard decides whether it may leave, the transport sends
// it within its budgets, every registered check judges the answer, the tiering turns the assertions
// into results and verdicts, and what the answer created is registered for cleanup.
import { createdId, deletedIds, deletionRequest, fingerprintResponse, type OperationSpec, operations, transformPlan, undoOf } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { type JudgeContext, verdictsFor } from '../checks/judge.js';
import { served } from '../checks/response.js';
import { acceptanceBasis, breachBasis, probeBasis } from '../model/basis.js';
import { type AuthMode, type Exchange, isSuccess, requestFor, toCurl } from '../model/exchange.js';
import type { Failure, Phase } from '../model/terms.js';
import type { Assertion, Expectation } from '../model/verdict.js';
import type { RequestCase } from '../requests/cases.js';
import { type Fixtures, generationContext } from '../requests/fixtures.js';
import type { AssumptionVerdicts } from './assumptions.js';
import type { CleanupRegistry } from './cleanup.js';
import { followGeneration } from './follow.js';
import { type KeyMasker, maskExchange } from './mask.js';
import type { Recorder } from './recorder.js';
import type { Spending } from './spending.js';
import type { ResolvedTarget } from './target.js';
import type { Tiering } from './tiering.js';
import { dotSegment, refusedPath, type Transport } from './transport.js';
import type { Versioning } from './versioning.js';

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
}

export interface ExchangeDeps {
  transport: Transport;
  masker: KeyMasker;
  target: ResolvedTarget;
  fixtures: Fixtures;
  recorder: Recorder;
  tiering: Tiering;
  verdicts: AssumptionVerdicts;
  spending: Spending;
  cleanup: CleanupRegistry;
  versioning: Versioning;
  selected: ReadonlySet<CheckId>;
  lifecycleTimeoutMs: number;
  /** Called with every answer (false when none came): the run counts silences. */
  onAnswer: (answered: boolean) => void;
}

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

export class Exchanges {
  /** Set while cleanup runs: its own signal and time limit, after the run's signal fired. */
  private draining: { signal: AbortSignal; timeoutMs: number } | undefined;

  constructor(private readonly deps: ExchangeDeps) {}

  /** From now on requests go out under cleanup's own deadline, whatever stopped the run. */
  drain(deadlineMs: number, requestMs: number): void {
    this.draining = { signal: AbortSignal.timeout(deadlineMs), timeoutMs: requestMs };
  }

  /** Sends one request on the wire: its date's shape, masked for recording, counted. */
  async wire(c: RequestCase, auth: AuthMode = 'valid'): Promise<Exchange> {
    const op = operations[c.operationId] as OperationSpec;
    const spoken = this.deps.versioning.request(op, c);
    if ('unsaid' in spoken) return notSent(requestFor(op, { ...c, auth }), spoken.unsaid);
    const request = requestFor(op, { ...spoken, label: c.label, auth });
    // Not sent, and no sign of a silent target either: the server gave an id that is a path step.
    if (dotSegment(request.path) !== undefined) return notSent(request, refusedPath(request.path));
    const exchange = await this.deps.transport.send(request, this.draining ?? {});
    this.deps.recorder.countRequest(op.operationId);
    this.deps.onAnswer(exchange.status !== 0);
    return maskExchange(this.deps.masker, exchange);
  }

  /** Sends a request without judging it (polling, side reads), within the spend guard. */
  async raw(c: RequestCase, auth: AuthMode = 'valid'): Promise<Exchange> {
    const op = operations[c.operationId] as OperationSpec;
    const sent = op.spendsCredits
      ? await this.deps.spending.spend(c, { invalid: false, planned: false, go: () => this.wire(c, auth) })
      : await this.deps.spending.guardFree(op, () => this.wire(c, auth));
    this.recordFindings();
    return 'refused' in sent ? notSent(requestFor(op, { ...c, auth }), sent.refused) : sent.exchange;
  }

  /** Sends one request and judges it: every check, the expectation, the tiers, the cleanup. */
  async exercise(c: RequestCase, phase: Phase, expect: Expectation, opts: ExerciseOptions = {}): Promise<Exercised> {
    const op = operations[c.operationId] as OperationSpec;
    const auth = opts.auth ?? (expect === 'missing-key' ? 'missing' : expect === 'wrong-key' ? 'wrong' : 'valid');
    const parts = { body: c.body, ...(c.query ? { query: c.query } : {}) };
    const context: JudgeContext = { pagination: this.deps.target.stateful };
    if (expect === 'reject') {
      const breach = c.basis ?? breachBasis(op, parts, generationContext(this.deps.fixtures));
      if (breach) context.breach = breach;
    }
    if (expect === 'accept' || expect === 'probe') {
      const relies = expect === 'probe' ? (c.basis ?? probeBasis(op, parts)) : acceptanceBasis(op, parts);
      if (relies) context.relies = relies;
    }
    const go = () => this.wire(c, auth);
    const sent = op.spendsCredits
      ? await this.deps.spending.spend(c, { invalid: expect === 'reject' || auth !== 'valid', planned: opts.planned ?? false, go })
      : await this.deps.spending.guardFree(op, go);
    this.recordFindings();
    if ('refused' in sent) return { exchange: notSent(requestFor(op, { ...c, auth }), sent.refused), failed: false, refused: sent.refused };
    const exchange = sent.exchange;
    if (exchange.status === 0 && exchange.url === '') return { exchange, failed: false, refused: exchange.error ?? 'not sent' };
    const judged = this.deps.versioning.response(op, exchange);
    const evidence = {
      curl: toCurl(this.deps.target.baseUrl, exchange.request),
      status: exchange.status,
      method: exchange.request.method.toUpperCase(),
      url: exchange.url,
    };
    let failed = false;
    for (const verdict of verdictsFor(op, judged, expect, context)) {
      if (!this.deps.selected.has(verdict.check)) continue;
      for (const assertion of verdict.assertions) {
        const settled = assertion.awaits ? await this.settle(assertion) : assertion;
        if (!settled) continue;
        const recorded = this.deps.tiering.record(op.operationId, verdict.check, settled, {
          phase,
          label: c.label,
          evidence,
          ...(opts.shrunk ? { shrunk: opts.shrunk } : {}),
          record: opts.record ?? 'all',
        });
        if (recorded === 'failed') failed = true;
      }
    }
    if ((opts.record ?? 'all') === 'all' || !failed) this.observe(op, judged, expect, c);
    this.afterResponse(op, judged, c);
    return { exchange, failed };
  }

  /** An assertion decided by how a generation ends: it holds if the generation did not succeed. */
  private async settle(assertion: Assertion): Promise<Assertion | undefined> {
    const ended = await followGeneration((c) => this.raw(c), assertion.awaits!.generationId, this.deps.lifecycleTimeoutMs);
    if (ended === undefined) return undefined;
    const { awaits: _awaits, ...rest } = assertion;
    return ended === 'success' ? { ...rest, ok: false, message: 'the request was taken and its generation succeeded' } : { ...rest, ok: true };
  }

  /** Findings of the spend guard become assertions of credits_arithmetic (on the operation that measures). */
  private recordFindings(): void {
    for (const finding of this.deps.spending.pending.splice(0)) {
      if (!finding.rule) continue;
      const op =
        finding.rule === 'estimate_is_the_charge' || finding.rule === 'failed_generate_is_free' ? operations.generateMedia : operations.estimateGeneration;
      this.deps.tiering.record(op.operationId, 'credits_arithmetic', { rule: finding.rule, ok: false, message: finding.message }, { phase: 'stateful' });
    }
  }

  /** Fingerprint and confirmations of assumed fields and operations. */
  private observe(op: OperationSpec, exchange: Exchange, expect: Expectation, c: RequestCase): void {
    if (exchange.status === 0 || exchange.json === undefined) return;
    const { verdicts } = this.deps;
    verdicts.confirmCarried(op, 'response', exchange.json, served(exchange));
    if (expect === 'accept' && served(exchange) && c.body !== undefined) verdicts.confirmCarried(op, 'request', c.body);
    if (expect === 'accept') {
      verdicts.observeOperation(op.operationId, served(exchange) && exchange.status === op.success.status, `${c.label}: status ${exchange.status}`);
    }
    if (isSuccess(exchange.status)) {
      const version = fingerprintResponse(transformPlan, op.operationId, exchange.status, exchange.json);
      if (version !== undefined) this.deps.recorder.fingerprint(op.operationId, version);
    }
  }

  /** Registers what a successful request created (to be undone), and forgets what it deleted. */
  private afterResponse(op: OperationSpec, exchange: Exchange, c: RequestCase): void {
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
