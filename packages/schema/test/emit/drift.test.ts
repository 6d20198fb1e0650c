// Generated files are never hand-edited: the committed files equal a fresh emission. On failure,
// run `pnpm emit` and commit the result.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emitFiles } from '../../src/openapi/files.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = emitFiles();

describe('generated files', () => {
  it('are the newest document, one per ledger version and the baseline, the plan and the changelog', () => {
    expect(Object.keys(files).sort()).toEqual(
      [
        'CHANGELOG-API.md',
        'openapi/openapi.json',
        'openapi/openapi.yaml',
        'src/ledger/plan.generated.ts',
        ...['baseline', '2024-09-04', '2024-11-08', '2024-12-04', '2025-03-06', '2025-05-07'].flatMap((v) => [
          `openapi/versions/${v}.json`,
          `openapi/versions/${v}.yaml`,
        ]),
      ].sort(),
    );
  });

  it.each(Object.keys(files))('%s matches a fresh emission', (path) => {
    const committed = readFileSync(join(packageRoot, path), 'utf8');
    expect(committed === files[path], `${path} differs from a fresh emission: run \`pnpm emit\``).toBe(true);
  });

  it('say they are generated', () => {
    for (const [path, content] of Object.entries(files)) {
      if (path.endsWith('.json')) expect(JSON.parse(content).info['x-generated'], path).toMatch(/Generated/);
      else expect(content.slice(0, 200), path).toMatch(/Generated/);
    }
  });
});
