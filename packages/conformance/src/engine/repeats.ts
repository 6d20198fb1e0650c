// Identical requests of the per-operation phases are sent once. The examples, the hand-written cases,
// the auth requests and the generated ones often say the same request again (a listing without a
// query, a page the catalogue was read with, a value fast-check draws twice): a read the run already
// sent with the same path, query, body, key and purpose adds no coverage, so it is answered with what
// the first one got — that exchange was judged by every check when it came. Only reads, and spending
// requests sent to be refused (a generation call that judges nothing new is not sent), go through
// here (a request that creates, spends or deletes does something new each time), never a shrunk
// counterexample, a poll or a sequence's request (repeating is their point). A generated request,
// whose failures are recorded only once shrunk, stands for a recorded one only when it passed.
import type { AuthMode } from '../model/exchange.js';
import type { Expectation } from '../model/verdict.js';
import type { RequestCase } from '../requests/cases.js';

type Record = 'all' | 'passes';

/** Requests remembered at most (a long run stays bounded: past it, requests are sent as they come). */
const MAX_REMEMBERED = 20_000;

/** The repeated requests of one run; `T` is what exercising one gives (whether it failed, among the rest). */
export class Repeats<T extends { failed: boolean }> {
  private readonly sent = new Map<string, { record: Record; result: Promise<T> }>();

  /** `keep` gives what is remembered of a result (its outcome, without what only the first caller needs). */
  constructor(private readonly keep: (result: T) => T) {}

  /** What makes two requests the same: operation, path parameters, query, body, key, purpose and the rule it names. */
  static key(c: RequestCase, auth: AuthMode, expect: Expectation): string {
    return JSON.stringify([c.operationId, c.params ?? null, c.query ?? null, c.body ?? null, c.rawBody ?? null, auth, expect, c.basis?.rule ?? null]);
  }

  /** The answer of the request with `key`: the first one's, or `send()`'s when none stands for it. */
  async once(key: string, record: Record, send: () => Promise<T>): Promise<T> {
    const first = this.sent.get(key);
    if (first && (first.record === 'all' || record === 'passes' || !(await first.result).failed)) return first.result;
    const result = send();
    // What is remembered is the outcome, not the answer's body: a run of large answers stays small.
    if (this.sent.size < MAX_REMEMBERED || this.sent.has(key)) this.sent.set(key, { record, result: result.then(this.keep) });
    return result;
  }
}
