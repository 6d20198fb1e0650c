// `pnpm emit` refuses to rewrite a dated document no ledger entry explains, and a ledger entry that
// no longer fits the schema stops it with one line and the likely fix: the rules (guard.ts) on a real
// emission, and the command itself on a copy of the generated files.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ledger } from '../../src/ledger/changes.js';
import { documentsByVersion } from '../../src/ledger/index.js';
import { buildDocument } from '../../src/openapi/document.js';
import { emitFiles } from '../../src/openapi/files.js';
import { datedRewriteRefusal, emitFailureLine, REWRITE_DATED_ENV } from '../../src/openapi/guard.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = emitFiles();
const DATED = 'openapi/versions/2024-09-04.json';
/** What a committed tree holds when the zod schemas changed after the last emission: every file as emitted, but `changed`. */
const committed =
  (changed: Record<string, string | undefined> = {}) =>
  (path: string) =>
    path in changed ? changed[path] : files[path];

describe('a dated document rewritten without a ledger entry', () => {
  it('is refused in one line that names the documents and both ways out', () => {
    const line = datedRewriteRefusal(files, committed({ [DATED]: '{}\n' }));
    expect(line).toBeDefined();
    expect(line!.split('\n')).toHaveLength(1);
    expect(line).toContain(DATED);
    expect(line).toContain('src/ledger/changes.ts');
    expect(line).toContain(`${REWRITE_DATED_ENV}=1`);
  });

  it('is allowed when the ledger changed with it (the API changelog differs), when nothing differs, and for a new date', () => {
    expect(datedRewriteRefusal(files, committed({ [DATED]: '{}\n', 'CHANGELOG-API.md': '# older\n' }))).toBeUndefined();
    expect(datedRewriteRefusal(files, committed())).toBeUndefined();
    expect(datedRewriteRefusal(files, committed({ [DATED]: undefined }))).toBeUndefined();
  });
});

describe('a ledger entry that no longer fits the schema', () => {
  it('is one line naming the entry, the instruction and the likely fix, with no stack', () => {
    const broken = [
      ...ledger,
      { date: '2099-01-01', name: 'Rename dims', description: 'x', instructions: [{ op: 'field_renamed' as const, schema: 'Media', from: 'dim', to: 'dims' }] },
    ];
    let thrown: unknown;
    try {
      documentsByVersion(buildDocument(), broken);
    } catch (error) {
      thrown = error;
    }
    const line = emitFailureLine(thrown);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^emit: Ledger entry 2099-01-01 \(Rename dims\), field_renamed: "Media" has no property "dims"/);
    expect(line).toContain('Likely fix:');
    expect(line).not.toMatch(/\bat .+:\d+:\d+/);
  });
});

describe('pnpm emit, on a copy of the generated files', () => {
  const emit = (root: string, env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(packageRoot, 'src', 'openapi', 'cli.ts'), 'write', '--root', root], {
      cwd: packageRoot,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  const copy = () => {
    const root = mkdtempSync(join(tmpdir(), 'schema-emit-'));
    for (const path of Object.keys(files)) cpSync(join(packageRoot, path), join(root, path), { recursive: true });
    writeFileSync(join(root, DATED), `${readFileSync(join(root, DATED), 'utf8').trimEnd()} \n`);
    return root;
  };

  it('refuses with exit 1 and one line, and writes nothing', () => {
    const root = copy();
    const before = readFileSync(join(root, DATED), 'utf8');
    const r = emit(root);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^emit: refused: .*openapi\/versions\/2024-09-04\.json/);
    expect(readFileSync(join(root, DATED), 'utf8')).toBe(before);
  });

  it(`rewrites them with ${REWRITE_DATED_ENV}=1`, () => {
    const root = copy();
    const r = emit(root, { [REWRITE_DATED_ENV]: '1' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(root, DATED), 'utf8')).toBe(files[DATED]);
  });
});
