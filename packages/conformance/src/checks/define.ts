// What a check is: an id, a one-line description, a severity, the operations it means something
// for, and how it judges — one exchange at a time (`judge`), or a sequence of requests on a target
// that keeps state (`sequence`). Each check is one file under registry/, registered once in
// catalog.ts; the check ids are derived from that list.
import type { OperationSpec } from '@mediagen/schema';
import type { RunContext } from '../engine/context.js';
import type { Exchange } from '../engine/http.js';
import type { Expectation, Verdict } from './verdict.js';

export type Severity = 'critical' | 'error' | 'warning';
/**
 * `response`: judged on every response the run receives. `auth`, `data`: judged on requests sent
 * for them. `stateful`: sequences of requests that need a target that keeps state.
 */
export type CheckCategory = 'response' | 'auth' | 'data' | 'stateful';

export type { Expectation, Verdict } from './verdict.js';

/** One exchange, as a judge sees it. */
export interface Judged {
  op: OperationSpec;
  exchange: Exchange;
  expect: Expectation;
  /** The target computes pages (not Prism's examples). */
  pagination: boolean;
}

export interface CheckSpec<Id extends string = string> {
  id: Id;
  description: string;
  severity: Severity;
  category: CheckCategory;
  /** Whether the check means anything for this operation (a grid cell exists). */
  appliesTo(op: OperationSpec): boolean;
  /** Judges one exchange; undefined when the exchange says nothing about this check. */
  judge?(input: Judged): Omit<Verdict, 'check'> | undefined;
  /** The requests of a sequence check, judged as they go (stateful phase, full mode only). */
  sequence?(run: RunContext): Promise<void>;
}

/** Declares a check (the id stays a literal type, so the registry can derive the id union). */
export function defineCheck<const Id extends string>(spec: CheckSpec<Id>): CheckSpec<Id> {
  return spec;
}
