// The import check of every entry point (packed.ts) excuses an entry that needs an optional peer the
// project lacks (`@mediagen/mock/msw` without msw: npm installs no optional peer by itself) only when
// its import fails by naming that package; any other missing module still fails it. Run on a
// throwaway project of stand-in packages, so it needs no packing or install.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importEveryEntryPoint, packageNames } from './packed.js';

const project = mkdtempSync(join(tmpdir(), 'mediagen-peers-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function standIn(name: string, manifest: Record<string, unknown> = {}, entries: Record<string, string> = {}) {
  const dir = join(project, 'node_modules', name);
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.js'), 'export const ok = 1;\n');
  const exports: Record<string, { import: string }> = { '.': { import: './dist/index.js' } };
  for (const [key, code] of Object.entries(entries)) {
    writeFileSync(join(dir, 'dist', `${key}.js`), code);
    exports[`./${key}`] = { import: `./dist/${key}.js` };
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.0', type: 'module', exports, ...manifest }));
}

describe('an entry that needs an optional peer', () => {
  const optional = { peerDependencies: { msw: '^2' }, peerDependenciesMeta: { msw: { optional: true } } };

  it('is excused when the peer is absent and its import fails naming it', async () => {
    for (const name of packageNames)
      standIn(name, name === '@mediagen/mock' ? optional : {}, name === '@mediagen/mock' ? { msw: "import 'msw';\nexport const b = 1;\n" } : {});
    const { entries, result } = await importEveryEntryPoint(project);
    expect(entries.find((e) => e.specifier === '@mediagen/mock/msw')?.absentPeers).toEqual(['msw']);
    expect(entries.find((e) => e.specifier === '@mediagen/client')?.absentPeers).toBeUndefined();
    expect(result.code, result.stdout).toBe(0);
  });

  it('still fails when it lacks anything else', async () => {
    standIn('@mediagen/mock', optional, { msw: "import 'no-such-package-anywhere';\nexport const b = 1;\n" });
    const { result } = await importEveryEntryPoint(project);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^@mediagen\/mock\/msw: .*Cannot find package 'no-such-package-anywhere'/m);
  });
});
