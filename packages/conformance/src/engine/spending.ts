// The spend guard of a run: it reads the balance the API reports (readings.ts), prices a spending
// request before it is sent (the estimate of the same body), admits it only when the ledger's cap holds
// it, and sends it alone in its window, with the balance read right before and right after it: what a
// request that can spend is charged is its own, beside what was in flight with it. A charge taken later
// (as the media finish) is waited for, alone, within the lifecycle wait. Without a cap, the requests
// sent to be refused (nothing is to be charged for any of them) share a window instead, side by side,
// read back once (spendTogether); a generate whose body a check has just had estimated goes alone and is
// weighed against that estimate (its fact names it), so the credit rules are judged there too. Requests that should spend nothing go through the guard of free
// requests (free-requests.ts). What it measured goes to the check as facts (`facts`): the guard decides
// only whether to spend.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import { served } from '../checks/response.js';
import { type CreditFact, itemsOf } from '../model/credit-facts.js';
import { type Exchange, isSuccess } from '../model/exchange.js';
import { sleep } from '../plumbing/sleep.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { FreeRequests, type Spent } from './free-requests.js';
import type { HoldCause } from './holds.js';
import { Quotes } from './quotes.js';
import { BalanceReadings, numberIn, type Reading, type Send } from './readings.js';
import { type Admission, type Outcome, SpendLedger } from './spend.js';
import { ESTIMATE, Mutex } from './windows.js';

export type { Spent } from './free-requests.js';

/** Spending requests gathered to go side by side in one window. */
interface Gathered {
  members: { c: RequestCase; go: () => Promise<Exchange>; resolve: (spent: Spent) => void; reject: (error: unknown) => void }[];
}

export class Spending {
  readonly ledger: SpendLedger;
  readonly readings: BalanceReadings;
  private readonly free: FreeRequests;
  private readonly lock = new Mutex();
  /** What the readings measured, not yet handed to the judge (the run hands each over once). */
  readonly facts: CreditFact[] = [];
  /** What the estimates sent by the checks said, by body: on a run without a cap, what a generate of the same body is weighed against. */
  private readonly quotes = new Quotes();

  /**
   * `chargeWaitMs`: how long a charge taken later (as the media finish) is waited for: the lifecycle wait,
   * or nothing on a target whose balance cannot move (asked when a charge is settled: a run learns what
   * its target is from the first answer).
   */
  constructor(
    maxCredits: number | undefined,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
    private readonly chargeWaitMs: () => number = () => 30_000,
  ) {
    this.ledger = new SpendLedger(maxCredits);
    this.readings = new BalanceReadings(this.ledger, send, fixtures, this.lock, (fact) => this.facts.push(fact));
    this.free = new FreeRequests(this.ledger, this.readings, this.lock, (what, why, cause) => this.refuse(what, why, cause));
  }

  /**
   * The price of a body: its estimate. A body the estimate refuses has no price of its own: it is
   * priced like the dearest valid body of the same size a server that wrongly took it could make of it
   * (plain items, or videos when the run has an input for one).
   */
  private async priceOf(c: RequestCase, invalid: boolean): Promise<{ price?: number; guessed: boolean } | { refused: string }> {
    // An estimate sent to price a body: in the window, like any request that could charge (admitted at its cost, when estimates cost).
    const estimateOf = (e: RequestCase) => this.readings.estimate(e);
    const estimate = await estimateOf({ operationId: ESTIMATE, label: `price of: ${c.label}`, body: c.body });
    if ('refused' in estimate) return estimate;
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
      const similar = await estimateOf({
        operationId: ESTIMATE,
        label: `price of a valid body like: ${c.label}`,
        body: Array.from({ length: size }, () => item),
      });
      if ('refused' in similar) return similar;
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
      if (ledger.endedBy) return { refused: this.refuse(`${c.label}`, ledger.endedBy, 'server') };
      // Without a cap nothing needs a price in advance (a local target): the balance still counts the spend,
      // and a body a check has just had estimated is weighed against that estimate (the guard does not act on it).
      const priced = ledger.capped ? await this.priceOf(c, options.invalid) : { guessed: false };
      if ('refused' in priced) return priced;
      const quoted = ledger.capped || options.invalid ? undefined : this.quotes.of(c.body);
      const admission = ledger.admit(priced.price, `"${c.label}"`, { planned: options.planned, guessed: priced.guessed, items: itemsOf(c.body) });
      if ('refused' in admission) return admission;
      // Under a cap (or weighed against a quote) the request goes alone in its window: the balance is read right before it (the pricing estimates are behind that reading).
      const alone = ledger.capped || quoted !== undefined || ledger.log.balance === undefined;
      const before = alone ? await readings.read(`balance before "${c.label}"`) : undefined;
      const why = ledger.endedBy ?? (ledger.capped && before && 'unknown' in before ? before.unknown : undefined);
      if (why !== undefined) {
        ledger.withdraw(admission);
        const cause = !ledger.endedBy && before && 'unknown' in before && before.cause === 'cap' ? 'cap' : 'server';
        return {
          refused: this.refuse(c.label, ledger.endedBy ?? `the balance cannot be read (${why}), and under a credit cap nothing is spent unmeasured`, cause),
        };
      }
      const exchange = await readings.window.within(c.operationId, options.go);
      const outcome: Outcome = served(exchange) ? 'served' : exchange.status === 0 ? 'unanswered' : 'refused';
      const remaining = outcome === 'served' ? numberIn(exchange, 'credits_remaining') : undefined;
      await this.settle(admission, outcome, c.operationId, remaining, quoted);
      return { exchange };
    });
  }

  /**
   * Sends a spending request sent to be refused, on a run without a cap: side by side with the others
   * like it that arrive while a window is busy, in one window of their own, read back once after they
   * have all landed. Nothing is to be charged for any of them (a refusal is free); a balance that fell
   * while every one of them was refused breaks that rule for the window as a whole. The first arrives
   * alone; the next gather while it is on the wire, so a window holds as many as the workers send.
   */
  spendTogether(c: RequestCase, go: () => Promise<Exchange>): Promise<Spent> {
    let window = this.gathering;
    if (window === undefined) {
      const opened: Gathered = { members: [] };
      window = this.gathering = opened;
      void this.lock.run(() => this.sendGathered(opened));
    }
    const members = window.members;
    return new Promise<Spent>((resolve, reject) => members.push({ c, go, resolve, reject }));
  }

  /** Spending requests waiting for their window to open (see spendTogether). */
  private gathering: Gathered | undefined;

  private async sendGathered(window: Gathered): Promise<void> {
    // From here on, later requests gather in the next window.
    if (this.gathering === window) this.gathering = undefined;
    const { ledger, readings } = this;
    const { members } = window;
    try {
      if (ledger.endedBy) {
        for (const m of members) m.resolve({ refused: this.refuse(m.c.label, ledger.endedBy, 'server') });
        return;
      }
      const what = members.length === 1 ? `"${members[0]!.c.label}"` : `${members.length} requests sent together ("${members[0]!.c.label}", …)`;
      if (ledger.log.balance === undefined) await readings.read(`balance before ${what}`);
      const sent = await Promise.allSettled(members.map((m) => readings.window.within(m.c.operationId, m.go)));
      const landed = sent.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      if (landed.length > 0) {
        const outcome: Outcome = landed.some(served) ? 'served' : landed.every((e) => e.status === 0) ? 'unanswered' : 'refused';
        await this.settle(
          { price: 0, claimed: 0, items: members.reduce((n, m) => n + itemsOf(m.c.body), 0), unpriced: true, what, planned: false },
          outcome,
          members[0]!.c.operationId,
        );
      }
      for (const [i, s] of sent.entries()) {
        if (s.status === 'fulfilled') members[i]!.resolve({ exchange: s.value });
        else members[i]!.reject(s.reason);
      }
    } catch (error) {
      for (const m of members) m.reject(error);
    }
  }

  /** A request that should spend nothing, sent through the guard of free requests. */
  async guardFree(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    const spent = await this.free.send(op, go);
    if (!this.ledger.capped && op.operationId === ESTIMATE && 'exchange' in spent) this.quotes.record(spent.exchange);
    return spent;
  }

  private refuse(what: string, why: string, cause: HoldCause): string {
    return this.ledger.holds.add(what, why, cause);
  }

  /** Reads back what a spending request cost: more than announced, anything for a failure, or less than admitted ends spending. */
  private async settle(admission: Admission, outcome: Outcome, spender: OperationId, remaining?: number, quoted?: number): Promise<void> {
    const where = `after ${admission.what}`;
    const from = this.ledger.log.balance;
    if (remaining !== undefined && !this.ledger.capped && quoted === undefined) {
      // No cap: the answer's own credits_remaining is the reading after it (nothing is weighed against it).
      this.ledger.settle(admission, { credits: remaining, where }, outcome);
      return;
    }
    const members = this.readings.window.take();
    // Each reading is an estimate: when estimates cost, the charge is read net of them (and of those in the window).
    const { kinds } = this.readings;
    let readings = 1;
    const overhead = () => kinds.overhead(members.estimates) + kinds.estimateCost * (readings - 1);
    let after = await this.readings.measure(`balance ${where}`);
    for (const kind of this.readings.window.joined()) members.add(kind);
    // What the charge is weighed against: the estimate it was admitted at, or on a run without a cap the check's quote.
    const claimed = admission.unpriced ? quoted : admission.claimed;
    const claim = claimed === undefined ? undefined : { what: admission.what, claimed, guessed: admission.guessed };
    if ('credits' in after && from !== undefined && outcome === 'served' && claim && !chargeShown(claim, from - after.credits - overhead())) {
      const charged = (credits: number, more: number) => from - credits - overhead() - kinds.estimateCost * more;
      const waited = await awaitCharge(this.readings, this.chargeWaitMs(), claim, charged, after);
      after = waited.last;
      readings += waited.readings;
    }
    if ('unknown' in after) {
      if (this.ledger.capped) this.ledger.disbelieve(`${where}: the balance could not be read back (${after.unknown}); the spend counts what was admitted`);
      return;
    }
    if (from !== undefined)
      this.facts.push({
        kind: 'charge',
        what: admission.what,
        where,
        outcome,
        priced: claimed === undefined ? 'none' : admission.guessed ? 'guess' : 'estimate',
        ...(claimed === undefined ? {} : { claimed }),
        items: admission.items,
        from,
        to: after.credits,
        ...(overhead() > 0 ? { overhead: overhead() } : {}),
        ...(remaining !== undefined ? { creditsRemaining: remaining } : {}),
      });
    const observed = this.ledger.log.observed;
    const finding = this.ledger.settle(admission, { credits: after.credits, where, overhead: overhead() }, outcome);
    if (!finding) return;
    const expected = (admission.unpriced ? Number.POSITIVE_INFINITY : outcome === 'refused' ? 0 : admission.claimed) + overhead();
    const extra = this.ledger.log.observed - observed - expected;
    // Alone in its window, the extra charge was the request's own (spending has ended); requests that
    // should cost nothing, in flight beside it, are not sent again either, and later ones go one by one.
    const others = [...members].filter((kind) => kind !== spender);
    if (extra > 0 && others.length > 0) this.readings.kinds.charge(others, extra);
  }
}

/**
 * Whether the balance shows a served generation's charge: the whole estimate it was admitted at. A
 * guessed price (the dearest body the server could have made of one the estimate refused) is only a
 * bound: what the server made may cost less, so that charge shows once the balance fell at all, as the
 * check reads a charge of no known price (credits-arithmetic.ts). Waiting for the bound instead waited
 * out the whole lifecycle wait on every such generation a server takes.
 */
function chargeShown(claim: Pick<Admission, 'claimed' | 'guessed'>, charged: number): boolean {
  return claim.guessed ? charged > 0 : charged >= claim.claimed;
}

/**
 * A served generation the balance has not shown the charge of yet (chargeShown): the seed states its
 * cost, not when it is taken (a server may charge each item as it finishes). The balance is read
 * again, alone (nothing else starts meanwhile, so any fall is its charge), until it shows the charge
 * or the lifecycle wait (`waitMs`) ends; the last reading is the one it is settled on.
 */
function awaitCharge(
  readings: BalanceReadings,
  waitMs: number,
  admission: Pick<Admission, 'what' | 'claimed' | 'guessed'>,
  charged: (credits: number, readingsSince: number) => number,
  first: { credits: number; exchange: Exchange },
): Promise<{ last: Reading; readings: number }> {
  return readings.window.alone(async () => {
    let last: Reading = first;
    let count = 0;
    const until = Date.now() + waitMs;
    for (let delay = 25; 'credits' in last && !chargeShown(admission, charged(last.credits, count)) && Date.now() < until; delay = Math.min(delay * 2, 1_000)) {
      await sleep(Math.min(delay, Math.max(0, until - Date.now())));
      last = await readings.measure(`balance after ${admission.what}, once its charge shows`);
      count++;
    }
    return { last, readings: count };
  });
}
