// The published declarations compile for a strict consumer: a small program importing every entry point
// (`.`, `/util`, `/transforms`, `/openapi`) through the package's exports, type-checked against the
// built `dist/*.d.ts` with `exactOptionalPropertyTypes: true` and `skipLibCheck: false` (so every
// declaration file it reaches is checked, zod's included). Before, the envelopes' `pagination?: X |
// undefined` gave 23 errors under those settings.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const CONSUMER = `import {
  checkGenerationRequest,
  type DataOf,
  fromDocs,
  operations,
  type Provenance,
  provenanceRecords,
  type ResponseOf,
  type RuleRecord,
  rules,
  validate,
  z,
} from '@mediagen/schema';
import { buildDocument, emitFiles } from '@mediagen/schema/openapi';
import { downgradeRequestParts, planVersions, upgradeResponseBody } from '@mediagen/schema/transforms';
import { createKeyMasker, formatIssue, isObject } from '@mediagen/schema/util';

const result = checkGenerationRequest([{ model: 'JuggernautXL', steps: 20 }], { plan: { maxBatchSize: 4 } });
const lines: string[] = result.errors.map(formatIssue);
const page: ResponseOf<'listGenerations'> = { data: [], err: {}, pagination: { page: 1, page_size: 10, total: 0 } };
const media: DataOf<'getMedia'> | undefined = undefined;
const rule: RuleRecord | undefined = rules()[0];
const cite: string | undefined = rule?.cite;
const basis: Provenance = { source: 'assumption', note: 'a claim' };
const tagged = fromDocs(z.string(), 'generate');
const parsed = validate(operations.getMedia.success.schema, {});
const upgraded = upgradeResponseBody('listGenerations', 200, page, 'baseline');
const masked: string = createKeyMasker('secret-key').value('secret-key');
export const all = [lines, media, cite, basis, tagged, parsed, upgraded, masked, provenanceRecords(), buildDocument, emitFiles, downgradeRequestParts, planVersions(), isObject];
`;

let work: string;

/** The newest modification time of the files under `dir`. */
const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
  );

beforeAll(() => {
  // The declarations under test are what `npm run build` emitted into dist/ (turbo builds the package
  // before its tests, and caches the build): copied, with the package's package.json, into a
  // throwaway project, node_modules linked for zod's declarations. No second build here.
  let built = 0;
  try {
    built = statSync(join(packageRoot, 'dist', 'index.d.ts')).mtimeMs;
  } catch {}
  if (built < newest(join(packageRoot, 'src')))
    throw new Error('packages/schema/dist is missing or older than src/: run `npm run build` (`npm test` builds first)');
  work = mkdtempSync(join(tmpdir(), 'mediagen-declarations-'));
  const copy = join(work, 'node_modules', '@mediagen', 'schema');
  mkdirSync(copy, { recursive: true });
  copyFileSync(join(packageRoot, 'package.json'), join(copy, 'package.json'));
  cpSync(join(packageRoot, 'dist'), join(copy, 'dist'), { recursive: true });
  symlinkSync(join(packageRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(work, 'index.ts'), CONSUMER);
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// A compiler run each: seconds on a quiet machine, 30 to 77 s here at a load of 20 to 25; the limits only
// catch a hang (the compiler's, below the test's, so that what it printed is still reported).
const COMPILE_LIMIT_MS = 540_000;

const compile = (options: Record<string, unknown>) => {
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: [],
        ...options,
      },
      include: ['index.ts'],
    }),
  );
  return spawnSync(process.execPath, [tsc, '-p', join(work, 'tsconfig.json')], { cwd: work, encoding: 'utf8', timeout: COMPILE_LIMIT_MS });
};

describe('declarations', { timeout: 600_000 }, () => {
  it('compile for a consumer with exactOptionalPropertyTypes and skipLibCheck off, through every entry point', () => {
    const r = compile({ exactOptionalPropertyTypes: true, skipLibCheck: false, listFiles: true });
    expect(r.stdout.split('\n').filter((line) => /error TS\d+/.test(line))).toEqual([]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // Through the exports map to the built declarations, never to the sources.
    const files = r.stdout.split('\n').map((line) => line.replaceAll('\\', '/'));
    for (const entry of ['dist/index.d.ts', 'dist/util/index.d.ts', 'dist/transforms.d.ts', 'dist/openapi/index.d.ts']) {
      expect(
        files.some((file) => file.endsWith(`node_modules/@mediagen/schema/${entry}`)),
        entry,
      ).toBe(true);
    }
    expect(files.filter((file) => file.includes('packages/schema/src/'))).toEqual([]);
  });

  it('are the built ones: a consumer that misuses them fails (the check can fail)', () => {
    writeFileSync(join(work, 'misuse.ts'), "import { rules } from '@mediagen/schema';\nexport const n: number = rules();\n");
    const tsconfig = join(work, 'tsconfig.misuse.json');
    writeFileSync(
      tsconfig,
      JSON.stringify({
        // Only misuse.ts's own diagnostics matter here: the libraries' declarations are the test above's.
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: true,
        },
        include: ['misuse.ts'],
      }),
    );
    const r = spawnSync(process.execPath, [tsc, '-p', tsconfig], { cwd: work, encoding: 'utf8', timeout: COMPILE_LIMIT_MS });
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain("Type 'RuleRecord[]' is not assignable to type 'number'");
    expect(r.stdout).toContain('misuse.ts');
  });
});
