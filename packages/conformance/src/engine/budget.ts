// The credit budget of a run. Every generation is estimated first; one whose estimate would take
// the run's spend above --max-credits is refused before it is sent.

export class BudgetExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceeded';
  }
}

export class BudgetTracker {
  spent = 0;
  readonly refused: string[] = [];

  /** `max` undefined: no limit (local targets). */
  constructor(readonly max: number | undefined) {}

  /** Reserves `credits` for a generation about to be sent, or throws BudgetExceeded. */
  reserve(credits: number, what: string): void {
    if (!Number.isFinite(credits) || credits < 0) {
      const message = `refusing to generate ${what}: the estimate is not a number of credits (${credits})`;
      this.refused.push(message);
      throw new BudgetExceeded(message);
    }
    if (this.max !== undefined && this.spent + credits > this.max) {
      const message =
        `refusing to generate ${what}: its estimate of ${credits} credits would bring the run's spend to ` +
        `${this.spent + credits}, above --max-credits ${this.max}`;
      this.refused.push(message);
      throw new BudgetExceeded(message);
    }
    this.spent += credits;
  }

  /** Gives back a reservation whose generation was not made. */
  release(credits: number): void {
    this.spent = Math.max(0, this.spent - credits);
  }
}
