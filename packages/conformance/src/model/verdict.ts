// What a judgement says, and what a request was sent to show. A leaf module of plain types.
//
// Every judgement is an assertion about one rule of the contract (a rule of the schema package's
// rules table: a behaviour rule, a request rule it is the refusal of, or a constraint of a response
// field). The rule's basis decides what a broken assertion means: a rule of the interface description
// or of the live docs fails the server; an assumption of ours is refuted, a verdict, not a failure.

/**
 * What a request was sent to show (the verdict of the data and auth checks depends on it): `accept`
 * a request the contract allows, `reject` one that breaks a rule, `probe` one the contract allows with
 * a warning (an unknown field: only a 5xx is wrong, and only against an assumption), `none` a read.
 */
export type Expectation = 'accept' | 'reject' | 'probe' | 'missing-key' | 'wrong-key' | 'none';

export interface Assertion {
  /** The rule asserted: an id of the schema package's `rules()`. */
  rule: string;
  ok: boolean;
  /** What was observed, when it broke the rule (or, for passes, nothing). */
  message?: string;
  /** For response schema mismatches: where in the body (`data.media[0].status`). */
  path?: (string | number)[];
  /**
   * The assumption the judgement reads through, when it is weaker than `rule`: a documented field inside
   * a container no source shows, an id whose field is ours, a refusal read from a filled `err` beside a
   * payload. A rule is as firm as the weakest link on its path: the judgement is a verdict on `via`.
   */
  via?: string;
  /**
   * Decided by how a generation ends: the rule holds when it ends `failed` (or censored), breaks when
   * it succeeds (a request the sources say fails, taken by the server). The engine follows it.
   */
  awaits?: { generationId: string };
}

/** A check's assertions on one exchange. */
export interface Verdict<Id extends string = string> {
  check: Id;
  assertions: Assertion[];
}

/** An assertion that holds. */
export const holds = (rule: string): Assertion => ({ rule, ok: true });
/** An assertion that is broken, with what was observed. */
export const broken = (rule: string, message: string): Assertion => ({ rule, ok: false, message });
/** An assertion that holds when `ok`, else broken with `message`. */
export const assertThat = (rule: string, ok: boolean, message: string): Assertion => (ok ? holds(rule) : broken(rule, message));
/** The same assertion, read through an assumption (`via`) when one is given. */
export const through = (assertion: Assertion, via: string | undefined): Assertion => (via === undefined ? assertion : { ...assertion, via });
