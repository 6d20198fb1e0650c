// The one judge of every exchange, however it arrived: a live run's requests, a recording's entries,
// the proxy's traffic. It knows nothing of sending: a driver hands it an exchange, the operation and
// path parameters it was for, and what it was sent for (or lets the judge infer that from the
// history, as for a recording). Every single-exchange check judges it; the stateful checks judge it
// as the next step of the history (before the history learns from it); the tiering turns assertions
// into cell results and verdicts on assumptions; the fingerprint and the confirmations of assumed
// fields are observed. At the end of the history the stateful checks judge what the whole shows.
import { assumptions, fingerprintResponse, latestDate, type OperationId, type OperationSpec, transformPlan } from '@mediagen/schema';
import { CHECKS, type CheckDefinition, type CheckId } from '../checks/catalog.js';
import type { HistoryJudge } from '../checks/define.js';
import { verdictsFor } from '../checks/judge.js';
import { served } from '../model/answer.js';
import type { Basis } from '../model/basis.js';
import { type SectionClock, untimed } from '../model/clock.js';
import type { CreditFact } from '../model/credit-facts.js';
import { type Exchange, isSuccess, sentBody, toCurl } from '../model/exchange.js';
import { History } from '../model/history.js';
import { inNewestShape } from '../model/newest.js';
import type { Failure, Phase } from '../model/terms.js';
import type { Assertion, Expectation } from '../model/verdict.js';
import { AssumptionVerdicts, type Evidence } from './assumptions.js';
import { AwaitedGenerations } from './awaits.js';
import { type Inferred, inferExpectation, type KeyState } from './intent.js';
import { Recorder } from './recorder.js';
import { type Recorded, Tiering } from './tiering.js';
import { HeldBack } from './unjudged.js';

export interface JudgeOptions {
  /** The checks selected. */
  selected: readonly CheckId[];
  /** Every assumption an obligation. */
  strict: boolean;
  /** The version judged against (resolved key), for the fingerprint report. */
  judgedAt?: string;
  /** The target computes pages (not Prism's examples). */
  pagination: boolean;
  /** The target keeps state: the stateful checks judge the history. */
  stateful: boolean;
  /** The balance readings are the driver's alone (a live run): the credits are judged. */
  ownsBalance: boolean;
  /** What one estimate is known to cost, once the run's readings found it steady (the history nets it out). */
  estimateCost?: () => number;
  /** How long a generation may take to finish. */
  lifecycleWaitMs: number;
  /** The base URL the curl lines name. */
  baseUrl: string;
  /** Masks secrets in what is recorded. */
  mask?: (text: string) => string;
  /** Times the parts of judging (a run's profile); default: nothing is timed. */
  clock?: SectionClock;
}

/** What times the parts of judging: the options' clock, or nothing (a run that is not profiled). */
const clockOf = (options: JudgeOptions): SectionClock => options.clock ?? untimed;

/** What a request was sent for, and what that rests on. */
export interface Intent {
  expect: Expectation;
  /** For a request sent to be refused: the rule it breaks (documented first). */
  breach?: Basis;
  /** For a request sent to be served: the assumption its validity relies on, if any. */
  relies?: Basis;
}

/** How an exchange is recorded. */
export interface Meta {
  phase: Phase;
  label?: string;
  shrunk?: Failure['shrunk'];
  /** `passes`: record passes only (generated requests whose failures are shrunk and re-sent first). */
  record?: 'all' | 'passes';
  /** When the answer came (ms); default now. */
  at?: number;
}

/** One failed obligation, as a line can say it. */
export interface Violation {
  operationId: OperationId;
  check: CheckId;
  rule: string;
  source: string;
  message: string;
  curl: string;
}

export interface Judgement {
  /** An obligation failed. */
  failed: boolean;
  violations: Violation[];
  /** Generations whose end decides an assertion: a driver that can follows them (reads them until they end). */
  awaiting: string[];
  /**
   * With `record: 'passes'`, records the failures held back: a generated request's failure is recorded
   * once shrunk and sent again, and as it first came when that one does not fail (the answer a recording holds).
   */
  recordHeld?: () => void;
}

export class Judge {
  readonly recorder: Recorder;
  readonly verdicts = new AssumptionVerdicts(assumptions());
  readonly history = new History();
  private readonly tiering: Tiering;
  private readonly selected: ReadonlySet<CheckId>;
  /** What the target is: it keeps state (its history is judged by the stateful checks), it computes pages. */
  private target: { stateful: boolean; pagination: boolean; judges: { check: CheckDefinition; judge: HistoryJudge; section: string }[] } = {
    stateful: false,
    pagination: false,
    judges: [],
  };
  private readonly awaits = new AwaitedGenerations<Meta>();
  /** The last moment of the history (ms). */
  private last = 0;
  constructor(private readonly options: JudgeOptions) {
    this.selected = new Set(options.selected);
    this.recorder = new Recorder(options.selected, options.judgedAt ?? latestDate, new HeldBack(options.strict, options.mask));
    this.tiering = new Tiering(this.recorder, this.verdicts, options.strict, options.mask ?? ((text) => text));
    this.retarget({ stateful: options.stateful, pagination: options.pagination });
  }

  /**
   * What the target turned out to be, once known (a run learns it from its probe, before judging
   * anything): whether it keeps state (the stateful checks judge the history) and computes pages.
   */
  retarget(target: { stateful: boolean; pagination: boolean }): void {
    const settings = {
      lifecycleWaitMs: this.options.lifecycleWaitMs,
      ownsBalance: this.options.ownsBalance,
      version: this.options.judgedAt ?? latestDate,
      ...(this.options.estimateCost ? { estimateCost: this.options.estimateCost } : {}),
    };
    const judges = target.stateful
      ? CHECKS.filter((check) => this.selected.has(check.id) && check.history).map((check) => ({
          check,
          judge: check.history!(settings),
          section: `history:${check.id}`,
        }))
      : [];
    this.target = { ...target, judges };
  }

  /** What an exchange was for, inferred from the history as a recording's is: for a driver that did not say. */
  infer(op: OperationSpec, params: Record<string, string>, exchange: Exchange, key: KeyState = { wrong: false, unknown: false }): Inferred {
    const request = exchange.request;
    // A target that keeps nothing shows no facts: its listings and ids say nothing of what a request may name.
    const facts = this.target.stateful ? this.history : new History();
    const parts = {
      params,
      ...(request.query ? { query: request.query } : {}),
      ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : request.body !== undefined ? { body: request.body } : {}),
    };
    return clockOf(this.options).time('intent (inferred)', () => inferExpectation(op, parts, exchange, key, facts));
  }

  /**
   * Judges one exchange. `exchange` is as it went and came (its answer in the shape judged against:
   * the driver brings it there for `--at`); the stateful checks and the history read it in the newest
   * shape, whatever version the answer speaks.
   */
  judge(op: OperationSpec, params: Record<string, string>, exchange: Exchange, intent: Intent, meta: Meta): Judgement {
    const at = meta.at ?? Date.now();
    this.last = Math.max(this.last, at);
    const evidence: Evidence = {
      curl: toCurl(this.options.baseUrl, exchange.request),
      status: exchange.status,
      method: exchange.request.method.toUpperCase(),
      url: exchange.url,
    };
    const judgement: Judgement = { failed: false, violations: [], awaiting: [] };
    const held: (() => void)[] = [];
    const record = (operationId: OperationId, check: CheckId, assertion: Assertion) => {
      if (this.record(operationId, check, assertion, meta, evidence) !== 'failed') return;
      if (meta.record === 'passes') held.push(() => this.record(operationId, check, assertion, { ...meta, record: 'all' }, evidence));
      judgement.failed = true;
      judgement.violations.push({
        operationId,
        check,
        rule: assertion.rule,
        source: this.tiering.basisOf(assertion).source,
        message: assertion.message ?? 'failed',
        curl: evidence.curl!,
      });
    };
    const context = {
      pagination: this.target.pagination,
      version: this.options.judgedAt ?? latestDate,
      ...(intent.breach ? { breach: intent.breach } : {}),
      ...(intent.relies ? { relies: intent.relies } : {}),
    };
    for (const verdict of verdictsFor(op, exchange, intent.expect, context, clockOf(this.options))) {
      if (!this.selected.has(verdict.check)) continue;
      for (const assertion of verdict.assertions) {
        const waiting = assertion.awaits?.generationId;
        if (waiting === undefined) record(op.operationId, verdict.check, assertion);
        else if (
          this.awaits.add(waiting, { operationId: op.operationId, check: verdict.check, assertion, meta, evidence }) &&
          !judgement.awaiting.includes(waiting)
        )
          judgement.awaiting.push(waiting);
      }
    }
    const newest = clockOf(this.options).time('newest shape', () => inNewestShape(op, exchange));
    for (const { check, judge, section } of this.target.judges) {
      const observed = { op, params, exchange: newest, expect: intent.expect, history: this.history, at };
      for (const found of clockOf(this.options).time(section, () => judge.observe(observed))) record(found.operationId, check.id, found.assertion);
    }
    for (const settled of this.awaits.settle(op, newest)) this.record(settled.operationId, settled.check, settled.decided, settled.meta, settled.evidence);
    if ((meta.record ?? 'all') === 'all' || !judgement.failed) observe(this, clockOf(this.options), op, exchange, intent.expect);
    clockOf(this.options).time('history facts', () => this.history.learn(op, params, newest, at));
    if (held.length > 0)
      judgement.recordHeld = () => {
        for (const recordIt of held.splice(0)) recordIt();
      };
    return judgement;
  }

  /**
   * What a live run's spend guard measured, judged by the checks that judge it (credits_arithmetic) —
   * on a target that keeps state and whose balance is the run's alone (a stateless mock's never moves).
   */
  measured(fact: CreditFact): void {
    if (!this.target.stateful || !this.options.ownsBalance) return;
    for (const check of CHECKS) {
      if (!check.measured || !this.selected.has(check.id)) continue;
      for (const found of check.measured(fact)) this.record(found.operationId, check.id, found.assertion, { phase: 'stateful' });
    }
  }

  /** Records one assertion of `check`. */
  record(operationId: OperationId, check: CheckId, assertion: Assertion, meta: Meta, evidence?: Evidence): Recorded {
    const context = {
      phase: meta.phase,
      ...(meta.label ? { label: meta.label } : {}),
      ...(evidence ? { evidence } : {}),
      ...(meta.shrunk ? { shrunk: meta.shrunk } : {}),
      record: meta.record ?? 'all',
    };
    return clockOf(this.options).time('tiering', () => this.tiering.record(operationId, check, assertion, context));
  }

  /** The end of the history: what the whole shows (a generation that never finished, a resource never readable). */
  finish(): void {
    for (const { check, judge } of this.target.judges) {
      for (const found of judge.finish?.(this.history, this.last) ?? []) this.record(found.operationId, check.id, found.assertion, { phase: 'stateful' });
    }
  }
}

/** Fingerprint and confirmations of assumed fields and operations. */
function observe(judge: Pick<Judge, 'verdicts' | 'recorder'>, clock: SectionClock, op: OperationSpec, exchange: Exchange, expect: Expectation): void {
  if (exchange.status === 0 || exchange.json === undefined) return;
  clock.time('assumptions', () => {
    judge.verdicts.confirmCarried(op, 'response', exchange.json, served(exchange));
    if (expect === 'accept' && served(exchange) && exchange.request.body !== undefined) judge.verdicts.confirmCarried(op, 'request', exchange.request.body);
    if (expect === 'accept') {
      judge.verdicts.observeOperation(
        op.operationId,
        served(exchange) && exchange.status === op.success.status,
        `${exchange.request.label}: status ${exchange.status}`,
      );
    }
  });
  if (isSuccess(exchange.status)) {
    // What the server sent, never the upgrade of it to the newest shape (`--at` an older date).
    const version = clock.time('fingerprint', () => fingerprintResponse(transformPlan, op.operationId, exchange.status, sentBody(exchange)));
    if (version !== undefined) judge.recorder.fingerprint(op.operationId, version);
  }
}
