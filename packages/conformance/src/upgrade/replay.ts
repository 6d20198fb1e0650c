// Replaying recorded exchanges at another date, offline: each request and answer is brought from the
// version the consumer speaks to the target through the ledger's transforms (what the consumer's code
// would send and get after the upgrade), then judged by the suite's one judge of traffic against the
// target's contract; nothing is sent and nothing is spent. The same exchange, unchanged, is judged at
// its own version beside it, so a failure the recording already had is told apart from one the
// upgrade brings. Memory is bounded: counts per operation, and the first MAX_KEPT failing calls.

import type { OperationId } from '@mediagen/schema';
import {
  checkGenerationRequest,
  downgradeRequest,
  downgradeResponse,
  latestDate,
  ledger,
  operations,
  transformPlan,
  upgradeRequest,
  upgradeResponse,
  VersionIncompatibleError,
} from '@mediagen/schema';
import { formatIssue } from '@mediagen/schema/util';
import { type Exchange, isSuccess, toCurl } from '../model/exchange.js';
import { TrafficJudge, type TrafficViolation } from '../traffic/judge.js';
import { type Base, baseOf, bodyOf, type Observed, pathUnder, queryOf, routeOf } from '../usage/traffic.js';
import { compareVersions } from '../usage/versions.js';

/** The operations whose request is a generation body (checked against the request rules). */
const GENERATION_BODIES: ReadonlySet<string> = new Set([operations.generateMedia.operationId, operations.estimateGeneration.operationId]);

/** Failing calls kept with their detail (the rest are counted). */
export const MAX_KEPT = 50;

export interface ReplayOptions {
  baseUrl: string;
  from: string;
  to: string;
  strict?: boolean;
}

export interface ReplayCounts {
  calls: number;
  /** Upgraded, the target's contract holds for them. */
  passing: number;
  /** Upgraded, they break an obligation the recorded exchange kept. */
  failing: number;
  /** They broke an obligation as recorded, at their own version, and still do. */
  alreadyFailing: number;
}

export interface FailingCall {
  operationId: string;
  /** Its place in the recording (1 for the first exchange of the API). */
  call: number;
  request: string;
  violations: Pick<TrafficViolation, 'check' | 'rule' | 'source' | 'message' | 'curl'>[];
  /** Why the upgraded request cannot be said at the target at all (a field or value it does not have). */
  unsaid?: string;
}

export interface ReplayResult extends ReplayCounts {
  byOperation: Record<string, ReplayCounts>;
  failures: FailingCall[];
  /** Rules the upgraded calls break, with how many calls broke each. */
  rulesBroken: Record<string, number>;
}

/** The rules the ledger brought in after `from`, up to `to`: a request of `from` need not have kept them. */
function rulesAfter(from: string, to: string): Set<string> {
  const entries = ledger.filter((e) => compareVersions(e.date, from) > 0 && compareVersions(e.date, to) <= 0);
  return new Set(entries.flatMap((e) => e.instructions.flatMap((i) => (i.op === 'rule_added' ? [i.rule] : []))));
}

const zero = (): ReplayCounts => ({ calls: 0, passing: 0, failing: 0, alreadyFailing: 0 });
const key = (v: TrafficViolation) => `${v.operationId} ${v.check} ${v.rule}`;

function parsed(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The exchange as it would be at `to`: request and answer through the ledger's transforms. Throws VersionIncompatibleError. */
export function upgradeObserved(observed: Observed, operationId: string, from: string, to: string): Observed {
  const url = new URL(observed.url);
  const query = queryOf(url);
  const { body } = bodyOf(observed.requestBody);
  const newest = upgradeRequest(transformPlan, operationId, { body, ...(query ? { query } : {}) }, from);
  const said = to === latestDate ? newest : downgradeRequest(transformPlan, operationId, newest, to);
  url.search = said.query ? new URLSearchParams(Object.entries(said.query).map(([k, v]) => [k, String(v)])).toString() : '';
  const out: Observed = { ...observed, url: url.href, ...(said.body !== undefined ? { requestBody: JSON.stringify(said.body) } : {}) };
  const answer = observed.truncated || observed.bodyUnknown ? undefined : parsed(observed.responseText);
  if (answer) {
    const up = upgradeResponse(transformPlan, operationId, observed.status, answer.json, from).body;
    const down = to === latestDate ? up : downgradeResponse(transformPlan, operationId, observed.status, up, to).body;
    out.responseText = JSON.stringify(down);
  }
  return out;
}

/** Judges recorded exchanges as they are (at `from`) and upgraded (at `to`), one by one. */
export class Replayer {
  private readonly base: Base;
  private readonly asRecorded: TrafficJudge;
  private readonly upgraded: TrafficJudge;
  private readonly total = zero();
  private readonly byOperation: Record<string, ReplayCounts> = {};
  private readonly failures: FailingCall[] = [];
  private readonly rulesBroken: Record<string, number> = {};
  /** The judge holds a recorded request to today's rules: one brought in after `from` is the upgrade's doing. */
  private readonly newer: Set<string>;

  constructor(private readonly options: ReplayOptions) {
    this.base = baseOf(options.baseUrl);
    this.newer = rulesAfter(options.from, options.to);
    const strict = options.strict ? { strict: true } : {};
    this.asRecorded = new TrafficJudge({ baseUrl: options.baseUrl, at: options.from, source: 'har', ...strict });
    this.upgraded = new TrafficJudge({ baseUrl: options.baseUrl, at: options.to, source: 'upgraded', ...strict });
  }

  /** Replays one exchange (one of another host or path is ignored). */
  replay(observed: Observed): void {
    let url: URL;
    try {
      url = new URL(observed.url);
    } catch {
      return;
    }
    const path = pathUnder(this.base, url);
    const route = path === undefined ? undefined : routeOf(observed.method, path);
    if (!route || path === undefined) return;
    const id = route.op.operationId;
    const counts = (this.byOperation[id] ??= zero());
    const before = new Set(
      this.asRecorded
        .judge(observed)
        .violations.filter((v) => !this.newer.has(v.rule))
        .map(key),
    );
    let violations: TrafficViolation[] = [];
    let unsaid: string | undefined;
    try {
      const upgraded = upgradeObserved(observed, id, this.options.from, this.options.to);
      const judged = this.upgraded.judge(upgraded);
      const after = [...judged.violations, ...this.requestRulesBroken(id, upgraded, judged.exchange)];
      violations = after.filter((v) => !before.has(key(v)));
      if (violations.length === 0 && after.length > 0) {
        this.count(counts, 'alreadyFailing');
        return;
      }
    } catch (error) {
      if (!(error instanceof VersionIncompatibleError)) throw error;
      unsaid = `the API of ${this.options.to} cannot say it: ${error.message}`;
    }
    if (violations.length === 0 && unsaid === undefined) {
      this.count(counts, 'passing');
      return;
    }
    this.count(counts, 'failing');
    for (const rule of new Set(violations.map((v) => v.rule))) this.rulesBroken[rule] = (this.rulesBroken[rule] ?? 0) + 1;
    if (this.failures.length < MAX_KEPT) {
      this.failures.push({
        operationId: id,
        call: this.total.calls,
        request: `${observed.method.toUpperCase()} ${path}`,
        violations: violations.map(({ check, rule, source, message, curl }) => ({ check, rule, source, message, curl })),
        ...(unsaid ? { unsaid } : {}),
      });
    }
  }

  /**
   * The request rules brought in by the upgrade that an upgraded generation body breaks. The client of
   * the newer date refuses such a call before it is sent (a strict writer), whatever a server would do
   * with it (the sources may not say it must be refused: then a run judges the server's refusal as an
   * assumption, but the application's call still has to change).
   */
  private requestRulesBroken(id: string, upgraded: Observed, exchange: Exchange | undefined): TrafficViolation[] {
    // A call the server refused at its own date already failed: only a served one is relied on.
    if (exchange === undefined || !isSuccess(exchange.status) || !GENERATION_BODIES.has(id)) return [];
    const { body } = bodyOf(upgraded.requestBody);
    if (body === undefined) return [];
    return checkGenerationRequest(body)
      .errors.filter((issue) => this.newer.has(issue.rule))
      .map((issue) => ({
        operationId: id as OperationId,
        check: 'negative_data_rejection' as const,
        rule: issue.rule,
        source: issue.source,
        message: `${formatIssue(issue)}: the client of ${this.options.to} refuses this request before sending it`,
        curl: toCurl(this.options.baseUrl, exchange.request),
      }));
  }

  result(): ReplayResult {
    return { ...this.total, byOperation: this.byOperation, failures: this.failures, rulesBroken: this.rulesBroken };
  }

  private count(counts: ReplayCounts, outcome: 'passing' | 'failing' | 'alreadyFailing'): void {
    for (const c of [counts, this.total]) {
      c.calls++;
      c[outcome]++;
    }
  }
}
