// What the proxy keeps of answers for judging, bounded twice: each answer keeps at most its own budget
// (--max-answer-bytes), and all the answers in flight together at most a shared one (--max-kept-bytes),
// so memory no longer grows with the number of answers in flight. The first `floor` bytes of an answer
// are kept whatever the shared budget (the API's answers are small: they are judged whole however many
// large ones stream beside them); past the floor, an answer keeps only what the shared budget lends
// it, and one it cannot lend to is judged on the start it kept, as a truncated answer.

/** Bytes of an answer kept whatever the shared budget holds. */
export const KEPT_FLOOR_BYTES = 64 * 1024;

/** The shared budget: bytes lent to the copies of the answers in flight. */
export interface KeptBudget {
  /** Lends `bytes`; false (nothing lent) when they do not fit. */
  lend(bytes: number): boolean;
  repay(bytes: number): void;
  readonly lent: number;
  /** The most that was ever lent at once. */
  readonly peak: number;
  readonly capacity: number;
}

export function createKeptBudget(capacity: number): KeptBudget {
  let lent = 0;
  let peak = 0;
  return {
    lend(bytes) {
      if (lent + bytes > capacity) return false;
      lent += bytes;
      peak = Math.max(peak, lent);
      return true;
    },
    repay(bytes) {
      lent = Math.max(0, lent - bytes);
    },
    get lent() {
      return lent;
    },
    get peak() {
      return peak;
    },
    capacity,
  };
}

/** Why a copy is shorter than the answer: its own budget, or the shared one was full. */
export type Cut = 'answer' | 'shared';

/** The kept start of one answer (or of its decoded text). */
export class KeptCopy {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private borrowed = 0;
  /** Set once a byte was not kept, and why. */
  cut: Cut | undefined;

  constructor(
    private readonly cap: number,
    private readonly budget: KeptBudget,
  ) {}

  /** Keeps what fits of `chunk`; false once nothing more is kept. */
  add(chunk: Buffer): boolean {
    if (this.cut) return false;
    let room = Math.min(chunk.length, this.cap - this.size);
    if (room < chunk.length) this.cut = 'answer';
    const free = Math.max(0, KEPT_FLOOR_BYTES - this.size);
    const borrow = Math.max(0, room - free);
    if (borrow > 0 && !this.budget.lend(borrow)) {
      room = Math.min(room, free);
      this.cut = 'shared';
    } else this.borrowed += borrow;
    if (room > 0) {
      this.chunks.push(room < chunk.length ? Buffer.from(chunk.subarray(0, room)) : chunk);
      this.size += room;
    }
    return this.cut === undefined;
  }

  get bytes(): number {
    return this.size;
  }

  /** The kept bytes, joined. */
  joined(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
  }

  /** Gives back what it borrowed and lets go of its bytes (call once judged). */
  release(): void {
    this.budget.repay(this.borrowed);
    this.borrowed = 0;
    this.chunks.length = 0;
  }
}
