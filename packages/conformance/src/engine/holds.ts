// Why the spend guard held a request back, with its cause: the user's credit cap (a plain skip: the
// run was asked to spend no more), or the server's behaviour (a charge nobody could price, a balance
// that cannot be believed). The cause is given where the refusal is made, once; a skip that passes a
// refusal on (a check naming what was not sent) is traced back to it here, so what a run left unjudged
// because of the server is told apart from what the cap left out without reading any words of it.

/** What a request was held back for. */
export type HoldCause = 'cap' | 'server';

export interface Hold {
  cause: HoldCause;
  /** What it comes down to, without the request: one line, shared by every request held back for it. */
  why: string;
}

export class Holds {
  /** Every refusal line, in order (the report's `refused`). */
  readonly lines: string[] = [];
  private readonly byLine = new Map<string, Hold>();

  /** `ended`: why spending ended, once it did: what every later hold for the server's sake comes down to. */
  constructor(private readonly ended: () => string | undefined = () => undefined) {}

  /**
   * Records that `what` was not sent because `why`; the refusal line (also what the caller is told).
   * For the server's sake after spending ended, it comes down to that end (one reason for all of them).
   */
  add(what: string, why: string, cause: HoldCause): string {
    const line = `not sent: ${what}: ${why}`;
    if (!this.byLine.has(line)) {
      this.byLine.set(line, { cause, why: (cause === 'server' ? this.ended() : undefined) ?? why });
      this.lines.push(line);
    }
    return line;
  }

  /** The hold a reason passes on: the refusal line it carries, if it carries one. */
  in(reason: string): Hold | undefined {
    const exact = this.byLine.get(reason);
    if (exact) return exact;
    for (const [line, hold] of this.byLine) if (reason.includes(line)) return hold;
    return undefined;
  }
}
