// Reads of the balance — at the start, around what may spend, in between, at the end — and what each
// drop says. A reading is the estimate of a plain body (admitted at what an estimate costs, when
// estimates steadily cost, and netted out of every drop); it closes a window (the requests sent since
// the reading before). A drop nobody announced is laid on the kinds in the window (surprises.ts). What
// the readings show goes to the check as facts (model/credit-facts.ts); they judge nothing here.
import type { OperationId } from '@mediagen/schema';
import type { CreditFact } from '../model/credit-facts.js';
import type { Exchange } from '../model/exchange.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { answered, balanceIn, type Reading } from './balance-reading.js';
import { firstReadings } from './first-readings.js';
import { admitCost, type SpendLedger } from './spend.js';
import { Surprises } from './surprises.js';
import { ESTIMATE, KindsSeen, type Mutex, Window } from './windows.js';

export { answered, balanceIn, numberIn, type Reading } from './balance-reading.js';

/** Under a cap, before any unannounced charge, the balance is read after at most this many requests of kinds known to be free. */
export const READ_EVERY = 8;

export type Send = (c: RequestCase) => Promise<Exchange>;

const ESTIMATES_CHARGE = 'estimates were seen to charge credits: the balance is not read any more';

export class BalanceReadings {
  readonly window = new Window();
  readonly kinds: KindsSeen;
  /** What the readings make of a charge nobody announced. */
  readonly surprises: Surprises;
  private inexactSaid = false;

  constructor(
    private readonly ledger: SpendLedger,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
    private readonly lock: Mutex,
    /** Where the facts the readings measured go (to be judged by the check). */
    readonly fact: (fact: CreditFact) => void,
  ) {
    this.kinds = new KindsSeen(ledger);
    this.surprises = new Surprises(ledger, this.kinds, this.window, (label) => this.measure(label), fact);
  }

  /**
   * One estimate of a plain body, for its balance (the reading is not in the window it closes). When
   * estimates cost, it is admitted at their cost first; one the cap cannot hold is no reading.
   */
  async measure(label: string): Promise<Reading> {
    const held = admitCost(this.ledger, this.kinds.estimateCost, label, 'what an estimate costs');
    if (held) return { unknown: held, cause: 'cap' };
    const reading = balanceIn(await this.send({ operationId: ESTIMATE, label, body: [baseItem(this.fixtures)] }));
    if ('unknown' in reading && reading.inexact && this.ledger.capped && !this.inexactSaid) {
      this.inexactSaid = true;
      this.ledger.disbelieve(`${label}: ${reading.unknown}: it cannot show what is spent, so under a credit cap nothing is spent`);
    }
    return reading;
  }

  /** An estimate for a check or a price, in the window: admitted at what an estimate costs, when it does; the refusal line when the cap cannot hold it. */
  async estimate(c: RequestCase): Promise<Exchange | { refused: string }> {
    const held = admitCost(this.ledger, this.kinds.estimateCost, c.label, 'what an estimate costs');
    return held ? { refused: held } : this.window.within(ESTIMATE, () => this.send(c), answered);
  }

  /** A kind of request bracketed by readings cost nothing: known free (and a fact for the check). */
  verify(kind: OperationId, where: string): void {
    this.kinds.verified.add(kind);
    this.fact({ kind: 'free', operationId: kind, where });
  }

  /** Reads the balance (inside the lock): a drop since the last reading is a charge nobody announced, laid on the window. */
  async read(label: string): Promise<Reading> {
    if (this.kinds.estimatesCost) return { unknown: this.ledger.endedBy ?? ESTIMATES_CHARGE, cause: 'server' };
    const members = this.window.take();
    const reading = await this.measure(label);
    // A request sent while the reading was on the wire may have charged before it was measured: it is in this window too.
    for (const kind of this.window.joined()) members.add(kind);
    if ('unknown' in reading) return reading;
    const { drop, from } = this.ledger.log.read({ credits: reading.credits, where: label, overhead: this.kinds.overhead(members.estimates) });
    if (from !== undefined && drop < 0 && this.kinds.estimateCost > 0) this.surprises.unsteady(label, -drop);
    else if (from !== undefined && drop > 0) await this.surprises.unannounced(label, drop, from, reading.credits, members);
    return reading;
  }

  /** The window is full: before any charge READ_EVERY requests, after one a single request. */
  get due(): boolean {
    return this.window.size >= (this.kinds.charged ? 1 : READ_EVERY);
  }

  /** Reads the balance if the window is full (inside the lock). */
  async readIfDue(): Promise<void> {
    if (this.due) await this.read(`balance after ${this.window.size} request(s)`);
  }

  /** The balance now, read with a free estimate of a plain body; or why it could not be read. */
  balance(label: string): Promise<Reading> {
    return this.lock.run(() => this.read(label));
  }

  /**
   * The first readings (first-readings.ts): the run first learns whether estimates, its measure, cost
   * (and, when they do, whether steadily).
   */
  start(probe?: Exchange): Promise<void> {
    return this.lock.run(() => firstReadings(this, this.ledger, probe ? balanceIn(probe) : undefined));
  }

  /** Under a cap, a reading after each operation's requests, when any were sent. */
  async checkpoint(label: string): Promise<void> {
    if (this.ledger.capped && this.ledger.log.balance !== undefined && this.window.size > 0) await this.balance(`balance after ${label}`);
  }

  /** The last reading of the run (its spend is the balance's difference). */
  async finish(): Promise<void> {
    if (this.ledger.log.balance !== undefined) await this.balance('balance at the end');
  }
}
