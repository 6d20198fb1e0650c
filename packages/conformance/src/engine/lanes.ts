// What may be in flight together. A run's work overlaps (the sequences, the operations' phases, the
// lifecycle polls), and two things keep it within bounds: the workers, at most `--workers` requests in
// flight at once (requests that hold up others — setup, the sequences, the spend guard's — are let
// through first), and the balance lane: a request that can spend never overlaps an estimate, whose
// answer is a reading of the balance, so every reading shows the balance before or after a charge,
// never during one, in the order the judge sees them. Spending requests sent to be refused, gathered
// by the spend guard into one window (spending.ts), hold the lane together: side by side with each
// other, never beside an estimate or another spending request.

export type Priority = 'high' | 'low';

/** At most `size` requests in flight; the waiting ones go first come first served, high before low. */
export class Workers {
  private free: number;
  private readonly waiting: Record<Priority, (() => void)[]> = { high: [], low: [] };

  constructor(readonly size: number) {
    this.free = size;
  }

  async run<T>(priority: Priority, fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting[priority].push(resolve));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next waiting request, if any.
      const next = this.waiting.high.shift() ?? this.waiting.low.shift();
      if (next) next();
      else this.free++;
    }
  }
}

export type Hold = 'shared' | 'exclusive' | 'together';

/**
 * Readers (estimates) together, a writer (a request that can spend) alone, the members of a gathered
 * window together; in the order they came.
 */
export class BalanceLane {
  private readers = 0;
  /** Requests that can spend in flight, and whether they hold the lane together. */
  private writers = 0;
  private kind: Hold | undefined;
  private readonly queue: { hold: Hold; go: () => void }[] = [];

  async run<T>(hold: Hold, fn: () => Promise<T>): Promise<T> {
    if (this.queue.length === 0 && this.fits(hold)) this.take(hold);
    else await new Promise<void>((go) => this.queue.push({ hold, go }));
    try {
      return await fn();
    } finally {
      if (hold === 'shared') this.readers--;
      else if (--this.writers === 0) this.kind = undefined;
      this.admit();
    }
  }

  private fits(hold: Hold): boolean {
    if (hold === 'shared') return this.writers === 0;
    if (this.readers > 0) return false;
    return this.writers === 0 || (hold === 'together' && this.kind === 'together');
  }

  private take(hold: Hold): void {
    if (hold === 'shared') this.readers++;
    else {
      this.writers++;
      this.kind = hold;
    }
  }

  /** Lets in, in order, every waiting request that fits now (a waiting writer holds back the readers behind it). */
  private admit(): void {
    while (this.queue.length > 0 && this.fits(this.queue[0]!.hold)) {
      const next = this.queue.shift()!;
      this.take(next.hold);
      next.go();
    }
  }
}
