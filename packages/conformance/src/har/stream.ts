// A HAR file read as a stream: the bytes go through a JSON scanner (scanner.ts) that finds
// `log.entries`, and each entry's own text is kept (kept.ts) and handed over, one at a time, to
// JSON.parse. Memory holds one entry (and one chunk of the file), whatever the recording's size: a
// recording larger than the longest string V8 can make (512 MiB) is read like any other. Each string
// value is kept up to a bound and cut there on a character boundary (a media download's base64 body
// in a browser export costs the bound, not its size), and the cut is said by its path in the entry
// (`response.content.text`); an entry larger than its bound is skipped whole, and said so. Anything
// outside the entries that is not JSON is a RunError naming the byte.
import { RunError } from '../model/terms.js';
import { KeptEntry } from './kept.js';
import { type Frame, JsonScanner, type ScanSink } from './scanner.js';

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
  /** Most bytes of one string value kept (its JSON text, escapes included); keys are not cut. */
  maxStringBytes: number;
  /** Most bytes of one entry kept; a larger entry is skipped. */
  maxEntryBytes: number;
  /** Fields of an entry not kept (their value becomes null): a pass that needs only the requests. */
  drop?: readonly string[];
}

const NULL = Buffer.from('null');

/** The entries of a recording: push chunks in order, take the entries they completed, end at the end of the file. */
export class HarTokenizer implements ScanSink {
  private readonly scanner: JsonScanner;
  private readonly kept: KeptEntry;
  /** log.entries once found: its frame, the depth of its elements, the index of the next one. */
  private readonly entries: { frame?: Frame; depth: number; next: number } = { depth: -1, next: 0 };
  private readonly ready: RawEntry[] = [];
  /**
   * The entry being kept (`on`): where the bytes not copied yet start in the chunk, the depth of a
   * field being dropped, and the string value being read (where it starts in the kept bytes, its
   * length so far, whether it was cut).
   */
  private readonly capture = { on: false, copyFrom: 0, dropDepth: -1, stringStart: 0, stringBytes: 0, stringCut: false };

  constructor(
    name: string,
    private readonly bounds: TokenizerBounds,
  ) {
    this.scanner = new JsonScanner(`${name}: not a HAR file`, this);
    this.kept = new KeptEntry(bounds.maxEntryBytes);
  }

  /** Outside the entries the JSON is checked here; an entry is checked by JSON.parse. */
  get checking(): boolean {
    return !this.capture.on;
  }

  /** Reads one chunk; the caller may reuse the chunk afterwards. */
  push(chunk: Buffer): void {
    this.capture.copyFrom = 0;
    this.scanner.push(chunk);
    this.copy(chunk.length);
  }

  /** The entries completed so far (each given once). */
  take(): RawEntry[] {
    return this.ready.splice(0);
  }

  /** The file ended: anything left open is a file cut short; a file without log.entries is not HAR. */
  end(): void {
    this.scanner.end();
    if (!this.entries.frame) throw new RunError(`${this.scanner.name}: log.entries is missing`);
  }

  opened(frame: Frame, depth: number, i: number): void {
    const [root, log] = this.scanner.stack;
    if (!frame.array || depth !== 2 || root!.array || root!.key !== 'log' || log!.array || log!.key !== 'entries') return;
    if (this.entries.frame) this.scanner.broken(i, 'a second log.entries');
    this.entries.frame = frame;
    this.entries.depth = 3;
  }

  valueStart(depth: number, i: number): void {
    const capture = this.capture;
    if (!capture.on && depth === this.entries.depth && this.scanner.stack[depth - 1] === this.entries.frame) {
      capture.on = true;
      capture.copyFrom = i;
      this.kept.reset();
    } else if (capture.on && capture.dropDepth < 0 && depth === this.entries.depth + 1) {
      const field = this.scanner.stack[depth - 1]!;
      if (!field.array && field.key !== undefined && this.bounds.drop?.includes(field.key)) {
        this.copy(i);
        this.kept.append(NULL, 0, NULL.length);
        capture.dropDepth = depth;
      }
    }
    // Were it a string: its bytes start after its quote, after what is kept and what is still to copy.
    capture.stringStart = this.kept.length + (i + 1 - capture.copyFrom);
    capture.stringBytes = 0;
    capture.stringCut = false;
  }

  valueEnd(depth: number, i: number): void {
    const capture = this.capture;
    if (capture.stringCut) {
      // The closing quote of the string cut is kept.
      capture.copyFrom = i - 1;
      capture.stringCut = false;
    }
    if (capture.dropDepth === depth) {
      capture.dropDepth = -1;
      capture.copyFrom = i;
    } else if (capture.on && depth === this.entries.depth) {
      this.copy(i);
      const index = this.entries.next++;
      const kept = this.kept;
      this.ready.push(
        kept.overflow
          ? { index, cut: [], unread: `more than the ${this.bounds.maxEntryBytes} bytes an entry may have` }
          : { index, text: kept.text(), cut: kept.cut },
      );
      capture.on = false;
    }
  }

  stringText(i: number, end: number, key: boolean): void {
    const capture = this.capture;
    if (key || !capture.on || capture.dropDepth >= 0 || capture.stringCut) return;
    const room = this.bounds.maxStringBytes - capture.stringBytes;
    capture.stringBytes += end - i;
    if (end - i <= room) return;
    this.copy(i + room);
    this.kept.cutString(capture.stringStart, this.scanner.path(this.entries.depth));
    capture.stringCut = true;
  }

  /** Keeps the chunk's bytes not copied yet, up to `upTo` (none while a field is dropped or a string is past its bound). */
  private copy(upTo: number): void {
    const capture = this.capture;
    if (capture.on && capture.dropDepth < 0 && !capture.stringCut && upTo > capture.copyFrom) this.kept.append(this.scanner.chunk, capture.copyFrom, upTo);
    capture.copyFrom = upTo;
  }
}
