// The spend guard of a run: it reads the balance the API reports (with the free estimate of a plain
// body), prices a spending request before it is sent (the estimate of the same body), admits it only
// when the ledger's cap holds it, and reads the balance right before and right after it. Every reading
// closes a window: the requests sent since the reading before. A drop nobody announced is laid on every
// kind of request in its window — the reading's own estimate included, unless a second reading alone
// clears it — and those kinds are never sent again. Under a cap the first request of every kind is
// bracketed by readings, and the balance is read at least every READ_EVERY requests; once a charge was
// seen, after every request, and only while the cap could still hold another such charge. Spending
// windows run one at a time, with the balance read right before and after: what a request that can
// spend is charged is its own, beside what was in flight with it.
import { type OperationId, type OperationSpec, operations } from '@mediagen/schema';
import { served } from '../checks/response.js';
import { dataOf, type Exchange, isSuccess } from '../model/exchange.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { type Admission, type Finding, type Outcome, SpendLedger } from './spend.js';

const { estimateGeneration } = operations;
const ESTIMATE = estimateGeneration.operationId;

/** Under a cap, before any unannounced charge, the balance is read after at most this many requests of a kind known to be free. */
export const READ_EVERY = 8;

type Send = (c: RequestCase) => Promise<Exchange>;

const numberIn = (exchange: Exchange, field: string): number | undefined => {
  const data = dataOf(exchange);
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** One at a time: the body of a spending window. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export type Spent = { exchange: Exchange } | { refused: string };
/** A balance read, or why none could be (`inexact`: a number too large to count a drop of a few credits). */
type Reading = { credits: number; exchange: Exchange } | { unknown: string; inexact?: boolean };

/** The balance an estimate's answer carries, when it is a number a drop of one credit shows in. */
function balanceIn(exchange: Exchange): Reading {
  const credits = isSuccess(exchange.status) ? numberIn(exchange, 'balance') : undefined;
  if (credits === undefined) return { unknown: `the estimate answered ${exchange.status} without a balance` };
  if (Math.abs(credits) > Number.MAX_SAFE_INTEGER) {
    return { unknown: `the balance ${credits} is beyond 2^53, where a drop of a few credits is lost in rounding`, inexact: true };
  }
  return { credits, exchange };
}

const ESTIMATES_CHARGE = 'estimates were seen to charge credits: the balance is not read any more';

/** The requests sent since the last balance reading, by kind; those in flight belong to the next window too. */
class Window {
  private kinds = new Set<OperationId>();
  private readonly flying = new Map<OperationId, number>();
  /** Requests in the window. */
  size = 0;

  async within<T>(kind: OperationId, go: () => Promise<T>): Promise<T> {
    this.kinds.add(kind);
    this.flying.set(kind, (this.flying.get(kind) ?? 0) + 1);
    this.size++;
    try {
      return await go();
    } finally {
      const left = (this.flying.get(kind) ?? 1) - 1;
      if (left > 0) this.flying.set(kind, left);
      else this.flying.delete(kind);
    }
  }

  /** The kinds a reading closes the window on; what is still in flight opens the next one. */
  take(): Set<OperationId> {
    const taken = new Set([...this.kinds, ...this.flying.keys()]);
    this.kinds = new Set(this.flying.keys());
    this.size = [...this.flying.values()].reduce((a, b) => a + b, 0);
    return taken;
  }
}

/** Reads of the balance — at the start, around what may spend, in between, at the end — and what each drop says. */
export class BalanceReadings {
  private readonly window = new Window();
  /** Kinds seen to charge where nothing was to be charged: never sent again. */
  readonly charging = new Set<OperationId>();
  /** Kinds whose first request was bracketed by readings and cost nothing. */
  readonly verified = new Set<OperationId>();
  /** The largest charge nobody announced one reading showed (0 until one is seen). */
  largest = 0;
  private inexactSaid = false;

  constructor(
    private readonly ledger: SpendLedger,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
    private readonly lock: Mutex,
    private readonly note: (finding: Finding | undefined) => void,
  ) {}

  get estimatesCost(): boolean {
    return this.charging.has(ESTIMATE);
  }

  /** A charge nobody announced was seen: from then on each request is read back on its own. */
  get charged(): boolean {
    return this.largest > 0;
  }

  /** Nothing was sent since the last reading. */
  get quiet(): boolean {
    return this.window.size === 0;
  }

  /** Sends a request of `kind` inside the current window. */
  within<T>(kind: OperationId, go: () => Promise<T>): Promise<T> {
    return this.window.within(kind, go);
  }

  /** One estimate of a plain body, for its balance (the reading is not in the window it closes). */
  private async measure(label: string): Promise<Reading> {
    const reading = balanceIn(await this.send({ operationId: ESTIMATE, label, body: [baseItem(this.fixtures)] }));
    if ('unknown' in reading && reading.inexact && this.ledger.capped && !this.inexactSaid) {
      this.inexactSaid = true;
      this.note(this.ledger.disbelieve(`${label}: ${reading.unknown}: it cannot show what is spent, so under a credit cap nothing is spent`));
    }
    return reading;
  }

  private found(finding: Finding): void {
    this.note(this.ledger.find(finding));
  }

  /**
   * Reads the balance (inside a window of the lock). A drop since the last reading is a charge nobody
   * announced, laid on every kind the window holds: none of them is sent again.
   */
  async read(label: string): Promise<Reading> {
    if (this.estimatesCost) return { unknown: ESTIMATES_CHARGE };
    const members = this.window.take();
    const reading = await this.measure(label);
    if ('unknown' in reading) return reading;
    const { drop, from } = this.ledger.log.read({ credits: reading.credits, where: label });
    if (from !== undefined && drop > 0) await this.unannounced(label, drop, from, reading.credits, members);
    return reading;
  }

  /** The window is full: before any charge READ_EVERY requests, after one a single request. */
  get due(): boolean {
    return this.window.size >= (this.charged ? 1 : READ_EVERY);
  }

  /** Reads the balance if the window is full. */
  async readIfDue(): Promise<void> {
    if (this.due) await this.read(`balance after ${this.window.size} request(s)`);
  }

  /** The balance fell by `drop` where nothing was to be charged: whose charge it was, and what is never sent again. */
  private async unannounced(label: string, drop: number, from: number, to: number, members: Set<OperationId>): Promise<void> {
    this.largest = Math.max(this.largest, drop);
    const fell = `${label}: the balance fell by ${drop} credits (from ${from} to ${to}) where nothing was to be charged`;
    const others = [...members].filter((kind) => kind !== ESTIMATE);
    if (others.length === 0) {
      this.charging.add(ESTIMATE);
      this.found({
        rule: 'estimate_is_free',
        message: `${fell} (${members.size ? 'only estimates were sent since the reading before' : 'nothing but the reading, an estimate, was sent'})`,
      });
      return;
    }
    for (const kind of others) this.charging.add(kind);
    // The reading is an estimate too: a second one, alone, tells whether it was its charge.
    const again = await this.measure(`${label}: read again, alone`);
    const alone = 'unknown' in again ? undefined : this.ledger.log.read({ credits: again.credits, where: `${label}: read again, alone` });
    const sent = `sent since the reading before: ${others.join(', ')}`;
    if (alone !== undefined && alone.drop <= 0) {
      this.found({ rule: 'reads_are_free', message: `${fell} (${sent})` });
      return;
    }
    this.charging.add(ESTIMATE);
    if (alone) this.largest = Math.max(this.largest, alone.drop);
    this.found({ message: `${fell} (${sent}, and the reading itself, an estimate)` });
    if (alone) this.found({ rule: 'estimate_is_free', message: `${label}: read again, alone, the balance fell by ${alone.drop} more credits` });
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
      if (log.balance !== undefined || this.estimatesCost) return;
      const first = probe ? balanceIn(probe) : undefined;
      if (first && 'credits' in first) log.read({ credits: first.credits, where: 'balance at the start (the probe)' });
      else if ('unknown' in (await this.read('balance at the start'))) return;
      const before = log.observed;
      await this.read('balance again (an estimate costs nothing)');
      const cost = log.observed - before;
      if (cost > 0) log.addUnseen(cost, 'the first balance reading (an estimate, which costs as the second did)');
      else if (log.balance !== undefined) this.verified.add(ESTIMATE);
    });
  }

  /** Under a cap, a reading after each operation's requests, when any were sent. */
  async checkpoint(label: string): Promise<void> {
    if (this.ledger.capped && this.ledger.log.balance !== undefined && !this.quiet) await this.balance(`balance after ${label}`);
  }

  /** The last reading of the run (its spend is the balance's difference). */
  async finish(): Promise<void> {
    if (this.ledger.log.balance !== undefined) await this.balance('balance at the end');
  }

  /** Closes the window on a reading made elsewhere (after a spending request): the kinds it held. */
  closeWindow(): Set<OperationId> {
    return this.window.take();
  }

  /**
   * A charge beyond the price of a spending request, seen after it. Alone in its window, it was the
   * request's own (spending has ended); with requests that should cost nothing beside it (in flight
   * meanwhile), those are not sent again either, and each later one is read back on its own.
   */
  spentMore(extra: number, members: Set<OperationId>, spender: OperationId): void {
    const others = [...members].filter((kind) => kind !== spender);
    if (others.length === 0) return;
    this.largest = Math.max(this.largest, extra);
    for (const kind of others) this.charging.add(kind);
  }

  /** Why a request of `kind` that should cost nothing may not go (through `refuse`), or undefined when it may. */
  refusal(kind: OperationId, refuse: (why: string) => string): string | undefined {
    if (this.charging.has(kind)) return refuse('it was seen to charge credits where nothing was to be charged');
    if (this.estimatesCost) return refuse('estimates were seen to charge credits, so no balance can be read to check this costs nothing');
    if (this.charged && !this.verified.has(kind))
      return refuse(`${this.ledger.endedBy ?? 'a charge nobody announced was seen'}; it is not yet known to cost nothing`);
    const { max } = this.ledger;
    if (this.charged && max !== undefined && this.ledger.counted + this.largest > max) {
      return refuse(
        `the credit cap of ${max} cannot hold another unannounced charge like the largest seen (${this.largest} credits) beside the ${this.ledger.counted} counted`,
      );
    }
    return undefined;
  }
}

/**
 * Under a cap, a request that should spend nothing: the first of its kind is bracketed by balance
 * readings, later ones go at once while no charge was seen (the balance read every READ_EVERY of them);
 * once one was seen, each goes alone and is read back. Nothing seen to charge is sent again.
 */
class FreeRequests {
  constructor(
    private readonly ledger: SpendLedger,
    private readonly readings: BalanceReadings,
    private readonly lock: Mutex,
    private readonly refuse: (what: string, why: string) => string,
  ) {}

  private fast(kind: OperationId): boolean {
    return this.readings.verified.has(kind) && !this.readings.charged;
  }

  async send(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    if (!this.ledger.capped) return { exchange: await go() };
    const kind = op.operationId;
    const unsafe = () => this.readings.refusal(kind, (why) => this.refuse(kind, why));
    const early = unsafe();
    if (early) return { refused: early };
    if (this.fast(kind)) {
      const exchange = await this.readings.within(kind, go);
      if (this.readings.due) await this.lock.run(() => this.readings.readIfDue());
      return { exchange };
    }
    return this.lock.run(async () => {
      const late = unsafe();
      if (late) return { refused: late };
      if (this.fast(kind)) {
        const exchange = await this.readings.within(kind, go);
        await this.readings.readIfDue();
        return { exchange };
      }
      const first = !this.readings.verified.has(kind);
      // The window must hold this request alone: a reading first, unless nothing was sent since the last one.
      const before =
        this.readings.quiet && this.ledger.log.balance !== undefined
          ? undefined
          : await this.readings.read(`balance before ${first ? 'the first ' : ''}${kind}`);
      const after = unsafe();
      if (after) return { refused: after };
      if ((before && 'unknown' in before) || this.ledger.log.balance === undefined) {
        // Nothing can be measured: before any charge it goes unmeasured (reads are meant to be free); after one, it does not go.
        if (this.readings.charged)
          return {
            refused: this.refuse(kind, `a charge was seen and the balance cannot be read (${before && 'unknown' in before ? before.unknown : 'never read'})`),
          };
        return { exchange: await go() };
      }
      const exchange = await this.readings.within(kind, go);
      const read = await this.readings.read(`${kind}: balance after ${first ? 'its first request' : 'it'}`);
      if (!('unknown' in read) && !this.readings.charging.has(kind)) this.readings.verified.add(kind);
      return { exchange };
    });
  }
}

export class Spending {
  readonly ledger: SpendLedger;
  readonly readings: BalanceReadings;
  private readonly free: FreeRequests;
  private readonly lock = new Mutex();
  /** Findings not yet recorded as assertions (the run records each once). */
  readonly pending: Finding[] = [];

  constructor(
    maxCredits: number | undefined,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
  ) {
    this.ledger = new SpendLedger(maxCredits);
    this.readings = new BalanceReadings(this.ledger, send, fixtures, this.lock, (finding) => finding && this.pending.push(finding));
    this.free = new FreeRequests(this.ledger, this.readings, this.lock, (what, why) => this.refuse(what, why));
  }

  /** An estimate sent to price a body: in the window, like any request that could charge. */
  private estimate(c: RequestCase): Promise<Exchange> {
    return this.readings.within(ESTIMATE, () => this.send(c));
  }

  /**
   * The price of a body: its estimate. A body the estimate refuses has no price of its own: it is
   * priced like the dearest valid body of the same size a server that wrongly took it could make of it
   * (plain items, or videos when the run has an input for one).
   */
  private async priceOf(c: RequestCase, invalid: boolean): Promise<{ price?: number; guessed: boolean }> {
    const estimate = await this.estimate({ operationId: ESTIMATE, label: `price of: ${c.label}`, body: c.body });
    const price = numberIn(estimate, 'estimated');
    if (isSuccess(estimate.status) && price !== undefined) return { price, guessed: false };
    if (!invalid) return { guessed: false };
    const size = Array.isArray(c.body) ? Math.max(1, c.body.length) : 1;
    const kinds = [
      baseItem(this.fixtures),
      ...(this.fixtures.portraitAssetId ? [{ video_anyone: { media_id: this.fixtures.portraitAssetId, prompt: 'a video' } }] : []),
    ];
    let dearest: number | undefined;
    for (const item of kinds) {
      const similar = await this.estimate({
        operationId: ESTIMATE,
        label: `price of a valid body like: ${c.label}`,
        body: Array.from({ length: size }, () => item),
      });
      const value = isSuccess(similar.status) ? numberIn(similar, 'estimated') : undefined;
      if (value !== undefined) dearest = Math.max(dearest ?? 0, value);
    }
    return dearest === undefined ? { guessed: true } : { price: dearest, guessed: true };
  }

  /**
   * Sends a request that can spend within the cap: priced first, admitted by the ledger, sent between
   * two balance readings, then charged as the balance says. Returns the exchange, or why it was not sent.
   */
  spend(c: RequestCase, options: { invalid: boolean; planned: boolean; go: () => Promise<Exchange> }): Promise<Spent> {
    return this.lock.run(async () => {
      const { ledger, readings } = this;
      if (ledger.endedBy) return { refused: this.refuse(`${c.label}`, ledger.endedBy) };
      // Without a cap nothing needs a price in advance (a local target): the balance still counts the spend.
      const priced = ledger.capped ? await this.priceOf(c, options.invalid) : { guessed: false };
      const admission = ledger.admit(priced.price, `"${c.label}"`, options.planned, priced.guessed);
      if ('refused' in admission) return admission;
      // Under a cap the request goes alone in its window: the balance is read right before it (the pricing estimates are behind that reading).
      const before = ledger.capped || ledger.log.balance === undefined ? await readings.read(`balance before "${c.label}"`) : undefined;
      const why = ledger.endedBy ?? (ledger.capped && before && 'unknown' in before ? before.unknown : undefined);
      if (why !== undefined) {
        ledger.withdraw(admission);
        return { refused: this.refuse(c.label, ledger.endedBy ?? `the balance cannot be read (${why}), and under a credit cap nothing is spent unmeasured`) };
      }
      const exchange = await readings.within(c.operationId, options.go);
      await this.settle(admission, exchange, c.operationId);
      return { exchange };
    });
  }

  /** A request that should spend nothing, sent through the guard of free requests. */
  guardFree(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    return this.free.send(op, go);
  }

  private refuse(what: string, why: string): string {
    const reason = `not sent: ${what}: ${why}`;
    if (!this.ledger.refused.includes(reason)) this.ledger.refused.push(reason);
    return reason;
  }

  /** Reads back what a spending request cost: more than announced, anything for a failure, or less than admitted ends spending. */
  private async settle(admission: Admission, exchange: Exchange, spender: OperationId): Promise<void> {
    const outcome: Outcome = served(exchange) ? 'served' : exchange.status === 0 ? 'unanswered' : 'refused';
    const where = `after ${admission.what}`;
    const remaining = outcome === 'served' && !this.ledger.capped ? numberIn(exchange, 'credits_remaining') : undefined;
    if (remaining !== undefined) {
      const finding = this.ledger.settle(admission, { credits: remaining, where }, outcome);
      if (finding) this.pending.push(finding);
      return;
    }
    const members = this.readings.closeWindow();
    const after = balanceIn(await this.send({ operationId: ESTIMATE, label: `balance ${where}`, body: [baseItem(this.fixtures)] }));
    if ('unknown' in after) {
      if (this.ledger.capped)
        this.pending.push(this.ledger.disbelieve(`${where}: the balance could not be read back (${after.unknown}); the spend counts what was admitted`));
      return;
    }
    const observed = this.ledger.log.observed;
    const finding = this.ledger.settle(admission, { credits: after.credits, where }, outcome);
    if (!finding) return;
    this.pending.push(finding);
    const expected = admission.unpriced ? Number.POSITIVE_INFINITY : outcome === 'refused' ? 0 : admission.price;
    const extra = this.ledger.log.observed - observed - expected;
    if (extra > 0) this.readings.spentMore(extra, members, spender);
  }
}
