// Judging traffic the suite did not send (a HAR recording, the validating proxy): each observed
// exchange is routed to its operation, its expectation inferred as a live run would have decided it,
// judged by every single-exchange check (verdictsFor), and tiered exactly as a live run tiers (a
// source rule passes or fails its cell, an assumption gets a verdict). The sequences a recording holds
// are judged in order; the rest say "not observed". Nothing here sends a request.
import { assumptions, fingerprintResponse, type OperationSpec, operationList, transformPlan } from '@mediagen/schema';
import { CHECK_IDS, CHECKS, type CheckId } from '../checks/catalog.js';
import { verdictsFor } from '../checks/judge.js';
import { served } from '../checks/response.js';
import { AssumptionVerdicts } from '../engine/assumptions.js';
import { Recorder } from '../engine/recorder.js';
import { isLoopbackHost } from '../engine/target.js';
import { Tiering } from '../engine/tiering.js';
import { type Versioning, versioningAt } from '../engine/versioning.js';
import { ruleBasis } from '../model/basis.js';
import { type Exchange, isSuccess, toCurl } from '../model/exchange.js';
import type { Assertion } from '../model/verdict.js';
import { buildReport } from '../report/build.js';
import type { Report } from '../report/types.js';
import { inferExpectation } from './expect.js';
import { Facts } from './facts.js';
import { bodyOf, type Observed, observedLabel, queryOf, toExchange } from './observed.js';
import { type Base, baseOf, pathUnder, routeOf } from './routes.js';
import { DeletionWatch, NOT_OBSERVED, OBSERVED_SEQUENCES } from './sequences.js';
import { filterAssertions, StatusWatch } from './watches.js';

export interface TrafficOptions {
  /** The base URL whose exchanges are judged (others are ignored). */
  baseUrl: string;
  /** The API version judged against (`--at`; default the newest). */
  at?: string;
  strict?: boolean;
  /** The checks selected (default all). */
  selected?: readonly CheckId[];
  /** The target computes pages (default true: a recording is of a real server). */
  pagination?: boolean;
  /** Where the exchanges come from, for the labels (`har`, `proxy`). */
  source: string;
}

/** One failed assertion of one exchange, as a line can say it. */
export interface TrafficViolation {
  operationId: string;
  check: CheckId;
  rule: string;
  source: string;
  message: string;
  curl: string;
}

export interface JudgedTraffic {
  /** The exchange was for an operation of the contract under the base URL. */
  judged: boolean;
  exchange?: Exchange;
  violations: TrafficViolation[];
}

interface Tally {
  recorder: Recorder;
  verdicts: AssumptionVerdicts;
  tiering: Tiering;
  version: Versioning;
  selected: ReadonlySet<CheckId>;
}

const violation = (operationId: string, check: CheckId, assertion: Assertion, curl: string): TrafficViolation => ({
  operationId,
  check,
  rule: assertion.rule,
  source: ruleBasis(assertion.rule).source,
  message: assertion.message ?? 'failed',
  curl,
});

/** Judges observed exchanges one by one and sums them up as a run's Report. */
export class TrafficJudge {
  private readonly base: Base;
  /** What tiers the assertions, as a live run's engine does. */
  private readonly run: Tally;
  /** What the recording showed so far: the target's resources, and what was deleted. */
  private readonly facts = new Facts();
  private readonly deletions = new DeletionWatch();
  private readonly statuses = new StatusWatch();
  private readonly startedMs = Date.now();
  private requests = 0;
  /** The key labels the recording saw served: a refusal of one of them is not a wrong key. */
  private readonly servedKeys = new Set<string>();

  constructor(private readonly options: TrafficOptions) {
    this.base = baseOf(options.baseUrl);
    const version = versioningAt(options.at);
    const selected = new Set(options.selected ?? CHECK_IDS);
    const recorder = new Recorder([...selected], version.at);
    const verdicts = new AssumptionVerdicts(assumptions());
    // What reaches the tiering is already masked (an observed exchange never holds a key).
    const tiering = new Tiering(recorder, verdicts, options.strict ?? false, (text) => text);
    this.run = { recorder, verdicts, tiering, version, selected };
  }

  /** Judges one observed exchange; what it broke, one violation per failed obligation. */
  judge(observed: Observed): JudgedTraffic {
    let url: URL;
    try {
      url = new URL(observed.url);
    } catch {
      return { judged: false, violations: [] };
    }
    const path = pathUnder(this.base, url);
    const route = path === undefined ? undefined : routeOf(observed.method, path);
    if (!route || path === undefined) return { judged: false, violations: [] };
    const op = route.op;
    const exchange = toExchange(
      observed,
      route,
      path,
      queryOf(url),
      `${observedLabel(this.options.source, observed.key)} ${observed.method.toUpperCase()} ${path}`,
    );
    this.requests++;
    this.run.recorder.countRequest(op.operationId);
    const judged = this.run.version.response(op, exchange);
    const parts = { params: route.params, ...(exchange.request.query ? { query: exchange.request.query } : {}), ...bodyOf(observed.requestBody) };
    const label = observed.key.label;
    const inferred = inferExpectation(
      op,
      parts,
      judged,
      { wrong: label !== undefined && !this.servedKeys.has(label), unknown: label === undefined },
      this.facts,
    );
    if (label !== undefined && served(judged) && this.servedKeys.size < 1024) this.servedKeys.add(label);
    const curl = toCurl(this.base.origin + this.base.prefix, exchange.request);
    const evidence = { curl, status: exchange.status, method: exchange.request.method, url: exchange.url };
    const violations: TrafficViolation[] = [];
    const record = (operationId: OperationSpec['operationId'], check: CheckId, assertion: Assertion) => {
      if (!this.run.selected.has(check) || assertion.awaits) return;
      const outcome = this.run.tiering.record(operationId, check, assertion, { phase: 'examples', label: exchange.request.label, evidence });
      if (outcome === 'failed') violations.push(violation(operationId, check, assertion, curl));
    };
    const context = {
      pagination: this.options.pagination ?? true,
      ...(inferred.breach ? { breach: inferred.breach } : {}),
      ...(inferred.relies ? { relies: inferred.relies } : {}),
    };
    for (const verdict of verdictsFor(op, judged, inferred.expect, context))
      for (const assertion of verdict.assertions) record(op.operationId, verdict.check, assertion);
    const sequences = [
      ...this.deletions.judge(op, route.params, judged, (id) => this.facts.mediaIds.get(id) ?? []),
      ...filterAssertions(op, judged, (id) => this.facts.exists('media', id)),
      ...this.statuses.judge(op, judged),
    ];
    for (const s of sequences) record(s.operationId, s.check, s.assertion);
    this.observe(op, judged, inferred.expect === 'accept', parts.body);
    this.facts.learn(op, route.params, judged);
    return { judged: true, exchange, violations };
  }

  /** Fingerprint and confirmations of assumed fields and operations, as a live run observes them. */
  private observe(op: OperationSpec, exchange: Exchange, accepted: boolean, body: unknown): void {
    if (exchange.status === 0 || exchange.json === undefined) return;
    this.run.verdicts.confirmCarried(op, 'response', exchange.json, served(exchange));
    if (accepted && served(exchange) && body !== undefined) this.run.verdicts.confirmCarried(op, 'request', body);
    if (accepted) this.run.verdicts.observeOperation(op.operationId, served(exchange) && exchange.status === op.success.status, `status ${exchange.status}`);
    if (isSuccess(exchange.status)) {
      const version = fingerprintResponse(transformPlan, op.operationId, exchange.status, exchange.json);
      if (version !== undefined) this.run.recorder.fingerprint(op.operationId, version);
    }
  }

  /** How many exchanges were judged so far. */
  get judgedCount(): number {
    return this.requests;
  }

  /** The report of everything judged so far: the same Report a live run gives, every reporter prints it. */
  report(notes: readonly string[] = []): Report {
    const unjudged = CHECKS.filter((c) => c.category === 'stateful' && !OBSERVED_SEQUENCES.includes(c.id));
    for (const op of operationList) for (const check of unjudged) if (check.appliesTo(op)) this.run.recorder.skip(op.operationId, check.id, NOT_OBSERVED);
    const host = new URL(this.base.origin).hostname;
    return buildReport(
      {
        target: {
          baseUrl: this.base.origin + this.base.prefix,
          kind: 'remote',
          live: !isLoopbackHost(host),
          stateful: this.options.pagination ?? true,
          mode: 'read-only',
          strict: this.options.strict ?? false,
          recognised: `recorded traffic (${this.options.source})`,
        },
        startedMs: this.startedMs,
        seed: 0,
        maxExamples: 0,
        operations: operationList.map((op) => this.run.recorder.operationReport(op, 'not observed: the recording holds no exchange for this check')),
        requests: this.requests,
        fingerprint: this.run.recorder.fingerprintReport(),
        provenance: this.run.verdicts.verdicts(),
        budget: { planned: 0, observed: 0, refunded: 0, spent: 0, refused: [], findings: [] },
        cleanup: { created: 0, deleted: 0, leftover: [] },
        notes: [...notes],
      },
      [...this.run.selected],
    );
  }
}
