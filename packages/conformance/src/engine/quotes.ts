// What the estimates a run's checks sent said, by body: on a run without a cap nothing is priced in
// advance, and a generate of a body a check has just had estimated is weighed against that estimate.
import { type Exchange, isSuccess } from '../model/exchange.js';
import { numberIn } from './readings.js';

/** The bodies whose estimates are kept, and the longest body kept (a run's checks quote a few bodies). */
const MAX_QUOTES = 256;
const MAX_QUOTED_BODY = 4_096;

/** The key of a body: an estimate quotes the generate of the same body. */
const keyOf = (body: unknown): string => JSON.stringify(body ?? null) ?? 'null';

export class Quotes {
  private readonly prices = new Map<string, number>();

  /** Keeps what a served estimate said for its body (an estimate of 0 or less prices nothing). */
  record(exchange: Exchange): void {
    const estimated = isSuccess(exchange.status) ? numberIn(exchange, 'estimated') : undefined;
    if (estimated === undefined || estimated <= 0) return;
    const key = keyOf(exchange.request.body);
    if (key.length <= MAX_QUOTED_BODY && (this.prices.size < MAX_QUOTES || this.prices.has(key))) this.prices.set(key, estimated);
  }

  /** What the last estimate of this body said, if one was kept. */
  of(body: unknown): number | undefined {
    return this.prices.get(keyOf(body));
  }
}
