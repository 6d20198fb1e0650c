// The bytes kept of the entry being read from a recording: appended as the scanner passes them, up to
// the entry's bound (past it the entry is marked and nothing more is kept), with a string cut at its
// own bound on a character boundary, so what is kept stays JSON.

const BACKSLASH = 0x5c;
const INITIAL_BYTES = 64 * 1024;

export class KeptEntry {
  private bytes = Buffer.allocUnsafe(INITIAL_BYTES);
  /** Bytes kept so far. */
  length = 0;
  /** The entry passed its bound: it is not kept. */
  overflow = false;
  /** Paths in the entry of the strings cut (`response.content.text`). */
  cut: string[] = [];

  constructor(private readonly maxBytes: number) {}

  /** A new entry. */
  reset(): void {
    this.length = 0;
    this.overflow = false;
    this.cut = [];
  }

  /** Keeps bytes [from, to) of `source`, unless the entry would pass its bound. */
  append(source: Buffer, from: number, to: number): void {
    const length = to - from;
    if (this.overflow || this.length + length > this.maxBytes) {
      this.overflow = true;
      return;
    }
    if (this.length + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.min(Math.max(this.bytes.length * 2, this.length + length), this.maxBytes));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.length += source.copy(this.bytes, this.length, from, to);
  }

  /** The string whose text starts at `start` ends here: cut back to a character boundary, and said by its path. */
  cutString(start: number, path: string): void {
    if (this.overflow) return;
    this.length = cutPoint(this.bytes, start, this.length);
    this.cut.push(path);
  }

  /** The entry's text; a buffer grown for a large entry is let go. */
  text(): string {
    const text = this.bytes.toString('utf8', 0, this.length);
    if (this.bytes.length > 1024 * 1024) this.bytes = Buffer.allocUnsafe(INITIAL_BYTES);
    return text;
  }
}

/**
 * Where a string's kept bytes [start, end) may end: not inside a UTF-8 character, nor inside an escape
 * (`\`, `\u00e`), so the entry stays JSON and the string a prefix of what the recording holds.
 */
export function cutPoint(bytes: Buffer, start: number, end: number): number {
  let p = end;
  // A character split: back to its lead byte.
  let lead = p - 1;
  while (lead >= start && (bytes[lead]! & 0xc0) === 0x80) lead--;
  if (lead >= start) {
    const b = bytes[lead]!;
    const length = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (lead + length > p) p = lead;
  }
  // An escape split: `\u` with fewer than four digits, or a lone backslash.
  for (let j = Math.max(start, p - 5); j < p; j++) {
    if (bytes[j] !== BACKSLASH) continue;
    let run = 0;
    while (j - 1 - run >= start && bytes[j - 1 - run] === BACKSLASH) run++;
    if (run % 2 === 1) continue;
    if (j + 1 >= p || (bytes[j + 1] === 0x75 && j + 6 > p)) {
      p = j;
      break;
    }
    // A complete two-byte escape: what follows it is looked at next.
    j++;
  }
  return p;
}
