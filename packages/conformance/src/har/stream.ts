// A HAR file read as a stream: the bytes go through a small JSON tokenizer that finds `log.entries`
// and hands over each entry's own text, one at a time, to JSON.parse. Memory holds one entry (and one
// chunk of the file), whatever the recording's size: a recording larger than the longest string V8
// can make (512 MiB) is read like any other. Each string value is kept up to a bound and cut there on
// a character boundary (a media download's base64 body in a browser export costs the bound, not its
// size), and the cut is said by its path in the entry (`response.content.text`); an entry larger than
// its bound is skipped whole, and said so. Anything that is not JSON is a RunError naming the byte.
import { RunError } from '../model/terms.js';

/** One entry of `log.entries`, as its text (already cut) or why it could not be kept. */
export interface RawEntry {
  index: number;
  /** The entry's JSON text, with each string longer than the bound cut (see `cut`). */
  text?: string;
  /** Paths in the entry of the strings cut at the bound (`response.content.text`). */
  cut: string[];
  /** The entry was not kept: larger than the per-entry bound. */
  unread?: string;
}

export interface TokenizerBounds {
  /** Most bytes of one string value kept (its JSON text, escapes included). */
  maxStringBytes: number;
  /** Most bytes of one entry kept; a larger entry is skipped. */
  maxEntryBytes: number;
  /** Fields of an entry not kept (their value becomes null): a pass that needs only the requests. */
  drop?: readonly string[];
}

interface Frame {
  array: boolean;
  /** The object's current key (undefined while unknown, or when too long to be a HAR name). */
  key?: string;
  /** The array's current index. */
  index: number;
}

enum Mode {
  Value,
  ValueOrEnd,
  Key,
  KeyOrEnd,
  Colon,
  AfterValue,
  String,
  Literal,
  Done,
}

const QUOTE = 0x22;
const NULL = Buffer.from('null');
const BACKSLASH = 0x5c;
/** A key longer than this is kept for no path (no HAR field name is anywhere near it). */
const MAX_KEY_BYTES = 256;
const MAX_LITERAL_BYTES = 4096;
const LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isLiteralByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x2d || b === 0x2b || b === 0x2e;

/** The tokenizer: push chunks in order, take the entries they completed, end at the end of the file. */
export class HarTokenizer {
  private readonly stack: Frame[] = [];
  private mode: Mode = Mode.Value;
  private offset = 0;
  /** Stack depth of the entries array once found (its elements start at this depth). */
  private entriesDepth = -1;
  private entriesFrame: Frame | undefined;
  private nextIndex = 0;
  private readonly ready: RawEntry[] = [];

  // The string being read.
  private stringIsKey = false;
  private escaped = false;
  private stringBytes = 0;
  private stringCut = false;
  private stringStart = 0;
  /** The key's bytes from earlier chunks (a key within one chunk is read from it at once). */
  private keyBytes: number[] = [];
  private keyTooLong = false;
  private keyStart = -1;
  // The literal being read (outside entries: checked).
  private literal = '';
  private literalAt = 0;

  // The entry being kept.
  private capturing = false;
  private out = Buffer.allocUnsafe(64 * 1024);
  private outLength = 0;
  private overflow = false;
  private cut: string[] = [];
  private dropDepth = -1;
  /** Where the bytes not yet copied into `out` start in the current chunk. */
  private copyFrom = 0;
  private chunk: Buffer = Buffer.alloc(0);

  constructor(
    private readonly name: string,
    private readonly bounds: TokenizerBounds,
  ) {}

  /** The entries completed so far (each given once). */
  take(): RawEntry[] {
    return this.ready.splice(0);
  }

  /** Reads one chunk; the chunk may be reused by the caller afterwards. */
  push(chunk: Buffer): void {
    this.chunk = chunk;
    this.copyFrom = 0;
    // A key begun in an earlier chunk goes on in keyBytes.
    this.keyStart = -1;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.mode === Mode.String) {
        i = this.inString(i);
        continue;
      }
      if (this.mode === Mode.Literal) {
        while (i < n && isLiteralByte(chunk[i]!)) {
          if (!this.capturing) {
            if (this.literal.length >= MAX_LITERAL_BYTES) this.broken(this.literalAt - this.offset, 'a number or literal too long');
            this.literal += String.fromCharCode(chunk[i]!);
          }
          i++;
        }
        if (i < n) this.endLiteral(i);
        continue;
      }
      const b = chunk[i]!;
      if (isSpace(b)) {
        i++;
        continue;
      }
      this.structural(b, i);
      i++;
    }
    this.copy(n);
    this.offset += n;
  }

  /** The file ended: anything left open is a file cut short. */
  end(): void {
    if (this.mode === Mode.Literal) this.endLiteral(0);
    if (this.mode !== Mode.Done) throw new RunError(`${this.name}: not a HAR file: the JSON is broken or cut short (it ends inside a value)`);
    if (!this.entriesFrame) throw new RunError(`${this.name}: not a HAR file: log.entries is missing`);
  }

  private broken(at: number, what: string): never {
    throw new RunError(`${this.name}: not a HAR file: the JSON is broken or cut short (${what} at byte ${this.offset + at})`);
  }

  // Copying the kept entry's bytes.

  private copy(upTo: number): void {
    if (this.capturing && !this.overflow && this.dropDepth < 0 && !(this.mode === Mode.String && this.stringCut) && upTo > this.copyFrom)
      this.write(this.chunk, this.copyFrom, upTo);
    this.copyFrom = upTo;
  }

  private write(source: Buffer, from: number, to: number): void {
    const length = to - from;
    if (this.outLength + length > this.bounds.maxEntryBytes) {
      this.overflow = true;
      return;
    }
    if (this.outLength + length > this.out.length) {
      const grown = Buffer.allocUnsafe(Math.min(Math.max(this.out.length * 2, this.outLength + length), this.bounds.maxEntryBytes));
      this.out.copy(grown, 0, 0, this.outLength);
      this.out = grown;
    }
    this.outLength += source.copy(this.out, this.outLength, from, to);
  }

  /** The path of the value being read, inside the entry (`response.content.text`). */
  private entryPath(): string {
    let path = '';
    for (let d = this.entriesDepth; d < this.stack.length; d++) {
      const frame = this.stack[d]!;
      path += frame.array ? `[${frame.index}]` : `${path ? '.' : ''}${frame.key ?? '?'}`;
    }
    return path;
  }

  // Values.

  /** A value starts at byte `i` of the chunk. */
  private valueStart(i: number): void {
    const depth = this.stack.length;
    if (depth === this.entriesDepth && this.stack[depth - 1] === this.entriesFrame && !this.capturing) {
      this.capturing = true;
      this.outLength = 0;
      this.overflow = false;
      this.cut = [];
      this.copyFrom = i;
    } else if (this.capturing && this.dropDepth < 0 && depth === this.entriesDepth + 1) {
      const frame = this.stack[depth - 1]!;
      if (!frame.array && frame.key !== undefined && this.bounds.drop?.includes(frame.key)) {
        this.copy(i);
        this.write(NULL, 0, NULL.length);
        this.dropDepth = depth;
      }
    }
  }

  /** A value ended just before byte `i` of the chunk (the stack is back at its depth). */
  private valueEnd(i: number): void {
    const depth = this.stack.length;
    if (this.dropDepth === depth) {
      this.dropDepth = -1;
      this.copyFrom = i;
    } else if (this.capturing && depth === this.entriesDepth) {
      this.copy(i);
      const index = this.nextIndex++;
      this.ready.push(
        this.overflow
          ? { index, cut: [], unread: `more than the ${this.bounds.maxEntryBytes} bytes an entry may have` }
          : { index, text: this.out.toString('utf8', 0, this.outLength), cut: this.cut },
      );
      this.capturing = false;
      // A huge entry does not keep its buffer.
      if (this.out.length > 1024 * 1024) this.out = Buffer.allocUnsafe(64 * 1024);
    }
    this.mode = depth === 0 ? Mode.Done : Mode.AfterValue;
  }

  /** A byte outside strings and literals: a bracket, a colon, a comma, or the start of a value. */
  private structural(b: number, i: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (this.mode) {
      case Mode.Value:
      case Mode.ValueOrEnd:
        if (b === 0x5d && this.mode === Mode.ValueOrEnd) this.close(true, i);
        else this.value(b, i);
        break;
      case Mode.Key:
      case Mode.KeyOrEnd:
        if (b === 0x7d && this.mode === Mode.KeyOrEnd) this.close(false, i);
        else if (b === QUOTE) this.startString(true, i);
        else this.broken(i, 'a missing key');
        break;
      case Mode.Colon:
        if (b !== 0x3a) this.broken(i, 'a missing ":"');
        this.mode = Mode.Value;
        break;
      case Mode.AfterValue:
        if (b === 0x2c && top!.array) {
          top!.index++;
          this.mode = Mode.Value;
        } else if (b === 0x2c) {
          top!.key = undefined;
          this.mode = Mode.Key;
        } else if ((b === 0x7d && !top!.array) || (b === 0x5d && top!.array)) this.close(top!.array, i);
        else this.unexpected(b, i);
        break;
      default:
        this.broken(i, 'something after the end of the JSON');
    }
  }

  /** The first byte of a value. */
  private value(b: number, i: number): void {
    this.valueStart(i);
    if (b === 0x7b || b === 0x5b) this.open(b === 0x5b, i);
    else if (b === QUOTE) this.startString(false, i);
    else if (isLiteralByte(b)) {
      this.mode = Mode.Literal;
      this.literal = this.capturing ? '' : String.fromCharCode(b);
      this.literalAt = this.offset + i;
    } else this.unexpected(b, i);
  }

  private unexpected(b: number, i: number): never {
    return this.broken(i, `an unexpected ${JSON.stringify(String.fromCharCode(b))}`);
  }

  private open(array: boolean, i: number): void {
    // The entries array: log.entries, the value of the root object's "log".
    const frame: Frame = { array, index: 0 };
    if (
      array &&
      this.stack.length === 2 &&
      !this.stack[0]!.array &&
      this.stack[0]!.key === 'log' &&
      !this.stack[1]!.array &&
      this.stack[1]!.key === 'entries'
    ) {
      if (this.entriesFrame) this.broken(i, 'a second log.entries');
      this.entriesFrame = frame;
      this.entriesDepth = 3;
    }
    this.stack.push(frame);
    this.mode = array ? Mode.ValueOrEnd : Mode.KeyOrEnd;
  }

  private close(array: boolean, i: number): void {
    const frame = this.stack.pop()!;
    if (frame.array !== array) this.broken(i, 'a bracket that does not match');
    this.valueEnd(i + 1);
  }

  // Strings.

  private startString(isKey: boolean, i: number): void {
    this.mode = Mode.String;
    this.stringIsKey = isKey;
    this.escaped = false;
    this.stringBytes = 0;
    this.stringCut = false;
    if (isKey) {
      this.keyBytes = [];
      this.keyTooLong = false;
      this.keyStart = i + 1;
    }
    // Where the string's bytes will be in `out`: after what is kept already and what is still to copy.
    this.stringStart = this.outLength + (i + 1 - this.copyFrom);
  }

  /** Reads string bytes from `i`; returns where reading goes on. */
  private inString(i: number): number {
    const chunk = this.chunk;
    const n = chunk.length;
    let from = i;
    if (this.escaped) {
      this.escaped = false;
      from = i + 1;
    }
    // The closing quote: the next one not escaped (a backslash escapes the byte after it).
    let close = -1;
    let k = from;
    for (; k < n; k++) {
      const c = chunk[k]!;
      if (c === QUOTE) {
        close = k;
        break;
      }
      if (c === BACKSLASH) k++;
    }
    // A backslash at the chunk's end escapes the next chunk's first byte.
    if (close < 0) this.escaped = k > n;
    const end = close < 0 ? n : close;
    if (this.stringIsKey && (close < 0 || this.keyStart < 0)) {
      // A key across chunks: its bytes are kept as they come.
      for (let b = i; b < end && !this.keyTooLong; b++) {
        if (this.keyBytes.length >= MAX_KEY_BYTES) this.keyTooLong = true;
        else this.keyBytes.push(chunk[b]!);
      }
      this.keyStart = -1;
    }
    this.bound(i, end);
    if (close < 0) return n;
    this.endString(close);
    return close + 1;
  }

  /** Keeps at most maxStringBytes of the string's bytes [i, end) of this chunk, cutting on a character boundary. */
  private bound(i: number, end: number): void {
    const room = this.bounds.maxStringBytes - this.stringBytes;
    this.stringBytes += end - i;
    // Keys are not cut (an entry's own bound holds them).
    if (this.stringIsKey || this.stringCut || !this.capturing || end - i <= room) return;
    this.copy(i + Math.max(room, 0));
    if (this.capturing && !this.overflow && this.dropDepth < 0) {
      this.outLength = cutPoint(this.out, this.stringStart, this.outLength);
      this.cut.push(this.entryPath());
    }
    this.stringCut = true;
  }

  private endString(close: number): void {
    if (this.stringCut) this.copyFrom = close;
    this.stringCut = false;
    if (this.stringIsKey) {
      const top = this.stack[this.stack.length - 1]!;
      if (this.keyStart >= 0 && close - this.keyStart > MAX_KEY_BYTES) this.keyTooLong = true;
      top.key = this.keyTooLong ? undefined : this.keyStart >= 0 ? keyIn(this.chunk, this.keyStart, close) : keyText(this.keyBytes);
      if (top.key === undefined && !this.keyTooLong && !this.capturing) this.broken(close, 'a key that is not a JSON string');
      this.mode = Mode.Colon;
      return;
    }
    this.valueEnd(close + 1);
  }

  private endLiteral(i: number): void {
    // What it was is not quoted: it could be a key.
    if (!this.capturing && !LITERAL.test(this.literal)) this.broken(this.literalAt - this.offset, 'a word that is not a JSON value');
    this.valueEnd(i);
  }
}

/** A key read from one chunk: as it is, unless it holds an escape. */
function keyIn(chunk: Buffer, start: number, end: number): string | undefined {
  for (let b = start; b < end; b++) if (chunk[b] === BACKSLASH) return keyText([...chunk.subarray(start, end)]);
  return chunk.toString('utf8', start, end);
}

function keyText(bytes: number[]): string | undefined {
  try {
    return JSON.parse(`"${Buffer.from(bytes).toString('utf8')}"`) as string;
  } catch {
    return undefined;
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
