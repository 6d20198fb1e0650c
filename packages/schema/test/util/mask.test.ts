// The key masker masks a key where it is a value, and a short key corrupts nothing around it.
import { describe, expect, it } from 'vitest';
import { createKeyMasker, MASK, MIN_EMBEDDED_KEY_LENGTH } from '../../src/util/index.js';

const LONG = 'sk_live_0123456789abcdef';
const PLUS = 'k+y/=0123456'; // changes when URL-encoded

describe('a long key', () => {
  const mask = createKeyMasker(LONG);

  it('is masked whole and inside values, raw, URL-encoded and JSON-escaped', () => {
    expect(LONG.length).toBeGreaterThanOrEqual(MIN_EMBEDDED_KEY_LENGTH);
    expect(mask.value(LONG)).toBe(MASK);
    expect(mask.value(`invalid key ${LONG} (echoed)`)).toBe(`invalid key ${MASK} (echoed)`);
    const odd = createKeyMasker(PLUS);
    expect(odd.value(`x=${encodeURIComponent(PLUS)}`)).toBe(`x=${MASK}`);
    expect(odd.value(`{"k":${JSON.stringify('k"q\\0123456')}}`)).toBe(`{"k":${JSON.stringify('k"q\\0123456')}}`);
    const quoted = createKeyMasker('k"q\\0123456');
    expect(quoted.value(`{"k":${JSON.stringify('k"q\\0123456')}}`)).toBe(`{"k":"${MASK}"}`);
  });

  it('masks header values, URLs, JSON and curl lines', () => {
    expect(mask.headers({ 'X-API-KEY': LONG, Accept: 'application/json' })).toEqual({ 'X-API-KEY': MASK, Accept: 'application/json' });
    expect(mask.url(`https://api.example/pub/v1/models?key=${LONG}&page=1`)).toBe(`https://api.example/pub/v1/models?key=${MASK}&page=1`);
    expect(mask.json({ err: { message: `bad key ${LONG}` }, list: [LONG, 1, true, null] })).toEqual({
      err: { message: `bad key ${MASK}` },
      list: [MASK, 1, true, null],
    });
    expect(mask.curl(`curl -X GET 'https://api.example/x?k=${LONG}' -H 'X-API-KEY: ${LONG}'`)).toBe(
      `curl -X GET 'https://api.example/x?k=${MASK}' -H 'X-API-KEY: ${MASK}'`,
    );
  });

  it('copies JSON without touching the input', () => {
    const input = { a: [{ b: LONG }] };
    const out = mask.json(input);
    expect(input.a[0]!.b).toBe(LONG);
    expect(out.a[0]!.b).toBe(MASK);
  });
});

describe('a one-character key', () => {
  const mask = createKeyMasker('a');

  it('masks only whole values equal to it', () => {
    expect(mask.value('a')).toBe(MASK);
    expect(mask.value('banana')).toBe('banana');
    expect(mask.headers({ 'X-API-KEY': 'a', Accept: 'application/json' })).toEqual({ 'X-API-KEY': MASK, Accept: 'application/json' });
    expect(mask.json({ a: 'a', name: 'alpha', n: 1 })).toEqual({ a: MASK, name: 'alpha', n: 1 });
  });

  it('keeps URLs well-formed: only a query value or path segment equal to the key', () => {
    expect(mask.url('https://api.example/a/b?a=a&page=2&name=abc#a')).toBe(`https://api.example/${MASK}/b?a=${MASK}&page=2&name=abc#a`);
  });

  it('keeps a curl line runnable: the body stays JSON, other words untouched', () => {
    const line = `curl -X POST 'https://api.example/pub/v1/generations' -H 'X-API-KEY: a' -H 'Content-Type: application/json' -d '[{"prompt":"a cat","model":"a"}]'`;
    expect(mask.curl(line)).toBe(
      `curl -X POST 'https://api.example/pub/v1/generations' -H 'X-API-KEY: ${MASK}' -H 'Content-Type: application/json' -d '[{"prompt":"a cat","model":"${MASK}"}]'`,
    );
  });

  it('never masks numbers, even when the key is a digit', () => {
    const digit = createKeyMasker('1');
    expect(digit.json({ page: 1, page_size: 10 })).toEqual({ page: 1, page_size: 10 });
    const line = `curl -X GET 'https://api.example/x?page=1&page_size=10' -d '{"page":1}'`;
    expect(digit.curl(line)).toBe(`curl -X GET 'https://api.example/x?page=${MASK}&page_size=10' -d '{"page":1}'`);
  });
});

describe('keys that contain one another, and no keys', () => {
  it('masks the longer key whole', () => {
    const mask = createKeyMasker(['sk_live_0123', 'sk_live_0123456789']);
    expect(mask.value('x sk_live_0123456789 y')).toBe(`x ${MASK} y`);
  });

  it('ignores empty and missing keys', () => {
    const mask = createKeyMasker(['', undefined]);
    expect(mask.value('anything')).toBe('anything');
    expect(mask.curl("curl -H 'A: b'")).toBe("curl -H 'A: b'");
  });

  it('keeps unchanged curl words exactly as written, and re-quotes changed ones safely', () => {
    const mask = createKeyMasker('secret-key-123');
    expect(mask.curl(`curl  "https://h/x" -H "X-API-KEY: secret-key-123" -d it\\'s`)).toBe(`curl  "https://h/x" -H 'X-API-KEY: ${MASK}' -d it\\'s`);
  });
});

describe('every form of a key', () => {
  const KEY = 'Sk_live+4f9a/2c7e=b3~d';
  const mask = createKeyMasker(KEY);
  const bytes = Buffer.from(KEY);
  const forms: Record<string, string> = {
    'mixed case': [...KEY].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join(''),
    'percent-encoded, every byte': [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
    'percent-encoded, lower-case hex': [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''),
    'percent-encoded, partly': [...KEY].map((c, i) => (i % 3 ? c : `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join(''),
    'percent-encoded twice': encodeURIComponent(encodeURIComponent(KEY)),
    hex: bytes.toString('hex'),
    'hex, upper case': bytes.toString('hex').toUpperCase(),
    base64: bytes.toString('base64'),
    base64url: bytes.toString('base64url'),
    'JSON \\u escapes': [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    'JSON \\u escapes, escaped again': JSON.stringify([...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')).slice(1, -1),
    'HTML references': [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(''),
  };

  for (const [name, form] of Object.entries(forms))
    it(`${name}: masked whole, inside a text, and in a URL`, () => {
      expect(mask.value(form)).toBe(MASK);
      expect(mask.text(`the key ${form} is not valid`)).toBe(`the key ${MASK} is not valid`);
      expect(mask.url(`https://api.example/pub/v1/x?key=${form}`)).not.toContain(form);
      expect(mask.holds(`x${form}x`)).toBe(true);
    });

  it('in URL userinfo, a Bearer token and a Basic token, also for a short key', () => {
    const short = createKeyMasker('k3y');
    expect(short.url('https://user:k3y@api.example/x')).toBe(`https://user:${MASK}@api.example/x`);
    expect(short.value('Bearer k3y')).toBe(`Bearer ${MASK}`);
    expect(short.value(`Basic ${Buffer.from('user:k3y').toString('base64')}`)).toBe(`Basic ${MASK}`);
    expect(mask.url(`https://user:${KEY}@api.example/x`)).toBe(`https://user:${MASK}@api.example/x`);
    expect(mask.value(`Basic ${Buffer.from(`me:${KEY}`).toString('base64')}`)).toBe(`Basic ${MASK}`);
  });

  it('marks the place with the mask asked for', () => {
    expect(createKeyMasker(KEY, { mask: '[redacted]' }).text(`a ${KEY} b`)).toBe('a [redacted] b');
  });

  it("a short key's hex or base64 is an ordinary word: left alone in a text", () => {
    const digit = createKeyMasker('1');
    expect(digit.text('page 31 of MQ')).toBe('page 31 of MQ');
  });
});
