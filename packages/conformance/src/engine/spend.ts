// What the run spends, counted from the balances the API reports and from what it admitted, whichever
// is larger. A request that can spend (a generate) is sent only with a price known in advance (the
// estimate of the same body, above 0) that fits under the cap beside what was already counted; every
// charge is then read back from the balance. A balance that does not fall by what was admitted (stale,
// rising, too large to count exactly) is not believed: spending stops, and the spend is what was
// admitted. A charge nobody announced — an estimate or a read that costs, a failed generate that keeps
// its credits, a generate that costs more than its estimate — is a finding of its own and ends all
// spending: nothing that could spend is sent after it.
import type { SpendReport } from '../judging/run-record.js';
import { BalanceLog, type BalanceReading, CreditPlan } from './balance.js';

export type { SpendReport } from '../judging/run-record.js';
export type { BalanceReading } from './balance.js';

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

/** How a spending request ended: answered with success (`served`), refused with an error, or not answered. */
export type Outcome = 'served' | 'refused' | 'unanswered';

export class SpendLedger {
  readonly log = new BalanceLog();
  readonly plan = new CreditPlan();
  /** Why spending ended, once it did; then nothing that could spend is sent. */
  endedBy: string | undefined;
  /** Credits admitted under the cap (the prices of the requests sent). */
  admitted = 0;
  readonly refused: string[] = [];
  readonly findings: Finding[] = [];

  /** `max` undefined: no cap (the run still counts what it spends). */
  constructor(readonly max: number | undefined) {}

  get capped(): boolean {
    return this.max !== undefined;
  }

  /** What the cap counts: the larger of what the balance says was spent and what was admitted. */
  get counted(): number {
    return Math.max(this.log.spent, this.admitted, 0);
  }

  /**
   * The balance read back after a spending request. More than announced (or anything for a refusal) is
   * a charge nobody announced; no drop at all after a served request means the balance does not show
   * what is spent — not believed from then on, and spending stops. Either way it is a finding.
   */
  settle(admission: Admission, reading: BalanceReading, outcome: Outcome): Finding | undefined {
    const { drop, from } = this.log.read(reading);
    if (from === undefined) return undefined;
    const { price, what } = admission;
    if (admission.unpriced) {
      // No cap: the charge is counted; only a refusal that kept credits is a finding.
      return outcome === 'refused' && drop > 0
        ? this.find({ rule: 'failed_generate_is_free', message: fell(reading, drop, from, 'nothing was to be charged') })
        : undefined;
    }
    if (outcome === 'refused') {
      if (drop > 0) return this.find({ rule: 'failed_generate_is_free', message: fell(reading, drop, from, 'nothing was to be charged') });
      // A balance known to show charges says the refusal cost nothing: its price is no longer counted.
      if (this.log.trust === 'shown') this.admitted -= price;
      return undefined;
    }
    if (drop > price) {
      // Unanswered, or priced by guess (the estimate refused the body): a dearer charge ends spending but breaks no rule.
      if (outcome === 'unanswered' || admission.guessed)
        return this.find({ message: `${reading.where}: charged ${drop} credits where ${price} were expected` });
      return this.find({ rule: 'estimate_is_the_charge', message: `${reading.where}: charged ${drop} credits where the estimate said ${price}` });
    }
    if (outcome !== 'served') return undefined;
    if (drop >= price && this.log.trust === 'unproven') this.log.trust = 'shown';
    // A served request the balance does not show at all: the balance is not believed. One that fell by
    // less than its price (a guess is an upper bound) still moves: the cap counts the price regardless.
    if (drop > 0) return undefined;
    return this.disbelieve(
      `${reading.where}: the balance ${drop === 0 ? 'did not fall' : `rose by ${-drop}`} (from ${from} to ${reading.credits}) although ${price} credits were admitted for ${what}: the balance does not show what is spent, so spending stopped and the spend counts what was admitted`,
    );
  }

  /**
   * The balance cannot be believed: a finding, spending ends, and the spend is what the cap counted. It
   * fails no rule by itself (a stateless mock's balance never moves): credits_arithmetic judges the arithmetic.
   */
  disbelieve(message: string): Finding {
    this.log.trust = 'disbelieved';
    return this.find({ message });
  }

  /** A charge nobody announced (or a balance not believed): recorded, and all spending ends. */
  find(finding: Finding): Finding {
    this.findings.push(finding);
    this.endedBy ??= `spending ended: ${finding.message}`;
    return finding;
  }

  /**
   * Whether a request priced `price` may be sent: spending has not ended, its price is a known number
   * above 0, and the cap holds it beside what was counted (the larger of what the balance says and what
   * was admitted; for a request outside the plan, beside the credits kept for the stateful checks too).
   */
  admit(price: number | undefined, what: string, planned = false, guessed = false): Admission | { refused: string } {
    const refuse = (reason: string) => {
      this.refused.push(reason);
      return { refused: reason };
    };
    if (this.endedBy) return refuse(`not sent: ${what}: ${this.endedBy}`);
    if (this.max === undefined && price === undefined) return { price: 0, what, planned, unpriced: true };
    const tag = guessed ? { guessed: true } : {};
    // A request that spends is never free: an estimate of 0 or less is no price.
    if (price === undefined || !Number.isFinite(price) || price <= 0) {
      return refuse(
        `not sent: ${what}: its cost cannot be known in advance (estimate ${price === undefined ? 'missing' : JSON.stringify(price)}${
          price !== undefined && price <= 0 ? ': a request that spends is never free, so this is no price' : ''
        })`,
      );
    }
    if (this.max === undefined) return { price, what, planned, ...tag };
    const { drawn, kept } = this.plan.share(price, planned);
    const counted = this.counted;
    if (counted + price + kept > this.max) {
      return refuse(
        `not sent: ${what}: its estimate of ${price} credits would bring the run's spend to ${counted + price}, above the credit cap of ${this.max}` +
          (kept > 0 ? ` (${kept} kept for the stateful checks)` : ''),
      );
    }
    this.plan.draw(drawn);
    this.admitted += price;
    return { price, what, planned: drawn > 0, ...tag };
  }

  /** An admitted request that was not sent after all: its price is no longer counted. */
  withdraw(admission: Admission): void {
    if (admission.unpriced) return;
    this.admitted -= admission.price;
    if (admission.planned) this.plan.giveBack(admission.price);
  }

  report(): SpendReport {
    const { log, plan } = this;
    const rose = log.start !== undefined && log.spent < 0;
    const fromAdmitted = log.trust === 'disbelieved' || rose;
    const findings = [
      ...this.findings.map((f) => (f.rule ? `${f.rule}: ${f.message}` : f.message)),
      ...log.unseen.map((u) => `counted: ${u}`),
      ...(rose
        ? [
            `the balance ended ${-log.spent} credits above where it started (${log.start} → ${log.balance}): what the run spent is counted from what was admitted`,
          ]
        : []),
    ];
    return {
      ...(this.max !== undefined ? { maxCredits: this.max } : {}),
      planned: plan.total,
      observed: log.observed,
      refunded: log.refunded,
      spent: fromAdmitted ? this.counted : log.spent,
      spentFrom: fromAdmitted ? 'admitted' : 'balance',
      ...(this.max !== undefined ? { admitted: this.admitted, counted: this.counted } : {}),
      ...(this.endedBy ? { ended: this.endedBy } : {}),
      ...(log.start !== undefined ? { startBalance: log.start } : {}),
      ...(log.balance !== undefined ? { endBalance: log.balance } : {}),
      refused: [...this.refused],
      findings,
      ...(plan.needed !== undefined ? { needed: plan.needed } : {}),
    };
  }
}

const fell = (reading: BalanceReading, drop: number, from: number, expected: string) =>
  `${reading.where}: the balance fell by ${drop} credits (from ${from} to ${reading.credits}) where ${expected}`;
