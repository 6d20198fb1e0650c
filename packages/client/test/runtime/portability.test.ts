// The runtime code runs in Node ≥ 20, browsers, Deno and Bun: no `node:` imports, no Node globals
// (process, Buffer, require), only globalThis fetch, AbortController and timers. One exception:
// env.ts reads `globalThis.process?.env`, guarded, for the environment defaults.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const sources = (readdirSync(srcDir, { recursive: true }) as string[]).filter((path) => path.endsWith('.ts')).map((path) => join(srcDir, path));

/** Source without comments and string contents, so only code is scanned. */
const codeOf = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/`(?:\\.|[^`\\])*`|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"/g, (m) => (m.startsWith("'node:") || m.startsWith('"node:') ? m : '""'));

describe('runtime portability', () => {
  it('has sources to check', () => expect(sources.length).toBeGreaterThan(10));

  /** The one guarded read of the environment (env.ts), optional all the way and inside a try. */
  const ENV_READ = /try \{\s*const value = \(globalThis as \{ process\?: \{ env\?: Record<string, string \| undefined> \} \}\)\.process\?\.env\?\.\[name\];/;

  it('env.ts reads the environment only through globalThis, guarded', () => {
    const code = codeOf(readFileSync(join(srcDir, 'env.ts'), 'utf8'));
    expect(code).toMatch(ENV_READ);
    expect(code.replace(ENV_READ, '')).not.toMatch(/\bprocess\b/);
  });

  for (const path of sources) {
    it(`${relative(srcDir, path)} uses no Node-only modules or globals`, () => {
      const code = codeOf(readFileSync(path, 'utf8')).replace(ENV_READ, '');
      expect(code).not.toMatch(/from\s+['"]node:|import\(\s*['"]node:|require\(/);
      expect(code).not.toMatch(/\b(process|Buffer|__dirname|__filename|setImmediate)\b/);
    });
  }
});
