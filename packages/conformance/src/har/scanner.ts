// A JSON scanner for a stream of bytes: chunk by chunk, it follows the structure (objects with their
// current key, arrays with their current index, strings with their escapes, numbers and words) and
// tells a sink where each value starts and ends, what bytes each string holds, and each container it
// opens. It builds no value: the sink keeps what it wants (the entries of a recording) and leaves the
// rest. Where the sink says it is `checking`, what is not JSON is a RunError naming the byte; elsewhere
// it is left to JSON.parse of what the sink kept.
import { RunError } from '../model/terms.js';

export interface Frame {
  array: boolean;
  /** The object's current key (undefined while unknown, or when too long to be a HAR name). */
  key?: string;
  /** The array's current index. */
  index: number;
}

/** What a scanner tells as it reads; `i` is an index in the chunk being read, `depth` the containers around. */
export interface ScanSink {
  /** Whether what is read now is checked here (true) or left to JSON.parse of what the sink keeps. */
  readonly checking: boolean;
  valueStart(depth: number, i: number): void;
  /** The value ended just before byte i. */
  valueEnd(depth: number, i: number): void;
  /** A container opens at byte i (its frame is pushed after). */
  opened(frame: Frame, depth: number, i: number): void;
  /** Bytes [i, end) of a string's text, escapes as written; `key` for an object's key. */
  stringText(i: number, end: number, key: boolean): void;
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
const BACKSLASH = 0x5c;
/** A key longer than this is kept for no path (no HAR field name is anywhere near it). */
const MAX_KEY_BYTES = 256;
const MAX_LITERAL_BYTES = 4096;
const LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isLiteralByte = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x2d || b === 0x2b || b === 0x2e;

/** The string being read; one object, reused (a recording holds millions of strings). */
interface StringRead {
  key: boolean;
  escaped: boolean;
  /** Where the key starts in this chunk; -1 once its bytes are kept in keyBytes (a key across chunks). */
  keyStart: number;
  keyBytes: number[];
  keyTooLong: boolean;
}

function startString(text: StringRead, key: boolean, keyStart: number): void {
  text.key = key;
  text.escaped = false;
  text.keyStart = keyStart;
  text.keyBytes.length = 0;
  text.keyTooLong = false;
}

/** A key read within one chunk: as it is, unless it holds an escape. */
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

export class JsonScanner {
  /** The containers around what is read, outermost first. */
  readonly stack: Frame[] = [];
  /** The chunk being read (the sink copies from it). */
  chunk: Buffer = Buffer.alloc(0);
  private mode: Mode = Mode.Value;
  /** Bytes of the chunks before this one. */
  private offset = 0;
  /** The string being read: a key's bytes from earlier chunks (one within this chunk is read from it at once). */
  private readonly text: StringRead = { key: false, escaped: false, keyStart: -1, keyBytes: [], keyTooLong: false };
  /** The number or word being read (kept only where checked). */
  private readonly literal = { text: '', at: 0, check: false };

  /** `name` starts every message (`recording.har: not a HAR file`). */
  constructor(
    readonly name: string,
    private readonly sink: ScanSink,
  ) {}

  push(chunk: Buffer): void {
    this.chunk = chunk;
    // A key begun in an earlier chunk goes on in keyBytes.
    this.text.keyStart = -1;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.mode === Mode.String) i = this.inString(i);
      else if (this.mode === Mode.Literal) {
        const literal = this.literal;
        for (; i < n && isLiteralByte(chunk[i]!); i++) {
          if (!literal.check) continue;
          if (literal.text.length >= MAX_LITERAL_BYTES) this.broken(literal.at - this.offset, 'a number or word too long');
          literal.text += String.fromCharCode(chunk[i]!);
        }
        if (i < n) this.endLiteral(i);
      } else {
        if (!isSpace(chunk[i]!)) this.structural(chunk[i]!, i);
        i++;
      }
    }
    this.offset += n;
  }

  /** The file ended: anything left open is a file cut short. */
  end(): void {
    if (this.mode === Mode.Literal) this.endLiteral(0);
    if (this.mode !== Mode.Done) throw new RunError(`${this.name}: the JSON is broken or cut short (it ends inside a value)`);
  }

  /** What is not JSON at byte `at` of the chunk. What it was is not quoted: it could be a key. */
  broken(at: number, what: string): never {
    throw new RunError(`${this.name}: the JSON is broken or cut short (${what} at byte ${this.offset + at})`);
  }

  /** The path of what is read, from the frame at `from` down (`response.content.text`). */
  path(from: number): string {
    let path = '';
    for (let d = from; d < this.stack.length; d++) {
      const frame = this.stack[d]!;
      path += frame.array ? `[${frame.index}]` : `${path ? '.' : ''}${frame.key ?? '?'}`;
    }
    return path;
  }

  /** A byte outside strings and words: a bracket, a colon, a comma, or the start of a value. */
  private structural(b: number, i: number): void {
    const top = this.stack[this.stack.length - 1];
    const mode = this.mode;
    const closesArray = b === 0x5d && (mode === Mode.ValueOrEnd || (mode === Mode.AfterValue && top?.array === true));
    const closesObject = b === 0x7d && (mode === Mode.KeyOrEnd || (mode === Mode.AfterValue && top?.array === false));
    if (closesArray || closesObject) {
      this.stack.pop();
      this.ended(i + 1);
    } else if (mode === Mode.Value || mode === Mode.ValueOrEnd) {
      this.sink.valueStart(this.stack.length, i);
      if (b === 0x7b || b === 0x5b) {
        const frame: Frame = { array: b === 0x5b, index: 0 };
        this.sink.opened(frame, this.stack.length, i);
        this.stack.push(frame);
        this.mode = frame.array ? Mode.ValueOrEnd : Mode.KeyOrEnd;
      } else if (b === QUOTE) {
        startString(this.text, false, -1);
        this.mode = Mode.String;
      } else if (isLiteralByte(b)) {
        const literal = this.literal;
        literal.check = this.sink.checking;
        literal.text = literal.check ? String.fromCharCode(b) : '';
        literal.at = this.offset + i;
        this.mode = Mode.Literal;
      } else this.broken(i, `an unexpected ${JSON.stringify(String.fromCharCode(b))}`);
    } else if ((mode === Mode.Key || mode === Mode.KeyOrEnd) && b === QUOTE) {
      startString(this.text, true, i + 1);
      this.mode = Mode.String;
    } else if (mode === Mode.Key || mode === Mode.KeyOrEnd) this.broken(i, 'a missing key');
    else if (mode === Mode.Colon && b === 0x3a) this.mode = Mode.Value;
    else if (mode === Mode.Colon) this.broken(i, 'a missing ":"');
    else if (mode === Mode.AfterValue && b === 0x2c && top!.array) {
      top!.index++;
      this.mode = Mode.Value;
    } else if (mode === Mode.AfterValue && b === 0x2c) {
      top!.key = undefined;
      this.mode = Mode.Key;
    } else if (mode === Mode.Done) this.broken(i, 'something after the end of the JSON');
    else this.broken(i, `an unexpected ${JSON.stringify(String.fromCharCode(b))}`);
  }

  /** A value ended just before byte i. */
  private ended(i: number): void {
    const depth = this.stack.length;
    this.sink.valueEnd(depth, i);
    this.mode = depth === 0 ? Mode.Done : Mode.AfterValue;
  }

  /** Reads string bytes from `i`; returns where reading goes on. */
  private inString(i: number): number {
    const chunk = this.chunk;
    const text = this.text;
    const n = chunk.length;
    let k = i;
    if (text.escaped) {
      text.escaped = false;
      k = i + 1;
    }
    // The closing quote: the next one not escaped (a backslash escapes the byte after it).
    let close = -1;
    for (; k < n; k++) {
      const c = chunk[k]!;
      if (c === QUOTE) {
        close = k;
        break;
      }
      if (c === BACKSLASH) k++;
    }
    // A backslash at the chunk's end escapes the next chunk's first byte.
    if (close < 0) text.escaped = k > n;
    const end = close < 0 ? n : close;
    if (text.key && (close < 0 || text.keyStart < 0)) {
      // A key across chunks: its bytes are kept as they come.
      for (let b = i; b < end && !text.keyTooLong; b++) {
        if (text.keyBytes.length >= MAX_KEY_BYTES) text.keyTooLong = true;
        else text.keyBytes.push(chunk[b]!);
      }
      text.keyStart = -1;
    }
    this.sink.stringText(i, end, text.key);
    if (close < 0) return n;
    if (!text.key) this.ended(close + 1);
    else {
      if (text.keyStart >= 0 && close - text.keyStart > MAX_KEY_BYTES) text.keyTooLong = true;
      const key = text.keyTooLong ? undefined : text.keyStart >= 0 ? keyIn(chunk, text.keyStart, close) : keyText(text.keyBytes);
      if (key === undefined && !text.keyTooLong && this.sink.checking) this.broken(close, 'a key that is not a JSON string');
      this.stack[this.stack.length - 1]!.key = key;
      this.mode = Mode.Colon;
    }
    return close + 1;
  }

  private endLiteral(i: number): void {
    if (this.literal.check && !LITERAL.test(this.literal.text)) this.broken(this.literal.at - this.offset, 'a word that is not a JSON value');
    this.ended(i);
  }
}
