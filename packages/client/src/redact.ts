// Keeps the API key out of every text the client produces: error messages, error bodies, log
// lines and warnings. Services sometimes echo what they were sent; this replaces any occurrence.

export const REDACTED = '[redacted]';

export type Redactor = {
  text(value: string): string;
  /** A deep copy of a JSON value with the key replaced in every string (keys included). */
  value<T>(value: T): T;
  /** True when the key appears in the error's message, stack or causes. */
  inError(error: unknown): boolean;
};

export function createRedactor(secret: string): Redactor {
  // A string pattern is replaced as it is; REDACTED has no `$` patterns.
  const text = (value: string): string => value.replaceAll(secret, REDACTED);
  const value = <T>(input: T): T => {
    if (typeof input === 'string') return text(input) as T;
    if (Array.isArray(input)) return input.map(value) as T;
    if (input !== null && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) out[text(key)] = value(item);
      return out as T;
    }
    return input;
  };
  const inError = (error: unknown, depth = 0): boolean => {
    if (depth > 5 || error === null || error === undefined) return false;
    if (typeof error === 'string') return error.includes(secret);
    if (typeof error !== 'object') return false;
    const e = error as { message?: unknown; stack?: unknown; cause?: unknown };
    if (typeof e.message === 'string' && e.message.includes(secret)) return true;
    if (typeof e.stack === 'string' && e.stack.includes(secret)) return true;
    return inError(e.cause, depth + 1);
  };
  return { text, value, inError };
}
