// Masks an API key where it is a value: a header value, a URL's path segment, userinfo or query value,
// a JSON string, the words of a curl line; and in a message. The key is found in every form
// key-forms.ts names (case variants, percent-encoded in part or whole, JSON and HTML escapes, hex,
// base64 and base64url): this is the one masker every writer of this repository goes through.
//
// The rule, so that a one-character key corrupts nothing:
// - a whole value equal to a key (in any of its forms; a `Bearer`/`Basic` token, URL userinfo) is
//   masked, whatever the key's length;
// - an occurrence inside a longer value is masked only when the key has at least
//   MIN_EMBEDDED_KEY_LENGTH characters: shorter ones are too likely to be part of something else
//   (in a message, a short key is masked where it stands alone as a word).
// Property names, numbers and booleans are never masked whole (a name or a number is not a key).
import { keyMatcher } from './key-forms.js';

export { MIN_EMBEDDED_KEY_LENGTH } from './key-forms.js';
export const MASK = '***';

export interface KeyMaskerOptions {
  /** What stands where a key was (default MASK). */
  mask?: string;
}

export interface KeyMasker {
  /** One value (a header value, a query value, a string from a body). */
  value(value: string): string;
  /** Header values masked; names kept. */
  headers<H extends Record<string, string>>(headers: H): H;
  /** A URL with path segments and query values that are a key masked (`?key=***`). */
  url(url: string): string;
  /** A deep copy of a JSON value with its string values masked. */
  json<T>(value: T): T;
  /** A curl line with its header values, URL and data argument masked word by word. */
  curl(line: string): string;
  /**
   * A message or a reason: every spelling of a key of MIN_EMBEDDED_KEY_LENGTH or more masked wherever
   * it occurs, a shorter one only where it stands alone as a word (so `skipped` keeps its `k`).
   */
  text(text: string): string;
  /** True when the text holds a key in any form (where text() would mask one). */
  holds(text: string): boolean;
}

const decodeQueryValue = (raw: string): string => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Splits a shell line into words, keeping each word's source text and the blanks before it (so unchanged words stay as written). */
function shellWords(line: string): { gap: string; text: string; word: string }[] {
  const words: { gap: string; text: string; word: string }[] = [];
  let i = 0;
  while (i < line.length) {
    const blank = i;
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    const start = i;
    let word = '';
    while (i < line.length && !/\s/.test(line[i]!)) {
      const ch = line[i]!;
      if (ch === "'") {
        const end = line.indexOf("'", i + 1);
        const stop = end < 0 ? line.length : end;
        word += line.slice(i + 1, stop);
        i = stop + 1;
      } else if (ch === '"') {
        i++;
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < line.length) i++;
          word += line[i++];
        }
        i++;
      } else if (ch === '\\' && i + 1 < line.length) {
        word += line[i + 1];
        i += 2;
      } else {
        word += ch;
        i++;
      }
    }
    words.push({ gap: line.slice(blank, start), text: line.slice(start, Math.min(i, line.length)), word });
  }
  return words;
}

const HEADER_FLAGS = new Set(['-H', '--header']);
const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--json']);

/** A token after an authorisation scheme (`Bearer <key>`, `Basic base64(user:key)`). */
const AUTH_SCHEME = /^(bearer|basic|token|apikey)(\s+)(\S+)$/i;

/** The parts of a Basic token: `user:password` decoded from base64, or nothing. */
function basicParts(token: string): string[] {
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const colon = text.indexOf(':');
    return colon < 0 ? [text] : [text.slice(0, colon), text.slice(colon + 1)];
  } catch {
    return [];
  }
}

/** A masker for the given keys (empty and missing ones are ignored). */
export function createKeyMasker(keys: string | readonly (string | undefined)[], options: KeyMaskerOptions = {}): KeyMasker {
  const MARK = options.mask ?? MASK;
  const list = (typeof keys === 'string' ? [keys] : keys).filter((k): k is string => typeof k === 'string' && k.length > 0);
  const matcher = keyMatcher(list, MARK);
  const isKey = matcher.isKey;
  const inner = matcher.embedded;
  const token = (text: string): string | undefined => {
    const scheme = AUTH_SCHEME.exec(text);
    if (!scheme) return undefined;
    const [, name, gap, value] = scheme;
    return isKey(value!) || (name!.toLowerCase() === 'basic' && basicParts(value!).some(isKey)) ? `${name}${gap}${MARK}` : undefined;
  };
  const value = (text: string): string => (isKey(text) ? MARK : (token(text) ?? inner(text)));
  /** A URL part (a path segment, a query value, userinfo) that holds a key, as written or decoded: masked whole. */
  const holdsKey = (raw: string): boolean => {
    if (value(raw) !== raw) return true;
    const decoded = decodeQueryValue(raw);
    return decoded !== raw && value(decoded) !== decoded;
  };

  /** `scheme://user:password@host`: a user or password that is a key masked. */
  const userinfo = (text: string): string =>
    text.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i, (_, scheme: string, info: string) => {
      const colon = info.indexOf(':');
      const parts = colon < 0 ? [info] : [info.slice(0, colon), info.slice(colon + 1)];
      return `${scheme}${parts.map((part) => (holdsKey(part) ? MARK : part)).join(':')}@`;
    });

  const url = (input: string): string => {
    const text = userinfo(input);
    const hashAt = text.indexOf('#');
    const beforeHash = hashAt < 0 ? text : text.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : text.slice(hashAt);
    const queryAt = beforeHash.indexOf('?');
    const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
    const maskedPath = path
      .split('/')
      .map((segment) => (holdsKey(segment) ? MARK : segment))
      .join('/');
    const maskedQuery =
      queryAt < 0
        ? ''
        : `?${beforeHash
            .slice(queryAt + 1)
            .split('&')
            .map((pair) => {
              const eq = pair.indexOf('=');
              if (eq < 0) return holdsKey(pair) ? MARK : pair;
              const raw = pair.slice(eq + 1);
              return holdsKey(raw) ? `${pair.slice(0, eq + 1)}${MARK}` : pair;
            })
            .join('&')}`;
    return inner(`${maskedPath}${maskedQuery}${hash}`);
  };

  const json = <T>(input: T): T => {
    if (typeof input === 'string') return value(input) as T;
    if (Array.isArray(input)) return input.map(json) as T;
    if (input !== null && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) {
        const name = inner(key);
        if (name === '__proto__') Object.defineProperty(out, name, { value: json(item), writable: true, enumerable: true, configurable: true });
        else out[name] = json(item);
      }
      return out as T;
    }
    return input;
  };

  const header = (line: string): string => {
    const colon = line.indexOf(':');
    if (colon < 0) return value(line);
    const rest = line.slice(colon + 1);
    const padding = rest.length - rest.trimStart().length;
    return `${inner(line.slice(0, colon + 1))}${rest.slice(0, padding)}${value(rest.slice(padding))}`;
  };

  const data = (text: string): string => {
    try {
      const parsed: unknown = JSON.parse(text);
      const masked = json(parsed);
      return JSON.stringify(masked) === JSON.stringify(parsed) ? inner(text) : JSON.stringify(masked);
    } catch {
      return value(text);
    }
  };

  const curl = (line: string): string => {
    const words = shellWords(line);
    return words
      .map(({ gap, text, word }, i) => {
        const flag = i > 0 ? words[i - 1]!.word : '';
        const masked = HEADER_FLAGS.has(flag)
          ? header(word)
          : DATA_FLAGS.has(flag)
            ? data(word)
            : /^[a-z][a-z0-9+.-]*:\/\//i.test(word)
              ? url(word)
              : value(word);
        return gap + (masked === word ? text : shellQuote(masked));
      })
      .join('');
  };

  const headers = <H extends Record<string, string>>(input: H): H => Object.fromEntries(Object.entries(input).map(([name, item]) => [name, value(item)])) as H;

  const text = matcher.text;
  const holds = (input: string): boolean => text(input) !== input;

  return { value, headers, url, json, curl, text, holds };
}
