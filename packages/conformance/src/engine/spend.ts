// What the run spends, counted from the balances the API reports and from what it admitted, whichever
// is larger. A request that can spend (a generate) is sent only with a price known in advance (the
// estimate of the same body, above 0) that fits under the cap beside what was already counted; it is
// admitted at the larger of its estimate and the dearest price per item already charged, and every
// charge is then read back from the balance. A balance that does not fall by what was admitted (stale,
// rising, too large to count exactly) is not believed: spending stops, and the spend is what was
// admitted. A charge above its estimate, one nobody could price (a reading that cannot be told from the
// request beside it, estimates whose cost varies), or a failed generate that keeps its credits ends all
// spending: the cap could not be kept, and nothing that could spend is sent after it. A charge that can
// be priced goes on under the cap: a read seen to charge is admitted at the worst charge seen for its
// kind, an estimate of steady cost at that cost (admitCost). A charge below its estimate keeps the cap
// (what was admitted is counted): no estimate is trusted again, and the worst price per item seen counts
// for every later spend. Every refusal carries its cause (holds.ts). The ledger judges nothing: what the
// readings showed goes to credits_arithmetic as facts (model/credit-facts.ts), the one judge of the
// credit rules.
import type { SpendReport } from '../judging/run-record.js';
import { BalanceLog, type BalanceReading, CreditPlan } from './balance.js';
import { type HoldCause, Holds } from './holds.js';

export type { SpendReport } from '../judging/run-record.js';
export type { SpendOutcome as Outcome } from '../model/credit-facts.js';
export type { BalanceReading } from './balance.js';

import type { SpendOutcome as Outcome } from '../model/credit-facts.js';

export interface Admission {
  /** What the cap counts for it: the larger of its estimate and the dearest price per item already charged. */
  price: number;
  /** What its estimate (or, `guessed`, the guess) said. */
  claimed: number;
  /** The media it makes (what the dearest price per item is multiplied by). */
  items: number;
  /** Sent without a price (no cap): what it charges is counted, not compared. */
  unpriced?: boolean;
  /** Priced by guess (the estimate refused the body): a dearer charge ends spending, its estimate weighs nothing. */
  guessed?: boolean;
  what: string;
  /** Drawn from the planner's reservation (a stateful check's generation). */
  planned: boolean;
}

/** What the guard saw that ends spending or that the report says (the rules are judged by the check). */
export type Finding = { message: string };

/** How a request that may spend is admitted. */
export interface AdmitOptions {
  planned?: boolean;
  guessed?: boolean;
  /** The media it makes (1 when not said). */
  items?: number;
}

export class SpendLedger {
  readonly log = new BalanceLog();
  readonly plan = new CreditPlan();
  /** Why spending ended, once it did; then nothing that could spend is sent. */
  endedBy: string | undefined;
  /** Credits admitted under the cap (the prices of the requests sent). */
  admitted = 0;
  /** Why each request not sent was held back, and for whose sake (the cap's, or the server's behaviour); once spending ended, what the server's sake comes down to is that end. */
  readonly holds = new Holds(() => this.endedBy);
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
   * The balance read back after a spending request (the last reading, once its charge showed or the
   * wait for it ended). Anything for a refusal, a charge above its estimate (or above a guess), and a
   * served request the balance does not show at all each end spending; a charge below its estimate
   * raises the price every later spend is admitted at. The finding says why. What rule that breaks is
   * the check's to judge.
   */
  settle(admission: Admission, reading: BalanceReading, outcome: Outcome): Finding | undefined {
    const { drop, from } = this.log.read(reading);
    if (from === undefined) return undefined;
    const { price, claimed, what } = admission;
    if (outcome === 'refused') {
      if (drop > 0) return this.find({ message: fell(reading, drop, from, 'nothing was to be charged') });
      // A balance known to show charges says the refusal cost nothing: its price is no longer counted.
      if (!admission.unpriced && this.log.trust === 'shown') this.admitted -= price;
      return undefined;
    }
    if (admission.unpriced) return undefined;
    if (drop > 0 && outcome === 'served') this.log.dearestPerItem = Math.max(this.log.dearestPerItem, drop / admission.items);
    if (drop > claimed) {
      const said = outcome === 'unanswered' || admission.guessed ? 'were expected' : 'the estimate said';
      return this.find({ message: `${reading.where}: charged ${drop} credits where ${said} ${claimed}: no estimate is trusted again` });
    }
    if (outcome !== 'served') return undefined;
    if (drop >= claimed && this.log.trust === 'unproven') this.log.trust = 'shown';
    if (drop <= 0)
      return this.disbelieve(
        `${reading.where}: the balance ${drop === 0 ? 'did not fall' : `rose by ${-drop}`} (from ${from} to ${reading.credits}) although ${price} credits were admitted for ${what}: the balance does not show what is spent, so spending stopped and the spend counts what was admitted`,
      );
    // Less than the estimate (a guess is an upper bound, and says nothing): the estimate disagrees with the
    // charge, and no estimate is trusted again. The cap still holds (what was admitted is counted), so
    // spending goes on with the worst price seen counting: its estimate's price per item, from now on
    // the floor of every admission like the dearest charge.
    if (drop < claimed && !admission.guessed) {
      this.log.dearestPerItem = Math.max(this.log.dearestPerItem, claimed / admission.items);
      const finding = {
        message: `${reading.where}: charged ${drop} credits where the estimate said ${claimed}: no estimate is trusted again (each later spend is priced at least at ${this.log.dearestPerItem} per item, the worst price seen)`,
      };
      this.findings.push(finding);
      return finding;
    }
    return undefined;
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
   * Whether a request priced `claimed` may be sent: spending has not ended, its price is a known number
   * above 0, and the cap holds it — at the larger of its price and the dearest price per item already
   * charged — beside what was counted (the larger of what the balance says and what was admitted; for a
   * request outside the plan, beside the credits kept for the stateful checks too).
   */
  admit(claimed: number | undefined, what: string, options: AdmitOptions = {}): Admission | { refused: string } {
    const { planned = false, guessed = false } = options;
    const items = Math.max(1, options.items ?? 1);
    const refuse = (why: string, cause: HoldCause) => ({ refused: this.holds.add(what, why, cause) });
    if (this.endedBy) return refuse(this.endedBy, 'server');
    if (this.max === undefined && claimed === undefined) return { price: 0, claimed: 0, items, what, planned, unpriced: true };
    const tag = guessed ? { guessed: true } : {};
    // A request that spends is never free: an estimate of 0 or less is no price.
    if (claimed === undefined || !Number.isFinite(claimed) || claimed <= 0) {
      return refuse(
        `its cost cannot be known in advance (estimate ${claimed === undefined ? 'missing' : JSON.stringify(claimed)}${
          claimed !== undefined && claimed <= 0 ? ': a request that spends is never free, so this is no price' : ''
        })`,
        'server',
      );
    }
    const price = Math.max(claimed, Math.ceil(this.log.dearestPerItem * items));
    if (this.max === undefined) return { price, claimed, items, what, planned, ...tag };
    const { drawn, kept } = this.plan.share(price, planned);
    const counted = this.counted;
    const at =
      price > claimed
        ? `priced at ${price} credits (the dearest charge seen, ${this.log.dearestPerItem} per item, above its estimate of ${claimed})`
        : `its estimate of ${price} credits`;
    if (counted + price + kept > this.max) {
      return refuse(
        `${at} would bring the run's spend to ${counted + price}, above the credit cap of ${this.max}` +
          (kept > 0 ? ` (${kept} kept for the stateful checks)` : ''),
        'cap',
      );
    }
    this.plan.draw(drawn);
    this.admitted += price;
    return { price, claimed, items, what, planned: drawn > 0, ...tag };
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
      ...this.findings.map((f) => f.message),
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
      refused: [...this.holds.lines],
      findings,
      ...(plan.needed !== undefined ? { needed: plan.needed } : {}),
    };
  }
}

const fell = (reading: BalanceReading, drop: number, from: number, expected: string) =>
  `${reading.where}: the balance fell by ${drop} credits (from ${from} to ${reading.credits}) where ${expected}`;

/**
 * A request whose charge is known or bounded (`credits`: an estimate's steady cost, the worst a read
 * seen to charge has charged), admitted under the cap beside what was counted (not beside what the
 * plan keeps: the readings are what lets the plan's generations spend at all); `pricedAs` says where
 * its price comes from. The refusal line, or undefined once admitted.
 */
export function admitCost(ledger: SpendLedger, credits: number, what: string, pricedAs: string): string | undefined {
  if (credits <= 0) return undefined;
  if (ledger.endedBy) return ledger.holds.add(what, ledger.endedBy, 'server');
  if (ledger.max !== undefined && ledger.counted + credits > ledger.max) {
    return ledger.holds.add(
      what,
      `its cost of ${credits} credits (${pricedAs}) would bring the run's spend to ${ledger.counted + credits}, above the credit cap of ${ledger.max}`,
      'cap',
    );
  }
  ledger.admitted += credits;
  return undefined;
}
