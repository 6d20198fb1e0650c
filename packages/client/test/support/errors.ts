// What a user could see of an error: every text form of it and of its causes.
import { inspect } from 'node:util';

/** Every text form of an error (String, message, stack, JSON, util.inspect), with its causes. */
export function textsOf(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as Error;
    texts.push(String(e), e.message, e.stack ?? '', JSON.stringify(e) ?? '', inspect(e, { depth: 10, showHidden: true }));
    current = (e as { cause?: unknown }).cause;
  }
  return texts;
}
