// Reads of the balance — at the start, around what may spend, in between, at the end — and what each
// drop says. A reading is the free estimate of a plain body; it closes a window (the requests sent since
// the reading before). A drop nobody announced is laid on every kind in the window — the reading's own
// estimate included, unless a second reading alone clears it — and none of them is sent again. What
// the readings show goes to the check as facts (model/credit-facts.ts); they judge nothing here.
import type { OperationId } from '@mediagen/schema';
import type { CreditFact, UnannouncedFact } from '../model/credit-facts.js';
import { dataOf, type Exchange, isSuccess } from '../model/exchange.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import type { SpendLedger } from './spend.js';
import { ESTIMATE, KindsSeen, type Mutex, Window } from './windows.js';

/** Under a cap, before any unannounced charge, the balance is read after at most this many requests of kinds known to be free. */
export const READ_EVERY = 8;

export type Send = (c: RequestCase) => Promise<Exchange>;

/** A balance read, or why none could be (`inexact`: a number too large to show a drop of a few credits). */
export type Reading = { credits: number; exchange: Exchange } | { unknown: string; inexact?: boolean };

export const numberIn = (exchange: Exchange, field: string): number | undefined => {
  const data = dataOf(exchange);
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The balance an estimate's answer carries, when it is a number a drop of one credit shows in. */
export function balanceIn(exchange: Exchange): Reading {
  const credits = isSuccess(exchange.status) ? numberIn(exchange, 'balance') : undefined;
  if (credits === undefined) return { unknown: `the estimate answered ${exchange.status} without a balance` };
  if (Math.abs(credits) > Number.MAX_SAFE_INTEGER) {
    return { unknown: `the balance ${credits} is beyond 2^53, where a drop of a few credits is lost in rounding`, inexact: true };
  }
  return { credits, exchange };
}

const ESTIMATES_CHARGE = 'estimates were seen to charge credits: the balance is not read any more';

export class BalanceReadings {
  readonly window = new Window();
  readonly kinds: KindsSeen;
  private inexactSaid = false;

  constructor(
    private readonly ledger: SpendLedger,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
    private readonly lock: Mutex,
    /** Where the facts the readings measured go (to be judged by the check). */
    private readonly fact: (fact: CreditFact) => void,
  ) {
    this.kinds = new KindsSeen(ledger);
  }

  /** One estimate of a plain body, for its balance (the reading is not in the window it closes). */
  async measure(label: string): Promise<Reading> {
    const reading = balanceIn(await this.send({ operationId: ESTIMATE, label, body: [baseItem(this.fixtures)] }));
    if ('unknown' in reading && reading.inexact && this.ledger.capped && !this.inexactSaid) {
      this.inexactSaid = true;
      this.ledger.disbelieve(`${label}: ${reading.unknown}: it cannot show what is spent, so under a credit cap nothing is spent`);
    }
    return reading;
  }

  /** A fall nobody announced: a fact for the check, and a finding that ends spending. */
  private unannouncedFall(fact: Omit<UnannouncedFact, 'kind'>, message: string): void {
    this.fact({ kind: 'unannounced', ...fact });
    this.ledger.find({ message });
  }

  /** A kind of request bracketed by readings cost nothing: known free (and a fact for the check). */
  verify(kind: OperationId, where: string): void {
    this.kinds.verified.add(kind);
    this.fact({ kind: 'free', operationId: kind, where });
  }

  /** Reads the balance (inside the lock): a drop since the last reading is a charge nobody announced, laid on the window. */
  async read(label: string): Promise<Reading> {
    if (this.kinds.estimatesCost) return { unknown: ESTIMATES_CHARGE };
    const members = this.window.take();
    const reading = await this.measure(label);
    // A request sent while the reading was on the wire may have charged before it was measured: it is in this window too.
    for (const kind of this.window.joined()) members.add(kind);
    if ('unknown' in reading) return reading;
    const { drop, from } = this.ledger.log.read({ credits: reading.credits, where: label });
    if (from !== undefined && drop > 0) await this.unannounced(label, drop, from, reading.credits, members);
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

  /** The balance fell by `drop` where nothing was to be charged: whose charge it was, and what is never sent again. */
  private async unannounced(label: string, drop: number, from: number, to: number, members: Set<OperationId>): Promise<void> {
    const fell = `${label}: the balance fell by ${drop} credits (from ${from} to ${to}) where nothing was to be charged`;
    const others = [...members].filter((kind) => kind !== ESTIMATE);
    const fall = { where: label, drop, from, to, sent: others };
    if (others.length === 0) {
      this.kinds.charge([ESTIMATE], drop);
      const sent = members.size ? 'only estimates were sent since the reading before' : 'nothing but the reading, an estimate, was sent';
      this.unannouncedFall({ ...fall, suspects: 'estimates' }, `${fell} (${sent})`);
      return;
    }
    this.kinds.charge(others, drop);
    // The reading is an estimate too: a second one, alone, tells whether it was its charge.
    const where = `${label}: read again, alone`;
    // Alone: no request starts until it is done, and those on the wire land first; what they charged since
    // the reading before is read first (and laid on them), so that the second reading shows only its own charge.
    const { again, landed } = await this.window.alone(async () => {
      let landed: Omit<UnannouncedFact, 'kind' | 'suspects'> | undefined;
      if (this.window.size > 0) {
        const landedWhere = `${label}: read once the requests on the wire landed`;
        const members = this.window.take();
        const reading = await this.measure(landedWhere);
        const before = this.ledger.log.balance;
        const seen = 'unknown' in reading ? undefined : this.ledger.log.read({ credits: reading.credits, where: landedWhere });
        const kinds = [...members].filter((kind) => kind !== ESTIMATE);
        if (seen && seen.drop > 0 && kinds.length > 0 && before !== undefined && 'credits' in reading) {
          this.kinds.charge(kinds, seen.drop);
          landed = { where: landedWhere, drop: seen.drop, from: before, to: reading.credits, sent: kinds };
        }
      }
      return { again: await this.measure(where), landed };
    });
    const beforeAgain = this.ledger.log.balance;
    const alone = 'unknown' in again ? undefined : this.ledger.log.read({ credits: again.credits, where });
    const sent = `sent since the reading before: ${others.join(', ')}`;
    const landedLine = (l: NonNullable<typeof landed>) =>
      `${l.where}: the balance fell by ${l.drop} more credits where nothing was to be charged (sent: ${l.sent.join(', ')})`;
    if (alone !== undefined && alone.drop <= 0) {
      this.unannouncedFall({ ...fall, suspects: 'reads' }, `${fell} (${sent})`);
      if (landed) this.unannouncedFall({ ...landed, suspects: 'reads' }, landedLine(landed));
      return;
    }
    this.kinds.charge([ESTIMATE], alone?.drop ?? 0);
    this.unannouncedFall({ ...fall, suspects: 'unknown' }, `${fell} (${sent}, and the reading itself, an estimate)`);
    if (landed) this.unannouncedFall({ ...landed, suspects: 'unknown' }, landedLine(landed));
    if (alone && beforeAgain !== undefined && 'credits' in again)
      this.unannouncedFall(
        { where, drop: alone.drop, from: beforeAgain, to: again.credits, sent: [], suspects: 'estimates' },
        `${where}, the balance fell by ${alone.drop} more credits`,
      );
  }

  /** The balance now, read with a free estimate of a plain body; or why it could not be read. */
  balance(label: string): Promise<Reading> {
    return this.lock.run(() => this.read(label));
  }

  /**
   * The first readings: the probe's answer (an estimate) when it carried a balance, then a second
   * estimate — estimates are the run's measure, so the run first learns whether they cost (a finding
   * that ends all spending if so; the first reading then cost as much, and is counted).
   */
  start(probe?: Exchange): Promise<void> {
    return this.lock.run(async () => {
      const { log } = this.ledger;
      if (log.balance !== undefined || this.kinds.estimatesCost) return;
      const first = probe ? balanceIn(probe) : undefined;
      if (first && 'credits' in first) log.read({ credits: first.credits, where: 'balance at the start (the probe)' });
      else if ('unknown' in (await this.read('balance at the start'))) return;
      const before = log.observed;
      await this.read('balance again (an estimate costs nothing)');
      const cost = log.observed - before;
      if (cost > 0) log.addUnseen(cost, 'the first balance reading (an estimate, which costs as the second did)');
      else if (log.balance !== undefined) this.verify(ESTIMATE, 'balance again (an estimate costs nothing)');
    });
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
