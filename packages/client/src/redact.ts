// Keeps the API key out of every text the client produces: error messages, error bodies, log
// lines and warnings. Services sometimes echo what they were sent, and not always as it was sent:
// lower-cased, URL-encoded, inside a base64 `Authorization` value. Every one of those spellings is
// replaced, wherever it occurs.
//
// Why not the schema package's `createKeyMasker`: that one masks values (a header, a query value, a
// JSON string) with `***`, and leaves a short key inside a longer text alone so as not to corrupt
// reports. The client masks finished texts (messages, stacks, log lines) where any occurrence must
// go, in more spellings (case variants, base64), and marks the place with `[redacted]` so a message
// still reads.
import { MIN_EMBEDDED_KEY_LENGTH, setOwn } from '@mediagen/schema/util';

export const REDACTED = '[redacted]';

export type Redactor = {
  /** A text bound for a message: the key masked, control characters shown as escapes (`\u001b`), so a service's text cannot steer a terminal. */
  text(value: string): string;
  /** A deep copy of a JSON value with the key masked in every string (keys included); `__proto__` stays an own key. */
  value<T>(value: T): T;
  /** True when the key, in any of its spellings, appears in the error's message, stack or causes. */
  inError(error: unknown): boolean;
};

/**
 * The characters of the key's base64 that do not depend on what surrounds it, at each of the three
 * byte alignments it can have inside a longer encoded text (`Basic base64(user:key)`), in the
 * standard and the URL-safe alphabet.
 */
function base64Cores(key: string): string[] {
  // The key's UTF-8 bytes as a binary string, which is what btoa encodes.
  const binary = String.fromCharCode(...new TextEncoder().encode(key));
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = '\0'.repeat(offset) + binary;
    const core = btoa(padded).slice(Math.ceil((8 * offset) / 6), Math.floor((8 * padded.length) / 6));
    cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

/**
 * Every spelling of the key worth masking: as is, URL-encoded (once, twice, as a form), JSON-escaped; and,
 * for a key long enough not to match ordinary words, any letter case of those and its base64.
 */
export function keySpellings(key: string): { exact: string[]; anyCase: boolean } {
  const plain = [
    key,
    encodeURIComponent(key),
    encodeURIComponent(encodeURIComponent(key)),
    // Form encoding (URLSearchParams) also escapes `!'()~`.
    new URLSearchParams({ k: key }).toString().slice(2),
    JSON.stringify(key).slice(1, -1),
  ];
  if (key.length < MIN_EMBEDDED_KEY_LENGTH) return { exact: [...new Set(plain)], anyCase: false };
  return { exact: [...new Set([...plain, ...base64Cores(key)])], anyCase: true };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** C0 and C1 control characters and DEL: shown as `\uXXXX` in messages. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const showControl = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function createRedactor(secret: string): Redactor {
  const { exact, anyCase } = keySpellings(secret);
  // Longest first, so a spelling that contains another is masked whole.
  const source = exact
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const every = new RegExp(source, anyCase ? 'gi' : 'g');
  const any = new RegExp(source, anyCase ? 'i' : '');
  const mask = (value: string): string => value.replace(every, REDACTED);
  const text = (value: string): string => mask(value).replace(CONTROL, showControl);
  const value = <T>(input: T): T => {
    if (typeof input === 'string') return mask(input) as T;
    if (Array.isArray(input)) return input.map(value) as T;
    if (input !== null && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) setOwn(out, mask(key), value(item));
      return out as T;
    }
    return input;
  };
  const inError = (error: unknown, depth = 0): boolean => {
    if (depth > 5 || error === null || error === undefined) return false;
    if (typeof error === 'string') return any.test(error);
    if (typeof error !== 'object') return false;
    const e = error as { message?: unknown; stack?: unknown; cause?: unknown };
    if (typeof e.message === 'string' && any.test(e.message)) return true;
    if (typeof e.stack === 'string' && any.test(e.stack)) return true;
    return inError(e.cause, depth + 1);
  };
  return { text, value, inError };
}
