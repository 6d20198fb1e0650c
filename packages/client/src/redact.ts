// Keeps the API key out of every text the client produces: error messages, error bodies, log
// lines and warnings. Services sometimes echo what they were sent, and not always as it was sent:
// lower-cased, URL-encoded, hex, inside a base64 `Authorization` value. The key is found in every
// form by the schema package's one key matcher (the same the suite's reports and recordings are
// masked with), and its place marked `[redacted]` so a message still reads.
import { keyMatcher, setOwn } from '@mediagen/schema/util';

export const REDACTED = '[redacted]';

export type Redactor = {
  /** A text bound for a message: the key masked, control characters shown as escapes (`\u001b`), so a service's text cannot steer a terminal. */
  text(value: string): string;
  /** A deep copy of a JSON value with the key masked in every string (keys included); `__proto__` stays an own key. */
  value<T>(value: T): T;
  /** True when the key, in any of its forms, appears in the error's message, stack or causes. */
  inError(error: unknown): boolean;
};

/** C0 and C1 control characters and DEL: shown as `\uXXXX` in messages. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const showControl = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function createRedactor(secret: string): Redactor {
  const mask = keyMatcher([secret], REDACTED).text;
  const holds = (value: string) => mask(value) !== value;
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
    if (typeof error === 'string') return holds(error);
    if (typeof error !== 'object') return false;
    const e = error as { message?: unknown; stack?: unknown; cause?: unknown };
    if (typeof e.message === 'string' && holds(e.message)) return true;
    if (typeof e.stack === 'string' && holds(e.stack)) return true;
    return inError(e.cause, depth + 1);
  };
  return { text, value, inError };
}
