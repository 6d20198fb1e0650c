// One writer at a time across the processes of a test run (vitest runs files in parallel workers,
// and turbo runs several root test tasks at once): a lock is a directory, made atomically by mkdir,
// holding the pid of its holder. A lock whose holder is gone is taken over.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '../../scripts/tools.mjs';

export { withLock };

/**
 * The result of `build`, computed once per `dir` by whichever process asks first and read back
 * (as JSON) by every later one. A failed build is not remembered: the next caller tries again.
 */
export async function once<T>(dir: string, build: () => Promise<T>): Promise<T> {
  const result = join(dir, 'result.json');
  const read = (): T | undefined => {
    try {
      return JSON.parse(readFileSync(result, 'utf8')) as T;
    } catch {
      return undefined;
    }
  };
  return (
    read() ??
    withLock(`${dir}.lock`, async () => {
      const done = read();
      if (done !== undefined) return done;
      mkdirSync(dir, { recursive: true });
      const value = await build();
      writeFileSync(result, JSON.stringify(value));
      return value;
    })
  );
}
