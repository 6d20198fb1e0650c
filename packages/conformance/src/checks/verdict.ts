// What a judgement says, and what a request was sent to show. A leaf module of plain types.

/** What a request was sent to show (the verdict of the data and auth checks depends on it). */
export type Expectation = 'accept' | 'reject' | 'missing-key' | 'wrong-key' | 'none';

export interface Verdict<Id extends string = string> {
  check: Id;
  ok: boolean;
  /** Why it failed (or, for passes, nothing). */
  message?: string;
  /** For response_schema_conformance: the path of the first mismatch, e.g. `data.media[0].status`. */
  path?: (string | number)[];
  /** For response_schema_conformance: the paths of every mismatch. */
  paths?: (string | number)[][];
}
