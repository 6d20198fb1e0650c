// What a balance reading closes on, and what the readings learned: the requests sent since the reading
// before (by kind; those in flight, and those sent while the reading is on the wire, belong to the next
// window too), which kinds were seen to charge where nothing was to be charged (each then priced at the
// worst charge seen for it), which are known free, what an estimate costs when it steadily does, and
// the largest charge nobody announced.
import { type OperationId, operations } from '@mediagen/schema';
import type { HoldCause } from './holds.js';
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
  /** Estimates in the window (each costs what an estimate is known to cost: the reading nets them out). */
  estimates = 0;

  /**
   * Sends a request of `kind` inside the window. `costs`: whether an estimate's answer is one that costs
   * (a refused estimate is not counted among those the reading nets out; if it charged, the reading shows it).
   */
  async within<T>(kind: OperationId, go: () => Promise<T>, costs?: (result: T) => boolean): Promise<T> {
    this.kinds.add(kind);
    this.since.add(kind);
    this.flying.set(kind, (this.flying.get(kind) ?? 0) + 1);
    this.size++;
    if (kind === ESTIMATE) this.estimates++;
    try {
      const result = await go();
      if (kind === ESTIMATE && costs && !costs(result) && this.estimates > 0) this.estimates--;
      return result;
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

  /** The kinds a reading closes the window on (`estimates`: how many estimates were in it); what is still in flight opens the next one. */
  take(): Set<OperationId> & { estimates: number } {
    const taken = Object.assign(new Set([...this.kinds, ...this.flying.keys()]), { estimates: this.estimates });
    this.estimates = this.flying.get(ESTIMATE) ?? 0;
    this.since = new Set();
    this.kinds = new Set(this.flying.keys());
    this.size = [...this.flying.values()].reduce((a, b) => a + b, 0);
    return taken;
  }
}

/** What the readings learned about each kind of request that should cost nothing. */
export class KindsSeen {
  /** Seen to charge where nothing was to be charged, with the worst charge seen for each: a request of it is admitted at that price. */
  readonly priced = new Map<OperationId, number>();
  /** Their first request was bracketed by readings and cost nothing. */
  readonly verified = new Set<OperationId>();
  /** The largest charge nobody announced one reading showed (0 until one is seen). */
  largest = 0;
  /** What one estimate costs, once two alone agreed (0: free, or not known to be steady). */
  estimateCost = 0;
  /** Estimates were seen to charge at a cost that could not be told steady: no balance can be read. */
  estimatesUnsteady = false;

  constructor(private readonly ledger: SpendLedger) {}

  /** Estimates charge in a way no reading can net out: nothing can be measured. */
  get estimatesCost(): boolean {
    return this.estimatesUnsteady;
  }

  /** A charge nobody announced was seen: from then on each request is read back on its own (estimates of a steady cost are netted out instead). */
  get charged(): boolean {
    return this.largest > 0;
  }

  /** `credits` nobody announced were charged over requests of `kinds`: each is priced at least at that from now on. */
  charge(kinds: Iterable<OperationId>, credits: number): void {
    this.largest = Math.max(this.largest, credits);
    for (const kind of kinds) this.priced.set(kind, Math.max(this.priced.get(kind) ?? 0, credits));
  }

  /** The credits the estimates of a window cost (the reading closing it included). */
  overhead(estimates: number): number {
    return this.estimateCost * (estimates + 1);
  }

  /** What a request of `kind` is admitted at (0: nothing is known to charge for it). */
  priceOf(kind: OperationId): number {
    return kind === ESTIMATE && this.estimateCost > 0 ? this.estimateCost : (this.priced.get(kind) ?? 0);
  }

  /** Why a request of `kind` may not go (through `refuse`, with its cause), or undefined when it may (a priced kind is admitted by the ledger). */
  refusal(kind: OperationId, refuse: (why: string, cause: HoldCause) => string): string | undefined {
    const { endedBy } = this.ledger;
    if (this.estimatesCost)
      return refuse(`${endedBy ?? 'estimates were seen to charge credits'}; no balance can be read to check this costs nothing`, 'server');
    if (endedBy && this.priced.has(kind)) return refuse(`it was seen to charge credits where nothing was to be charged, and ${endedBy}`, 'server');
    if (endedBy && this.charged && !this.verified.has(kind)) return refuse(`${endedBy}; it is not yet known to cost nothing`, 'server');
    if (this.priceOf(kind) > 0) return undefined;
    const { max, counted } = this.ledger;
    if (this.largest > 0 && max !== undefined && counted + this.largest > max) {
      return refuse(
        `the credit cap of ${max} cannot hold another unannounced charge like the largest seen (${this.largest} credits) beside the ${counted} counted`,
        'cap',
      );
    }
    return undefined;
  }
}
