// What a check is: an id, a one-line description, a severity, the operations it means something for,
// the rules it asserts, and how it judges — one exchange at a time (`judge`), or a sequence of
// requests on a target that keeps state (`sequence`). Each check is one file under registry/,
// registered once in catalog.ts; the check ids are derived from that list.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { Basis } from '../model/basis.js';
import type { Exchange } from '../model/exchange.js';
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
  /** For a request sent to be refused: the rule it breaks (documented first). */
  breach?: Basis;
  /** For a request sent to be accepted: the assumption its validity relies on, if any. */
  relies?: Basis;
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
  /** The requests of a sequence check, judged as they go (stateful phase, full mode only). */
  sequence?(port: CheckPort): Promise<void>;
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
