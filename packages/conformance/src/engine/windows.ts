// What a balance reading closes on, and what the readings learned: the requests sent since the reading
// before (by kind; those in flight, and those sent while the reading is on the wire, belong to the next
// window too), which kinds were seen to charge where
// nothing was to be charged (never sent again), which are known free, and the largest such charge.
import { type OperationId, operations } from '@mediagen/schema';
import type { SpendLedger } from './spend.js';

export const ESTIMATE = operations.estimateGeneration.operationId;

/** One at a time: the body of a spending window, or a reading. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** The requests sent since the last balance reading, by kind. */
export class Window {
  private kinds = new Set<OperationId>();
  private readonly flying = new Map<OperationId, number>();
  private waiting: (() => void)[] = [];
  /** Kinds sent since the last take(). */
  private since = new Set<OperationId>();
  /** Requests in the window. */
  size = 0;

  /** Sends a request of `kind` inside the window. */
  async within<T>(kind: OperationId, go: () => Promise<T>): Promise<T> {
    this.kinds.add(kind);
    this.since.add(kind);
    this.flying.set(kind, (this.flying.get(kind) ?? 0) + 1);
    this.size++;
    try {
      return await go();
    } finally {
      const left = (this.flying.get(kind) ?? 1) - 1;
      if (left > 0) this.flying.set(kind, left);
      else this.flying.delete(kind);
      if (this.flying.size === 0) for (const resolve of this.waiting.splice(0)) resolve();
    }
  }

  /** The kinds sent since the last take(): while a reading was on the wire, they may have charged before it was measured. */
  joined(): Set<OperationId> {
    return new Set(this.since);
  }

  /** Settles when what runs alone is done; undefined when nothing is. */
  private aloneUntil: Promise<void> | undefined;

  /** Runs `fn` alone: the requests on the wire land first, and none starts (see `quiet`) until it is done. */
  async alone<T>(fn: () => Promise<T>): Promise<T> {
    let done!: () => void;
    this.aloneUntil = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await this.landed();
      return await fn();
    } finally {
      this.aloneUntil = undefined;
      done();
    }
  }

  /** Something runs alone: a request waits (`quiet`) before it joins the window. */
  get holding(): boolean {
    return this.aloneUntil !== undefined;
  }

  /** Once nothing runs alone. */
  async quiet(): Promise<void> {
    while (this.aloneUntil) await this.aloneUntil;
  }

  /** Once no request of the window is on the wire. */
  landed(): Promise<void> {
    return this.flying.size === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The kinds a reading closes the window on; what is still in flight opens the next one. */
  take(): Set<OperationId> {
    const taken = new Set([...this.kinds, ...this.flying.keys()]);
    this.since = new Set();
    this.kinds = new Set(this.flying.keys());
    this.size = [...this.flying.values()].reduce((a, b) => a + b, 0);
    return taken;
  }
}

/** What the readings learned about each kind of request that should cost nothing. */
export class KindsSeen {
  /** Seen to charge where nothing was to be charged: never sent again. */
  readonly charging = new Set<OperationId>();
  /** Their first request was bracketed by readings and cost nothing. */
  readonly verified = new Set<OperationId>();
  /** The largest charge nobody announced one reading showed (0 until one is seen). */
  largest = 0;

  constructor(private readonly ledger: SpendLedger) {}

  get estimatesCost(): boolean {
    return this.charging.has(ESTIMATE);
  }

  /** A charge nobody announced was seen: from then on each request is read back on its own. */
  get charged(): boolean {
    return this.largest > 0;
  }

  /** `credits` nobody announced were charged over requests of `kinds`: none of them is sent again. */
  charge(kinds: Iterable<OperationId>, credits: number): void {
    this.largest = Math.max(this.largest, credits);
    for (const kind of kinds) this.charging.add(kind);
  }

  /** Why a request of `kind` may not go (through `refuse`), or undefined when it may. */
  refusal(kind: OperationId, refuse: (why: string) => string): string | undefined {
    if (this.charging.has(kind)) return refuse('it was seen to charge credits where nothing was to be charged');
    if (this.estimatesCost) return refuse('estimates were seen to charge credits, so no balance can be read to check this costs nothing');
    if (this.charged && !this.verified.has(kind))
      return refuse(`${this.ledger.endedBy ?? 'a charge nobody announced was seen'}; it is not yet known to cost nothing`);
    const { max, counted } = this.ledger;
    if (this.charged && max !== undefined && counted + this.largest > max) {
      return refuse(
        `the credit cap of ${max} cannot hold another unannounced charge like the largest seen (${this.largest} credits) beside the ${counted} counted`,
      );
    }
    return undefined;
  }
}
