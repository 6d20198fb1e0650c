// The credit budget of a run: a hard cap on everything that can spend. A request that can spend
// (any generate request: valid, invalid, with or without a key) is sent only with a reservation made
// before it leaves, from an estimate; one that would take the run above --max-credits is not sent.
// The planner keeps the credits the stateful checks need for them: other spending comes out of what
// is left over.

export class BudgetExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceeded';
  }
}

export interface Reservation {
  credits: number;
  /** Drawn from the plan (a stateful check's generation). */
  planned: boolean;
}

export class BudgetTracker {
  spent = 0;
  readonly refused: string[] = [];
  /** Credits set aside for the stateful checks and not yet drawn. */
  private plannedLeft = 0;
  /** What the stateful checks need, once planned. */
  needed: number | undefined;

  /** `max` undefined: no limit (local targets). */
  constructor(readonly max: number | undefined) {}

  get capped(): boolean {
    return this.max !== undefined;
  }

  /** Sets aside `credits` for the stateful checks; false (nothing set aside) when the cap is too low. */
  plan(credits: number): boolean {
    this.needed = credits;
    if (this.max !== undefined && credits > this.max) return false;
    this.plannedLeft = credits;
    return true;
  }

  /** Reserves `credits` for a request about to be sent, or throws BudgetExceeded. */
  reserve(credits: number, what: string, planned = false): Reservation {
    if (!Number.isFinite(credits) || credits < 0) {
      const message = `refusing to send ${what}: its estimate is not a number of credits (${credits})`;
      this.refused.push(message);
      throw new BudgetExceeded(message);
    }
    const fromPlan = planned ? Math.min(credits, this.plannedLeft) : 0;
    const room = this.max === undefined ? Number.POSITIVE_INFINITY : this.max - this.spent - (this.plannedLeft - fromPlan);
    if (credits > room) {
      const message =
        `refusing to generate ${what}: its estimate of ${credits} credits would bring the run's spend to ` +
        `${this.spent + credits}, above --max-credits ${this.max}` +
        (this.plannedLeft > 0 && !planned ? ` (${this.plannedLeft} kept for the stateful checks)` : '');
      this.refused.push(message);
      throw new BudgetExceeded(message);
    }
    this.plannedLeft -= fromPlan;
    this.spent += credits;
    return { credits, planned: fromPlan > 0 };
  }

  /** Gives back a reservation whose request did not spend (refused by the server, or not sent). */
  release(reservation: Reservation): void {
    this.spent = Math.max(0, this.spent - reservation.credits);
    if (reservation.planned) this.plannedLeft += reservation.credits;
  }
}
