// Judging traffic the suite did not send (a HAR recording, the validating proxy): a driver of the one
// judge. Each observed exchange is routed to its operation, rebuilt as the exchange a live run would
// have recorded, and handed to the judge with what it was for left to the judge to infer from the
// history (the key state aside: which key a recording used is this driver's to tell). Checks whose
// judgement needs the balance to be the run's own (credits) say "not observed". Nothing here sends a
// request.

import { MOCK_HEADER } from '@mediagen/mock/edge';
import { operationList } from '@mediagen/schema';
import { CHECK_IDS, CHECKS, type CheckId } from '../checks/catalog.js';
import { Judge, type Violation } from '../judging/judge.js';
import { type Versioning, versioningAt } from '../judging/versioning.js';
import { SAYS_NOTHING_OF_VALIDITY, served } from '../model/answer.js';
import type { Exchange } from '../model/exchange.js';
import { MOCK_RECOGNISED } from '../model/terms.js';
import { isLoopbackHost } from '../plumbing/loopback.js';
import { buildReport } from '../report/build.js';
import type { Report } from '../report/types.js';
import { DECLARED_WRONG_KEY, type Observed, observedLabel, queryOf, toExchange } from './observed.js';
import { type Base, baseOf, pathUnder, routeOf } from './routes.js';

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
  /** The server keeps state (default true: a recording is of a real server; false for a stateless mock's). */
  stateful?: boolean;
  /** How long a recorded generation may take to finish (default: a live run's default wait). */
  lifecycleWaitMs?: number;
}

/** One failed assertion of one exchange, as a line can say it. */
export type TrafficViolation = Violation;

export interface JudgedTraffic {
  /** The exchange was for an operation of the contract under the base URL. */
  judged: boolean;
  exchange?: Exchange;
  violations: TrafficViolation[];
  /** Why the request was not judged as one (its answer says nothing of its validity, or the traffic does not show what it names): the answer alone was judged. */
  undecided?: string;
}

/** Why a check whose judgement needs the balance to be the judge's alone says nothing of a recording. */
export const NOT_OBSERVED = 'not observed: a recording cannot show that nothing else spent on the account between its balance readings';

/** Why a cell the traffic held no exchange for is skipped. */
export const NO_EXCHANGE = 'not observed: the recording holds no exchange for this check';

/** The lifecycle wait a recording's generations are judged with: the live run's default. */
const LIFECYCLE_WAIT_MS = 30_000;

/** Judges observed exchanges one by one and sums them up as a run's Report. */
export class TrafficJudge {
  private readonly base: Base;
  private readonly core: Judge;
  private readonly version: Versioning;
  private readonly selected: readonly CheckId[];
  private readonly startedMs = Date.now();
  private requests = 0;
  private finished = false;
  /** What the mock's marker header said, when an answer carried it. */
  private mock: string | undefined;
  /** The key labels the recording saw served: a refusal of one of them is not a wrong key. */
  private readonly servedKeys = new Set<string>();
  /** By operation: refusals and server errors whose request the traffic could not show allowed or not, and the first reason. */
  private readonly undecided = new Map<string, { count: number; why: string }>();

  constructor(private readonly options: TrafficOptions) {
    this.base = baseOf(options.baseUrl);
    this.version = versioningAt(options.at);
    this.selected = options.selected ?? CHECK_IDS;
    // What reaches the judge is already masked (an observed exchange never holds a key).
    this.core = new Judge({
      selected: this.selected,
      strict: options.strict ?? false,
      judgedAt: this.version.at,
      pagination: options.pagination ?? options.stateful ?? true,
      stateful: options.stateful ?? true,
      ownsBalance: false,
      lifecycleWaitMs: options.lifecycleWaitMs ?? LIFECYCLE_WAIT_MS,
      baseUrl: this.base.origin + this.base.prefix,
    });
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
    // The mock's marker header: the traffic is the suite's own mock's, not a live origin's (its evidence is kept apart).
    this.mock ??= observed.responseHeaders[MOCK_HEADER.toLowerCase()];
    const exchange = toExchange(
      observed,
      route,
      path,
      queryOf(url),
      `${observedLabel(this.options.source, observed.key)} ${observed.method.toUpperCase()} ${path}`,
    );
    this.requests++;
    this.core.recorder.countRequest(op.operationId);
    const view = this.version.response(op, exchange);
    const label = observed.key.label;
    const key = { declaredWrong: label === DECLARED_WRONG_KEY, wrong: label !== undefined && !this.servedKeys.has(label), unknown: label === undefined };
    const inferred = this.core.infer(op, route.params, view, key);
    if (label !== undefined && served(view) && this.servedKeys.size < 1024) this.servedKeys.add(label);
    const at = observed.startedMs > 0 ? observed.startedMs + observed.durationMs : Date.now();
    // A refusal or a 5xx whose request the traffic cannot show allowed or not: said in the report, or a failing answer would pass unexplained.
    if (inferred.unjudged && view.status !== 0 && !served(view) && !SAYS_NOTHING_OF_VALIDITY.has(view.status)) {
      const seen = this.undecided.get(op.operationId);
      if (seen) seen.count++;
      // Bounded: the reason may quote an id of the traffic, and a hostile one may be long.
      else this.undecided.set(op.operationId, { count: 1, why: inferred.unjudged.length > 200 ? `${inferred.unjudged.slice(0, 200)}…` : inferred.unjudged });
    }
    const judgement = this.core.judge(op, route.params, view, inferred, { phase: 'examples', label: exchange.request.label, at });
    return { judged: true, exchange, violations: judgement.violations, ...(inferred.unjudged ? { undecided: inferred.unjudged } : {}) };
  }

  /** How many exchanges were judged so far. */
  get judgedCount(): number {
    return this.requests;
  }

  /** The report of everything judged so far: the same Report a live run gives, every reporter prints it. */
  report(notes: readonly string[] = []): Report {
    if (!this.finished) {
      this.finished = true;
      this.core.finish();
    }
    // Each with its own reason: a stateful check without a history judge (pagination) saw no exchange it
    // judges; the credits check needs the balance to be the run's own.
    const unjudged = CHECKS.filter((c) => c.category === 'stateful' && !c.history);
    const needsBalance = CHECKS.filter((c) => c.id === 'credits_arithmetic');
    for (const op of operationList) {
      for (const check of unjudged) if (check.appliesTo(op)) this.core.recorder.skip(op.operationId, check.id, NO_EXCHANGE);
      for (const check of needsBalance) if (check.appliesTo(op)) this.core.recorder.skip(op.operationId, check.id, NOT_OBSERVED);
    }
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
          recognised:
            this.mock === undefined
              ? `recorded traffic (${this.options.source})`
              : `${MOCK_RECOGNISED} (${this.mock}) in recorded traffic (${this.options.source})`,
        },
        startedMs: this.startedMs,
        seed: 0,
        maxExamples: 0,
        operations: operationList.map((op) => this.core.recorder.operationReport(op, NO_EXCHANGE)),
        requests: this.requests,
        fingerprint: this.core.recorder.fingerprintReport(),
        provenance: this.core.verdicts.verdicts(),
        budget: { planned: 0, observed: 0, refunded: 0, spent: 0, refused: [], findings: [] },
        cleanup: { created: 0, deleted: 0, leftover: [] },
        notes: [
          ...notes,
          ...[...this.undecided].map(
            ([operationId, { count, why }]) =>
              `${operationId}: ${count} refusal(s) or server error(s) judged by their answer alone, not against their request: the traffic does not show all it names (first: ${why})`,
          ),
        ],
      },
      [...this.selected],
    );
  }
}
