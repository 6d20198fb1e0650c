// The sandbox without its server entry runs on any JavaScript runtime: nothing it imports, directly
// or through other files of the package, is a Node built-in or the Node adapter.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sandboxDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'sandbox');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g;

function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1]!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  }
  return graph;
}

describe('portability', () => {
  it('src/sandbox/index.ts reaches no Node built-in and not @hono/node-server', () => {
    const graph = importGraph(join(sandboxDir, 'index.ts'));
    expect(graph.size).toBeGreaterThan(5);
    expect([...graph.keys()].some((file) => file.endsWith('server.ts'))).toBe(false);
    const external = [...graph.values()].flat().filter((s) => !s.startsWith('.'));
    expect(external.filter((s) => s.startsWith('node:') || s === '@hono/node-server')).toEqual([]);
    expect(new Set(external)).toEqual(new Set(['@mediagen/schema', '@mediagen/schema/util', 'hono', 'hono/body-limit']));
  });
});

describe('msw, an optional peer', () => {
  const srcDir = join(sandboxDir, '..');
  it('is imported by the msw entry only: neither the package entry nor the sandbox entry reaches it', () => {
    for (const entry of ['index.ts', join('sandbox', 'index.ts')]) {
      const external = [...importGraph(join(srcDir, entry)).values()].flat();
      expect(
        external.filter((s) => s === 'msw' || s.startsWith('msw/')),
        entry,
      ).toEqual([]);
    }
    const msw = importGraph(join(srcDir, 'msw', 'index.ts'));
    expect([...msw.values()].flat()).toContain('msw');
    expect([...msw.values()].flat().filter((s) => s.startsWith('node:'))).toEqual([]);
  });
});
