// Masks an API key where it is a value: a header value, a URL's path segment or query value, a JSON
// string, the words of a curl line. It works on values, never on finished text (a report, a console
// page): there a short key would match ordinary words and numbers and corrupt them.
//
// The rule, so that a one-character key corrupts nothing:
// - a whole value equal to a key (raw, URL-encoded or JSON-escaped) is masked, whatever the key's length;
// - an occurrence inside a longer value is masked only when the key has at least
//   MIN_EMBEDDED_KEY_LENGTH characters: shorter ones are too likely to be part of something else.
// Property names, numbers and booleans are never masked whole (a name or a number is not a key).

export const MASK = '***';
/** Keys at least this long are unambiguous: their occurrences inside longer values are masked too. */
export const MIN_EMBEDDED_KEY_LENGTH = 8;

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
}

/** Base64 of a string's UTF-8 bytes, padded and unpadded, and its URL-safe form (no Node APIs). */
function base64Forms(key: string): string[] {
  let binary = '';
  for (const byte of new TextEncoder().encode(key)) binary += String.fromCharCode(byte);
  const padded = btoa(binary);
  const bare = padded.replace(/=+$/, '');
  return [padded, bare, bare.replace(/\+/g, '-').replace(/\//g, '_')];
}

/**
 * The spellings a key takes inside a value: as is, in lower and upper case, URL-encoded, JSON-escaped,
 * and base64 (a Basic header, a token someone encoded).
 */
const spellings = (key: string): string[] => {
  const cases = [key, key.toLowerCase(), key.toUpperCase()];
  return [...new Set([...cases, ...cases.map(encodeURIComponent), JSON.stringify(key).slice(1, -1), ...base64Forms(key)])];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** A masker for the given keys (empty and missing ones are ignored). */
export function createKeyMasker(keys: string | readonly (string | undefined)[]): KeyMasker {
  const list = (typeof keys === 'string' ? [keys] : keys).filter((k): k is string => typeof k === 'string' && k.length > 0);
  const whole = new Set(list.flatMap(spellings));
  // Longest first, so a key that contains another is masked whole.
  const embedded = [...new Set(list.filter((k) => k.length >= MIN_EMBEDDED_KEY_LENGTH).flatMap(spellings))].sort((a, b) => b.length - a.length);

  const inner = (text: string): string => {
    let out = text;
    for (const spelling of embedded) if (out.includes(spelling)) out = out.split(spelling).join(MASK);
    return out;
  };
  const value = (text: string): string => (whole.has(text) ? MASK : inner(text));

  const url = (text: string): string => {
    const hashAt = text.indexOf('#');
    const beforeHash = hashAt < 0 ? text : text.slice(0, hashAt);
    const hash = hashAt < 0 ? '' : text.slice(hashAt);
    const queryAt = beforeHash.indexOf('?');
    const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
    const maskedPath = path
      .split('/')
      .map((segment) => (whole.has(segment) || whole.has(decodeQueryValue(segment)) ? MASK : segment))
      .join('/');
    const maskedQuery =
      queryAt < 0
        ? ''
        : `?${beforeHash
            .slice(queryAt + 1)
            .split('&')
            .map((pair) => {
              const eq = pair.indexOf('=');
              if (eq < 0) return pair;
              const raw = pair.slice(eq + 1);
              return whole.has(raw) || whole.has(decodeQueryValue(raw)) ? `${pair.slice(0, eq + 1)}${MASK}` : pair;
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

  // A short key in a message only where it stands alone: not inside a word, a number or another token.
  const standalone = [...new Set(list.filter((k) => k.length < MIN_EMBEDDED_KEY_LENGTH).flatMap(spellings))]
    .sort((a, b) => b.length - a.length)
    .map((form) => new RegExp(`(?<![\\p{L}\\p{N}_\\-.~%])${escapeRegExp(form)}(?![\\p{L}\\p{N}_\\-.~%])`, 'gu'));
  const text = (input: string): string => {
    let out = inner(input);
    for (const pattern of standalone) out = out.replace(pattern, MASK);
    return out;
  };

  return { value, headers, url, json, curl, text };
}
