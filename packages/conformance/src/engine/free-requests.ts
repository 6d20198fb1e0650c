// Under a cap, a request that should spend nothing: the first of its kind is bracketed by balance
// readings; later ones go at once while no charge nobody announced was seen (the balance read every
// READ_EVERY of them); once one was seen, each goes alone and is read back, and only while the cap can
// hold another such charge. Nothing seen to charge is sent again.
import type { OperationId, OperationSpec } from '@mediagen/schema';
import type { Exchange } from '../model/exchange.js';
import type { BalanceReadings } from './readings.js';
import type { SpendLedger } from './spend.js';
import type { Mutex } from './windows.js';

export type Spent = { exchange: Exchange } | { refused: string };

export class FreeRequests {
  constructor(
    private readonly ledger: SpendLedger,
    private readonly readings: BalanceReadings,
    private readonly lock: Mutex,
    private readonly refuse: (what: string, why: string) => string,
  ) {}

  /** Known free, and no charge seen yet: it goes at once, in the window. */
  private fast(kind: OperationId): boolean {
    return this.readings.kinds.verified.has(kind) && !this.readings.kinds.charged;
  }

  async send(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    if (!this.ledger.capped) return { exchange: await go() };
    const kind = op.operationId;
    const { readings } = this;
    const refusal = () => readings.kinds.refusal(kind, (why) => this.refuse(kind, why));
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
        return { refused: this.refuse(kind, `a charge nobody announced was seen, and the balance cannot be read (${why})`) };
      }
      const exchange = await readings.window.within(kind, go);
      const read = await readings.read(`${kind}: balance after ${first ? 'its first request' : 'it'}`);
      if (!('unknown' in read) && !readings.kinds.charging.has(kind) && !readings.kinds.verified.has(kind))
        readings.verify(kind, `${kind}: balance after its first request`);
      return { exchange };
    });
  }
}
