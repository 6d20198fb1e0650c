// Adding a check is one file in checks/registry/ and its registration in checks/catalog.ts. (That
// no file imports a file that imports it back is the repository's import-cycle test, tests/structure.)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

describe('imports', () => {
  it('adding a check is one file in checks/registry/ and its registration', () => {
    const registry = readdirSync(join(root, 'checks/registry')).filter((f) => !['sequence.ts', 'auth.ts'].includes(f));
    const catalog = readFileSync(join(root, 'checks/catalog.ts'), 'utf8');
    for (const file of registry) expect(catalog, file).toContain(`./registry/${file.replace(/\.ts$/, '.js')}`);
  });
});
