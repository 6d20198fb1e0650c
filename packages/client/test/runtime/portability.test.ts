// The runtime code runs in Node ≥ 20, browsers, Deno and Bun: no `node:` imports, no Node globals
// (process, Buffer, require), only globalThis fetch, AbortController and timers.
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

  for (const path of sources) {
    it(`${relative(srcDir, path)} uses no Node-only modules or globals`, () => {
      const code = codeOf(readFileSync(path, 'utf8'));
      expect(code).not.toMatch(/from\s+['"]node:|import\(\s*['"]node:|require\(/);
      expect(code).not.toMatch(/\b(process|Buffer|__dirname|__filename|setImmediate)\b/);
    });
  }
});
