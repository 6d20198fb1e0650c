// What the run spends, counted from the balances the API reports, never from the run's own
// arithmetic. A request that can spend (a generate) is sent only with a price known in advance (the
// estimate of the same body) that fits under the cap beside what was already spent; every charge is
// then read back from the balance. A charge nobody announced — an estimate or a read that costs, a
// failed generate that keeps its credits, a generate that costs more than its estimate — is a finding
// of its own and ends all spending: nothing that could spend is sent after it.

/** A balance the API reported, with where it was read. */
export interface BalanceReading {
  credits: number;
  where: string;
}

export interface Admission {
  price: number;
  /** Sent without a price (no cap): what it charges is counted, not compared. */
  unpriced?: boolean;
  /** Priced by guess (the estimate refused the body): a dearer charge ends spending but breaks no rule. */
  guessed?: boolean;
  what: string;
  /** Drawn from the planner's reservation (a stateful check's generation). */
  planned: boolean;
}

export type Finding = { rule?: 'estimate_is_free' | 'reads_are_free' | 'failed_generate_is_free' | 'estimate_is_the_charge'; message: string };

export interface SpendReport {
  maxCredits?: number;
  /** Credits the planner kept for the stateful checks (priced before anything spent). */
  planned: number;
  /** Credits the balance fell by, summed over every drop the run observed. */
  observed: number;
  /** Credits the balance rose by (refunds), summed. */
  refunded: number;
  /** observed − refunded: what the run cost the account. */
  spent: number;
  /** Balance at the first and the last reading. */
  startBalance?: number;
  endBalance?: number;
  /** Spending requests not sent, with why. */
  refused: string[];
  /** Charges nobody announced (each ends all spending). */
  findings: string[];
  /** What the stateful checks needed (the planner's minimum). */
  needed?: number;
}

export class SpendLedger {
  private last: BalanceReading | undefined;
  private first: BalanceReading | undefined;
  private observed = 0;
  private refunded = 0;
  private plannedLeft = 0;
  private plannedTotal = 0;
  private ended: string | undefined;
  readonly refused: string[] = [];
  readonly findings: Finding[] = [];
  /** Charges counted without a reading of their own (see addUnseen). */
  private readonly unseen: string[] = [];
  needed: number | undefined;

  /** `max` undefined: no cap (the run still counts what it spends). */
  constructor(readonly max: number | undefined) {}

  get capped(): boolean {
    return this.max !== undefined;
  }

  /** Why spending ended, once something charged unannounced; then nothing that could spend is sent. */
  get endedBy(): string | undefined {
    return this.ended;
  }

  get balance(): number | undefined {
    return this.last?.credits;
  }

  /** Credits the balance has fallen by so far (refunds not subtracted). */
  get observedSoFar(): number {
    return this.observed;
  }

  /**
   * A charge the balance showed only indirectly: the first reading's own cost, known once a second
   * reading of the same kind showed what one costs. Counted as spend.
   */
  addUnseen(credits: number, what: string): void {
    this.observed += credits;
    this.unseen.push(`${credits} credits for ${what}`);
  }

  /** Credits spent so far, from the balances: drops minus refunds. */
  get spent(): number {
    return this.observed - this.refunded;
  }

  /**
   * A balance the API reported. A drop is spend; a drop the caller did not expect (`expected` is how
   * much it allowed) is a finding with `rule` and ends spending.
   */
  read(reading: BalanceReading, expected = 0, rule?: Finding['rule']): Finding | undefined {
    // `rule` undefined with a drop above `expected`: a surprise that ends spending without breaking a rule.
    const before = this.last;
    this.first ??= reading;
    this.last = reading;
    if (!before || !Number.isFinite(reading.credits)) return undefined;
    const drop = before.credits - reading.credits;
    if (drop > 0) this.observed += drop;
    else if (drop < 0) this.refunded += -drop;
    if (drop > expected) {
      const message =
        rule === undefined
          ? `${reading.where}: charged ${drop} credits where ${expected} were expected`
          : rule === 'estimate_is_the_charge'
            ? `${reading.where}: charged ${drop} credits where the estimate said ${expected}`
            : `${reading.where}: the balance fell by ${drop} credits (from ${before.credits} to ${reading.credits}) where nothing was to be charged`;
      return this.find({ rule, message });
    }
    return undefined;
  }

  /** A charge nobody announced: recorded, and all spending ends. */
  find(finding: Finding): Finding {
    this.findings.push(finding);
    this.ended ??= `spending ended: ${finding.message}`;
    return finding;
  }

  /** Sets aside `credits` for the stateful checks; false (nothing set aside) when the cap is too low. */
  plan(credits: number): boolean {
    this.needed = credits;
    if (this.max !== undefined && credits > this.max) return false;
    this.plannedLeft = credits;
    this.plannedTotal = credits;
    return true;
  }

  /**
   * Whether a request priced `price` may be sent: spending has not ended, its price is a known
   * number, and the cap holds it beside what the balance says was spent (and, for a request outside the
   * plan, beside the credits kept for the stateful checks).
   */
  admit(price: number | undefined, what: string, planned = false, guessed = false): Admission | { refused: string } {
    const refuse = (reason: string) => {
      this.refused.push(reason);
      return { refused: reason };
    };
    if (this.ended) return refuse(`not sent: ${what}: ${this.ended}`);
    if (this.max === undefined && price === undefined) return { price: 0, what, planned, unpriced: true };
    const tag = guessed ? { guessed: true } : {};
    if (price === undefined || !Number.isFinite(price) || price < 0) {
      return refuse(`not sent: ${what}: its cost cannot be known in advance (estimate ${price === undefined ? 'missing' : JSON.stringify(price)})`);
    }
    if (this.max === undefined) return { price, what, planned, ...tag };
    const fromPlan = planned ? Math.min(price, this.plannedLeft) : 0;
    const kept = this.plannedLeft - fromPlan;
    if (this.spent + price + kept > this.max) {
      return refuse(
        `not sent: ${what}: its estimate of ${price} credits would bring the run's spend to ${this.spent + price}, above the credit cap of ${this.max}` +
          (kept > 0 ? ` (${kept} kept for the stateful checks)` : ''),
      );
    }
    this.plannedLeft -= fromPlan;
    return { price, what, planned: fromPlan > 0, ...tag };
  }

  /** Gives back what an admission drew from the plan when its request was not sent. */
  cancel(admission: Admission): void {
    if (admission.planned) this.plannedLeft = Math.min(this.plannedTotal, this.plannedLeft + admission.price);
  }

  report(): SpendReport {
    return {
      ...(this.max !== undefined ? { maxCredits: this.max } : {}),
      planned: this.plannedTotal,
      observed: this.observed,
      refunded: this.refunded,
      spent: this.spent,
      ...(this.first ? { startBalance: this.first.credits } : {}),
      ...(this.last ? { endBalance: this.last.credits } : {}),
      refused: [...this.refused],
      findings: [...this.findings.map((f) => (f.rule ? `${f.rule}: ${f.message}` : f.message)), ...this.unseen.map((u) => `counted: ${u}`)],
      ...(this.needed !== undefined ? { needed: this.needed } : {}),
    };
  }
}
