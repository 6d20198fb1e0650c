// The balances a run read, in order (drops are spend, rises refunds, and whether the balance can be
// believed), and the credits the planner keeps for the stateful checks.

/** A balance the API reported, with where it was read. */
export interface BalanceReading {
  credits: number;
  where: string;
  /** Credits known to be charged since the reading before besides what is weighed (estimates of a steady cost, the reading included). */
  overhead?: number;
}

/** The balances read, in order: drops are spend, rises refunds. */
export class BalanceLog {
  private first: BalanceReading | undefined;
  private last: BalanceReading | undefined;
  /** Credits the balance has fallen by so far (refunds not subtracted). */
  observed = 0;
  refunded = 0;
  /** Charges counted without a reading of their own (see addUnseen). */
  readonly unseen: string[] = [];
  /**
   * Whether the balance shows what is spent: `shown` once it fell by a served request's whole price,
   * `disbelieved` once it did not fall at all after one (it is then not believed for the rest of the run).
   */
  trust: 'unproven' | 'shown' | 'disbelieved' = 'unproven';
  /** The dearest price per media item a served charge showed: no later spend is admitted below it. */
  dearestPerItem = 0;

  get balance(): number | undefined {
    return this.last?.credits;
  }

  get start(): number | undefined {
    return this.first?.credits;
  }

  /** Credits spent so far, from the balances: drops minus refunds (below 0 when the balance rose). */
  get spent(): number {
    return this.observed - this.refunded;
  }

  /**
   * Records a reading; the drop since the last one (0 for the first, negative for a refund), net of the
   * reading's known overhead (the spend counts all of it).
   */
  read(reading: BalanceReading): { drop: number; from?: number } {
    const before = this.last;
    this.first ??= reading;
    this.last = reading;
    if (!before || !Number.isFinite(reading.credits)) return { drop: 0 };
    const drop = before.credits - reading.credits;
    if (drop > 0) this.observed += drop;
    else if (drop < 0) this.refunded += -drop;
    return { drop: drop - (reading.overhead ?? 0), from: before.credits };
  }

  /** A charge the balance showed only indirectly (the first reading's own cost, known from a second of the same kind). */
  addUnseen(credits: number, what: string): void {
    this.observed += credits;
    this.unseen.push(`${credits} credits for ${what}`);
  }
}

/** The credits the planner keeps for the stateful checks, drawn as their generations are admitted. */
export class CreditPlan {
  private left = 0;
  total = 0;
  /** What the stateful checks need, once planned. */
  needed: number | undefined;

  /** Sets aside `credits`; false (nothing set aside) when `max` is below them. */
  keep(credits: number, max: number | undefined): boolean {
    this.needed = credits;
    if (max !== undefined && credits > max) return false;
    this.left = credits;
    this.total = credits;
    return true;
  }

  /** What a request of `price` draws from the plan (0 when it is not a planned one), and what stays kept beside it. */
  share(price: number, planned: boolean): { drawn: number; kept: number } {
    const drawn = planned ? Math.min(price, this.left) : 0;
    return { drawn, kept: this.left - drawn };
  }

  draw(credits: number): void {
    this.left -= credits;
  }

  /** Gives back what an admission drew when its request was not sent. */
  giveBack(credits: number): void {
    this.left = Math.min(this.total, this.left + credits);
  }
}
