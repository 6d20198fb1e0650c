// The streaming reader of HAR entries: whatever the chunks a file arrives in, it hands over each entry
// of log.entries as JSON.parse would read it; a string past its bound is cut on a character boundary
// (never inside a UTF-8 character or an escape) and said by its path; an entry past its bound is
// skipped and said; anything that is not JSON is refused naming the byte; only log.entries counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutPoint } from '../../src/har/kept.js';
import { HarTokenizer, type RawEntry, type TokenizerBounds } from '../../src/har/stream.js';

const BIG: TokenizerBounds = { maxStringBytes: 1 << 20, maxEntryBytes: 1 << 22 };

/** The entries of `text` fed in chunks of the given sizes (cycled). */
function entriesOf(text: string | Buffer, sizes: readonly number[], bounds: TokenizerBounds = BIG): RawEntry[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const tokenizer = new HarTokenizer('recording.har', bounds);
  const out: RawEntry[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    // A fresh copy each time: the tokenizer must not keep a chunk it was given.
    tokenizer.push(Buffer.from(bytes.subarray(at, at + size)));
    at += size;
    out.push(...tokenizer.take());
  }
  tokenizer.end();
  return [...out, ...tokenizer.take()];
}

const json = fc.jsonValue({ maxDepth: 3 });
const chunks = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 });

describe('the streaming reader', () => {
  it('hands over each entry as JSON.parse reads it, whatever the chunks', () => {
    fc.assert(
      fc.property(fc.array(json, { maxLength: 6 }), json, chunks, fc.boolean(), (entries, other, sizes, spaced) => {
        const doc = { before: other, log: { version: '1.2', pages: [other], entries, after: other }, last: other };
        const text = spaced ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
        const got = entriesOf(text, sizes);
        expect(got.map((e) => e.index)).toEqual(entries.map((_, i) => i));
        expect(got.map((e) => JSON.parse(e.text!))).toEqual(JSON.parse(JSON.stringify(entries)));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a long string to a prefix that is still JSON, and says where', () => {
    const unit = fc.constantFrom('a', 'é', '€', '😀', '"', '\\', '\n', '\u0001', '\u2028', '/');
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 80 }), fc.integer({ min: 1, max: 40 }), chunks, (units, max, sizes) => {
        const body = units.join('');
        const entry = { request: { url: '/' }, response: { content: { text: body } } };
        const [got] = entriesOf(JSON.stringify({ log: { entries: [entry] } }), sizes, { maxStringBytes: max, maxEntryBytes: 1 << 20 });
        const parsed = JSON.parse(got!.text!) as typeof entry;
        const kept = parsed.response.content.text;
        expect(body.startsWith(kept)).toBe(true);
        const raw = Buffer.byteLength(JSON.stringify(body)) - 2;
        if (raw > max) {
          expect(got!.cut).toEqual(['response.content.text']);
          expect(Buffer.byteLength(JSON.stringify(kept)) - 2).toBeLessThanOrEqual(max);
        } else {
          expect(got!.cut).toEqual([]);
          expect(kept).toBe(body);
        }
        expect(parsed.request.url).toBe(entry.request.url);
      }),
      { numRuns: 500 },
    );
  });

  it('never cuts inside an escape or a UTF-8 character', () => {
    const bytes = Buffer.from('ab\\u00e9\\\\é€');
    for (let end = 0; end <= bytes.length; end++) {
      const p = cutPoint(bytes, 0, end);
      expect(p).toBeLessThanOrEqual(end);
      expect(() => JSON.parse(`"${bytes.toString('utf8', 0, p)}"`), `cut at ${end} → ${p}`).not.toThrow();
      expect(bytes.toString('utf8', 0, p)).not.toContain('\ufffd');
    }
  });

  it('skips an entry larger than its bound, and reads on', () => {
    const text = JSON.stringify({ log: { entries: [{ a: 'x'.repeat(100) }, { a: 'y'.repeat(5000) }, { a: 'z' }] } });
    const got = entriesOf(text, [7, 1000], { maxStringBytes: 10_000, maxEntryBytes: 1000 });
    expect(got.map((e) => e.index)).toEqual([0, 1, 2]);
    expect(got[1]).toMatchObject({ unread: 'more than the 1000 bytes an entry may have' });
    expect(got[1]!.text).toBeUndefined();
    expect(JSON.parse(got[2]!.text!)).toEqual({ a: 'z' });
  });

  it('drops the fields it is told to (a first pass reads only the requests)', () => {
    const text = JSON.stringify({ log: { entries: [{ request: { url: 'u' }, response: { content: { text: 'x'.repeat(100) } }, time: 5 }] } });
    const [got] = entriesOf(text, [3], { ...BIG, drop: ['response'] });
    expect(JSON.parse(got!.text!)).toEqual({ request: { url: 'u' }, response: null, time: 5 });
  });

  it.each([
    ['{"log":{"entries":[1,2]}', /cut short \(it ends inside a value\)/],
    ['{"log":{"entries":[1,2,]}}', /an unexpected "\]" at byte 23/],
    ['{"log":{"entries":[]}} {}', /something after the end of the JSON at byte 23/],
    ['{"log":{"entries":[]}, "x": tru}', /a word that is not a JSON value at byte 28/],
    ['{"log":{"entries":[], "entries":[]}}', /a second log\.entries/],
    ['{"log":{"pages":[]}}', /log\.entries is missing/],
    ['[{"log":{"entries":[]}}]', /log\.entries is missing/],
    ['{"log":{"entries":{"0":{}}}}', /log\.entries is missing/],
  ])('refuses %s, naming what is wrong', (text, message) => {
    expect(() => entriesOf(text, [5])).toThrow(message);
    expect(() => entriesOf(text, [5])).toThrow(/^recording\.har: not a HAR file/);
  });
});
