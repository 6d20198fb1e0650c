// Every form an API key takes on its way through clients, servers, proxies and recordings, as one
// regular expression per key: the one definition of "the key" every masker of this repository uses
// (the suite's reports and recordings, the proxy, the client's errors and logs).
//
// A form is built character by character, so mixed spellings are found too: each character of the
// key may stand as itself (in any letter case, for a key long enough not to match ordinary words),
// percent-encoded (once or twice, hex digits in either case, a space as `+`), as a JSON escape
// (`\u0061`, `\"`, `\/`) or as a numeric HTML character reference (`&#97;`, `&#x61;`; a report escapes
// what it shows after masking, so the named ones, for `&<>"'` only, are not looked for). Beside those:
// the key's UTF-8 bytes in hex (either case) and in base64 and base64url, padded or not, and — for a
// long key — the characters of its base64 that do not depend on what surrounds it, at each of the
// three byte alignments it can have inside a longer encoded text (`Basic base64(user:key)`). URL userinfo and `Bearer <key>` hold
// the key in one of these forms; the masker looks there for a short key's whole value.

/** Keys at least this long are unambiguous: their occurrences inside longer values are masked too. */
export const MIN_EMBEDDED_KEY_LENGTH = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const utf8 = (text: string) => [...new TextEncoder().encode(text)];

/** One hex digit as a pattern that matches it in either case. */
const hexDigit = (digit: string) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit);
const hexPattern = (value: number, width: number) => [...value.toString(16).padStart(width, '0')].map(hexDigit).join('');

/** The same character in each letter case, when it has more than one. */
function letterCases(char: string): string {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  const variants = [...new Set([char, lower, upper])];
  if (variants.length === 1) return escapeRegExp(char);
  return `(?:${variants.map(escapeRegExp).join('|')})`;
}

const JSON_SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Every way one character of the key can be written. */
function characterForms(char: string, anyCase: boolean): string {
  const bytes = utf8(char);
  const percent = bytes.map((byte) => `%(?:25)?${hexPattern(byte, 2)}`).join('');
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  // One backslash or more: a JSON text holding an escaped key escapes its backslashes again.
  const jsonEscape = units.map((unit) => `(?:\\\\)+[uU]${hexPattern(unit, 4)}`).join('');
  const code = char.codePointAt(0)!;
  const forms = [
    anyCase ? letterCases(char) : escapeRegExp(char),
    percent,
    jsonEscape,
    `&#0*${code};`,
    `&#[xX]0*${hexPattern(code, 1)};`,
    ...(JSON_SHORT[char] ? [escapeRegExp(JSON_SHORT[char])] : []),
    ...(char === ' ' ? ['\\+'] : []),
  ];
  return `(?:${forms.join('|')})`;
}

function base64(bytes: number[]): string {
  return btoa(String.fromCharCode(...bytes));
}

const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_');

/** The key's base64, padded, bare and URL-safe; for a long key also its cores at the three alignments. */
function base64Forms(key: string, embedded: boolean): string[] {
  const bytes = utf8(key);
  const padded = base64(bytes);
  const bare = padded.replace(/=+$/, '');
  const forms = [padded, bare, urlSafe(padded), urlSafe(bare)];
  if (embedded)
    for (let offset = 0; offset < 3; offset++) {
      const shifted = [...Array<number>(offset).fill(0), ...bytes];
      const core = base64(shifted).slice(Math.ceil((8 * offset) / 6), Math.floor((8 * shifted.length) / 6));
      if (core.length > 0) forms.push(core, urlSafe(core));
    }
  return forms;
}

/**
 * A regular expression source (for the `u` flag) that matches the key in every form above. Letter
 * case is free only for a key of MIN_EMBEDDED_KEY_LENGTH or more: a short key's other cases are
 * too likely to be ordinary words.
 */
export function keyFormsPattern(key: string): string {
  const embedded = key.length >= MIN_EMBEDDED_KEY_LENGTH;
  const characters = [...key].map((char) => characterForms(char, embedded)).join('');
  const hex = utf8(key)
    .map((byte) => hexPattern(byte, 2))
    .join('');
  // A short key's hex or base64 (`31` for `1`) is an ordinary number or word: kept only when long.
  const encoded = [...new Set(base64Forms(key, embedded))].filter((form) => form.length >= MIN_EMBEDDED_KEY_LENGTH).map(escapeRegExp);
  if (2 * utf8(key).length >= MIN_EMBEDDED_KEY_LENGTH) encoded.unshift(hex);
  const cases = embedded ? [escapeRegExp(key.toLowerCase()), escapeRegExp(key.toUpperCase())] : [];
  return [characters, ...encoded, ...cases].map((form) => `(?:${form})`).join('|');
}

/** The forms of several keys as one pattern, the longest key first (a key that contains another is masked whole). */
export function keysPattern(keys: readonly string[]): string | undefined {
  const list = [...new Set(keys)].sort((a, b) => b.length - a.length);
  return list.length === 0 ? undefined : list.map(keyFormsPattern).join('|');
}

/**
 * The masking every writer shares, on texts: a key of MIN_EMBEDDED_KEY_LENGTH or more is replaced by
 * `mark` wherever any of its forms occurs; a shorter one only where it stands alone (so `skipped` keeps
 * its `k`), or, by `isKey`, as a whole value. (The schema's createKeyMasker builds on it for values,
 * URLs, JSON and curl lines; the client's redactor uses it alone, which keeps its entry small.)
 */
export interface KeyMatcher {
  /** Whether a whole value is a key, in any form. */
  isKey(text: string): boolean;
  /** Every occurrence of a long key masked. */
  embedded(text: string): string;
  /** A message: long keys masked anywhere, short ones where they stand alone. */
  text(text: string): string;
}

export function keyMatcher(keys: readonly string[], mark: string): KeyMatcher {
  const all = keysPattern(keys);
  const long = keysPattern(keys.filter((k) => k.length >= MIN_EMBEDDED_KEY_LENGTH));
  const short = keysPattern(keys.filter((k) => k.length < MIN_EMBEDDED_KEY_LENGTH));
  const whole = all === undefined ? undefined : new RegExp(`^(?:${all})$`, 'u');
  const anywhere = long === undefined ? undefined : new RegExp(long, 'gu');
  // A short key only where it stands alone: not inside a word, a number or another token.
  const standalone = short === undefined ? undefined : new RegExp(`(?<![\\p{L}\\p{N}_\\-.~%])(?:${short})(?![\\p{L}\\p{N}_\\-.~%])`, 'gu');
  const embedded = (text: string): string => (anywhere === undefined ? text : text.replace(anywhere, mark));
  return {
    isKey: (text) => whole !== undefined && text.length > 0 && whole.test(text),
    embedded,
    text: (text) => {
      const out = embedded(text);
      return standalone === undefined ? out : out.replace(standalone, mark);
    },
  };
}
