// Under a cap, a request that should spend nothing: the first of its kind is bracketed by balance
// readings; later ones go at once while no charge nobody announced was seen (the balance read every
// READ_EVERY of them); once one was seen, each goes alone and is read back, and only while the cap can
// hold another such charge. A kind seen to charge (and an estimate, when estimates steadily cost) is
// no longer free: each of its requests is admitted by the ledger at the worst charge seen for it, sent
// alone and read back (a dearer charge raises its price).
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { Exchange } from '../model/exchange.js';
import type { HoldCause } from './holds.js';
import { answered, type BalanceReadings } from './readings.js';
import { admitCost, type SpendLedger } from './spend.js';
import { ESTIMATE, type Mutex } from './windows.js';

export type Spent = { exchange: Exchange } | { refused: string };

export class FreeRequests {
  constructor(
    private readonly ledger: SpendLedger,
    private readonly readings: BalanceReadings,
    private readonly lock: Mutex,
    private readonly refuse: (what: string, why: string, cause: HoldCause) => string,
  ) {}

  /** Known free, and no charge seen yet: it goes at once, in the window. */
  private fast(kind: OperationId): boolean {
    return this.readings.kinds.verified.has(kind) && !this.readings.kinds.charged;
  }

  async send(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    if (!this.ledger.capped) return { exchange: await go() };
    const kind = op.operationId;
    const { readings } = this;
    const refusal = () => readings.kinds.refusal(kind, (why, cause) => this.refuse(kind, why, cause));
    const early = refusal();
    if (early) return { refused: early };
    // A full window is read before more go: with requests in flight at once, checking only after each
    // would let every worker's request through before the reading (the window must hold READ_EVERY at most).
    for (let tries = 0; tries < 3 && this.fast(kind) && readings.due; tries++) await this.lock.run(() => readings.readIfDue());
    // A reading that must be alone holds every request back (not through the lock, which would then send them one by one).
    if (readings.window.holding) await readings.window.quiet();
    if (this.fast(kind) && !readings.due && !readings.window.holding && !refusal()) {
      // Nothing awaits between the check above and the window counting this request: the bound holds.
      const exchange = await readings.window.within(kind, go);
      if (readings.due) await this.lock.run(() => readings.readIfDue());
      return { exchange };
    }
    return this.lock.run(async () => {
      const late = refusal();
      if (late) return { refused: late };
      if (this.fast(kind)) {
        const exchange = await readings.window.within(kind, go);
        await readings.readIfDue();
        return { exchange };
      }
      const price = readings.kinds.priceOf(kind);
      if (price > 0) return this.sendPriced(kind, price, go);
      const first = !readings.kinds.verified.has(kind);
      // The window must hold this request alone: a reading first, unless nothing was sent since the last one.
      const quiet = readings.window.size === 0 && this.ledger.log.balance !== undefined;
      const before = quiet ? undefined : await readings.read(`balance before ${first ? 'the first ' : ''}${kind}`);
      const after = refusal();
      if (after) return { refused: after };
      if ((before && 'unknown' in before) || this.ledger.log.balance === undefined) {
        // Nothing can be measured: before any charge it goes unmeasured (reads are meant to be free); after one, it does not go.
        if (!readings.kinds.charged) return { exchange: await go() };
        const why = before && 'unknown' in before ? before.unknown : 'never read';
        const cause = before && 'unknown' in before && before.cause === 'cap' ? 'cap' : 'server';
        return { refused: this.refuse(kind, `a charge nobody announced was seen, and the balance cannot be read (${why})`, cause) };
      }
      const exchange = await readings.window.within(kind, go);
      const read = await readings.read(`${kind}: balance after ${first ? 'its first request' : 'it'}`);
      if (!('unknown' in read) && !readings.kinds.priced.has(kind) && !readings.kinds.verified.has(kind))
        readings.verify(kind, `${kind}: balance after its first request`);
      return { exchange };
    });
  }

  /** A request of a kind that charges (inside the lock): admitted at `price`, sent alone, read back. */
  private async sendPriced(kind: OperationId, price: number, go: () => Promise<Exchange>): Promise<Spent> {
    const { ledger, readings } = this;
    const held = admitCost(ledger, price, kind, kind === ESTIMATE ? 'what an estimate costs' : `the worst charge seen for ${kind}`);
    if (held) return { refused: held };
    const quiet = readings.window.size === 0 && ledger.log.balance !== undefined;
    const before = quiet ? undefined : await readings.read(`balance before ${kind}`);
    if ((before && 'unknown' in before) || ledger.log.balance === undefined || ledger.endedBy) {
      ledger.admitted -= price;
      const why =
        ledger.endedBy ?? `the balance cannot be read (${before && 'unknown' in before ? before.unknown : 'never read'}), and ${kind} was seen to charge`;
      return { refused: this.refuse(kind, why, before && 'unknown' in before && before.cause === 'cap' ? 'cap' : 'server') };
    }
    const exchange = await readings.window.within(kind, go, answered);
    await readings.surprises.readBack(kind, price, `${kind}: balance after it`);
    return { exchange };
  }
}
