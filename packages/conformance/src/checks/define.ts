// What a check is: an id, a one-line description, a severity, the operations it means something for,
// the rules it asserts, and how it judges — one exchange at a time (`judge`), or the recorded history
// of a target that keeps state (`history`: each exchange in order, whoever sent it, then the end of
// the history). A stateful check may also say which requests a live run sends so its history holds
// what it judges (`sequence`): a sequence drives, it never judges. Each check is one file under
// registry/, registered once in catalog.ts; the check ids are derived from that list.
import type { OperationId, OperationSpec, VersionKey } from '@mediagen/schema';
import type { Basis } from '../model/basis.js';
import type { CreditFact } from '../model/credit-facts.js';
import type { Exchange } from '../model/exchange.js';
import type { History } from '../model/history.js';
import type { Assertion, Expectation } from '../model/verdict.js';
import type { CheckPort } from './port.js';

export type Severity = 'critical' | 'error' | 'warning';
/**
 * `response`: judged on every response the run receives. `auth`, `data`: judged on requests sent
 * for them. `stateful`: sequences of requests that need a target that keeps state.
 */
export type CheckCategory = 'response' | 'auth' | 'data' | 'stateful';

/** One exchange, as a judge sees it. */
export interface Judged {
  op: OperationSpec;
  exchange: Exchange;
  expect: Expectation;
  /** The target computes pages (not Prism's examples). */
  pagination: boolean;
  /** The API version judged against (`--at`, resolved); default the newest. */
  version?: VersionKey;
  /** For a request sent to be refused: the rule it breaks (documented first). */
  breach?: Basis;
  /** For a request sent to be accepted: the assumption its validity relies on, if any. */
  relies?: Basis;
}

/** One exchange of the history, as a stateful check sees it: before the history learns from it. */
export interface Observed {
  op: OperationSpec;
  /** The path parameters, decoded. */
  params: Record<string, string>;
  /** The exchange, its answer in the newest shape (the ledger's transforms). */
  exchange: Exchange;
  /** What the request was for (sent, or inferred). */
  expect: Expectation;
  /** What the target's state showed until this exchange. */
  history: History;
  /** When the answer came (ms since the epoch). */
  at: number;
}

/** The part of a sequence that reads again at the end of the run (before the deleting operations). */
export type Later = () => Promise<void>;

/** An assertion about one operation's cell. */
export interface Found {
  operationId: OperationId;
  assertion: Assertion;
}

/** What a stateful check's judgement of a history may read of the run. */
export interface HistorySettings {
  /** How long a generation may take to finish (the lifecycle wait). */
  lifecycleWaitMs: number;
  /** The API version judged against (`--at`, resolved); default the newest. */
  version?: VersionKey;
  /** The balance readings are the run's alone: no one else spends on the account meanwhile (a live run, not a recording). */
  ownsBalance: boolean;
  /**
   * What one estimate is known to cost (a live run's readings found it steady; 0 when free or unknown):
   * the balance an estimate answers is net of its own cost, which is not a generation's charge.
   */
  estimateCost?: () => number;
}

/** A stateful check's judgement of a history: each exchange in order, then the end. */
export interface HistoryJudge {
  observe(observed: Observed): Found[];
  /** What the whole history shows once it has ended (`at`: its last moment). */
  finish?(history: History, at: number): Found[];
}

export interface CheckSpec<Id extends string = string> {
  id: Id;
  description: string;
  severity: Severity;
  category: CheckCategory;
  /**
   * The behaviour rules it asserts (ids of the schema's rules table; a test holds each exists). Checks
   * that assert the rule a request breaks, or a response field's constraint, name those as they judge.
   */
  rules: readonly string[];
  /** In words, the rules it names as it judges (the rule a request breaks, a field's constraint): the README's table shows them. */
  judgedRules?: string;
  /** The operations a sequence check works on: its grid cells (written once, read by appliesTo). */
  operations?: readonly OperationId[];
  /** Whether the check means anything for this operation (a grid cell exists). */
  appliesTo(op: OperationSpec): boolean;
  /** Judges one exchange; undefined when the exchange says nothing about this check. */
  judge?(input: Judged): Assertion[] | undefined;
  /** A fresh judgement of a history (stateful checks: one per run, recording or proxy session). */
  history?(settings: HistorySettings): HistoryJudge;
  /**
   * Judges what a live run's spend guard measured (balance readings around its requests): the guard
   * decides only whether to spend; the credit rules its readings bear on are judged here.
   */
  measured?(fact: CreditFact): Found[];
  /**
   * The requests a live run sends for this check's history (stateful phase, full mode only): it drives,
   * never judges. What it returns, if anything, runs at the end of the run, once every other phase that
   * keeps what exists has ended (reads again later than a window right after a change).
   */
  sequence?(port: CheckPort): Promise<Later | undefined> | Promise<void>;
  /** Sizes (items) of the generations its sequence makes: what the planner prices and keeps for it. */
  generations?: readonly number[];
}

/** Declares a check (the id stays a literal type, so the registry can derive the id union). */
export function defineCheck<const Id extends string>(spec: CheckSpec<Id>): CheckSpec<Id> {
  return spec;
}

/** A check's `appliesTo` from its list of operations. */
export const onOperations =
  (operations: readonly OperationId[]) =>
  (op: OperationSpec): boolean =>
    operations.includes(op.operationId);
