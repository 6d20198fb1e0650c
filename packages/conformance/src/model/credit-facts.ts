// What a live run's spend guard measured about the credits, as plain facts: a spending request read
// back between balance readings, a fall of the balance nobody announced, a kind of request found to
// cost nothing. The guard records them and decides from them only whether to spend on; the check
// (credits_arithmetic) is the one judge of every credit rule they bear on.

/** How a spending request ended: answered with success (`served`), refused with an error, or not answered. */
export type SpendOutcome = 'served' | 'refused' | 'unanswered';

/** How a spending request was priced before it went. */
export type Priced = 'estimate' | 'guess' | 'none';

/** A spending request, read back: what the balance fell by from the reading right before it to the last one after it. */
export interface ChargeFact {
  kind: 'charge';
  /** The request, as the report names it. */
  what: string;
  /** Where the last reading was taken. */
  where: string;
  outcome: SpendOutcome;
  priced: Priced;
  /** What its estimate said (`estimate`), or what it was priced at by guess; undefined when unpriced. */
  claimed?: number;
  /** The media it was to make (an image item with batch_size counts each image). */
  items: number;
  /** The balance right before it, and after (the last reading, once the charge showed or the wait ended). */
  from: number;
  to: number;
  /** Credits the estimates in between are known to have cost (the readings, when estimates steadily cost): not the request's charge. */
  overhead?: number;
  /** credits_remaining in its answer, when it carried one. */
  creditsRemaining?: number;
}

/** The balance fell where nothing was to be charged; `suspects` says what the readings lay it on. */
export interface UnannouncedFact {
  kind: 'unannounced';
  where: string;
  drop: number;
  from: number;
  to: number;
  /** `estimates`: only estimates (the readings) were sent; `reads`: a second reading alone cost nothing; `unknown`: it cannot be told. */
  suspects: 'estimates' | 'reads' | 'unknown';
  /** The kinds of request sent since the reading before (besides the readings). */
  sent: readonly string[];
}

/** A kind of request bracketed by readings that cost nothing (an estimate: the run's second reading). */
export interface FreeFact {
  kind: 'free';
  operationId: string;
  where: string;
}

export type CreditFact = ChargeFact | UnannouncedFact | FreeFact;

/** The media a generation body makes: one per item, `batch_size` for an image item. */
export function itemsOf(body: unknown): number {
  if (!Array.isArray(body)) return 1;
  const count = body.reduce((sum: number, item: unknown) => {
    const batch = typeof item === 'object' && item !== null ? (item as { batch_size?: unknown }).batch_size : undefined;
    return sum + (typeof batch === 'number' && Number.isInteger(batch) && batch > 0 ? batch : 1);
  }, 0);
  return Math.max(1, count);
}
