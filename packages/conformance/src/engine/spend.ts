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
  /** Charges nobody announced (each ends all spending), and charges counted without a reading of their own. */
  findings: string[];
  /** What the stateful checks needed (the planner's minimum). */
  needed?: number;
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

  get balance(): number | undefined {
    return this.last?.credits;
  }

  get start(): number | undefined {
    return this.first?.credits;
  }

  /** Credits spent so far, from the balances: drops minus refunds. */
  get spent(): number {
    return this.observed - this.refunded;
  }

  /** Records a reading; the drop since the last one (0 for the first, negative for a refund). */
  read(reading: BalanceReading): { drop: number; from?: number } {
    const before = this.last;
    this.first ??= reading;
    this.last = reading;
    if (!before || !Number.isFinite(reading.credits)) return { drop: 0 };
    const drop = before.credits - reading.credits;
    if (drop > 0) this.observed += drop;
    else if (drop < 0) this.refunded += -drop;
    return { drop, from: before.credits };
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

export class SpendLedger {
  readonly log = new BalanceLog();
  readonly plan = new CreditPlan();
  private ended: string | undefined;
  readonly refused: string[] = [];
  readonly findings: Finding[] = [];

  /** `max` undefined: no cap (the run still counts what it spends). */
  constructor(readonly max: number | undefined) {}

  get capped(): boolean {
    return this.max !== undefined;
  }

  /** Why spending ended, once something charged unannounced; then nothing that could spend is sent. */
  get endedBy(): string | undefined {
    return this.ended;
  }

  /**
   * A balance the API reported. A drop is spend; a drop above what the caller allowed (`expected`) is a
   * finding — of `rule`, or a surprise that breaks no rule when none is given — and ends spending.
   */
  read(reading: BalanceReading, expected = 0, rule?: Finding['rule']): Finding | undefined {
    const { drop, from } = this.log.read(reading);
    if (from === undefined || drop <= expected) return undefined;
    const message =
      rule === undefined
        ? `${reading.where}: charged ${drop} credits where ${expected} were expected`
        : rule === 'estimate_is_the_charge'
          ? `${reading.where}: charged ${drop} credits where the estimate said ${expected}`
          : `${reading.where}: the balance fell by ${drop} credits (from ${from} to ${reading.credits}) where nothing was to be charged`;
    return this.find({ ...(rule ? { rule } : {}), message });
  }

  /** A charge nobody announced: recorded, and all spending ends. */
  find(finding: Finding): Finding {
    this.findings.push(finding);
    this.ended ??= `spending ended: ${finding.message}`;
    return finding;
  }

  /**
   * Whether a request priced `price` may be sent: spending has not ended, its price is a known number,
   * and the cap holds it beside what the balance says was spent (and, for a request outside the plan,
   * beside the credits kept for the stateful checks).
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
    const { drawn, kept } = this.plan.share(price, planned);
    if (this.log.spent + price + kept > this.max) {
      return refuse(
        `not sent: ${what}: its estimate of ${price} credits would bring the run's spend to ${this.log.spent + price}, above the credit cap of ${this.max}` +
          (kept > 0 ? ` (${kept} kept for the stateful checks)` : ''),
      );
    }
    this.plan.draw(drawn);
    return { price, what, planned: drawn > 0, ...tag };
  }

  report(): SpendReport {
    const { log, plan } = this;
    return {
      ...(this.max !== undefined ? { maxCredits: this.max } : {}),
      planned: plan.total,
      observed: log.observed,
      refunded: log.refunded,
      spent: log.spent,
      ...(log.start !== undefined ? { startBalance: log.start } : {}),
      ...(log.balance !== undefined ? { endBalance: log.balance } : {}),
      refused: [...this.refused],
      findings: [...this.findings.map((f) => (f.rule ? `${f.rule}: ${f.message}` : f.message)), ...log.unseen.map((u) => `counted: ${u}`)],
      ...(plan.needed !== undefined ? { needed: plan.needed } : {}),
    };
  }
}
