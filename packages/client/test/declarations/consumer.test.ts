// The published declarations (dist/*.d.ts) compile for a consumer with the strictest settings a
// project may have: `exactOptionalPropertyTypes: true` and `skipLibCheck: false` (every .d.ts the
// program loads is checked), TypeScript as the package uses it. A small consumer in a throwaway
// project imports the package by name, so the package's `exports` map is what resolves each entry:
// the core, `/validation` and every `/versions/<key>`. The declarations are what the packages' builds
// emitted (turbo builds them before the tests, and caches the builds); the test stops with a clear
// message when a dist/ is missing or older than its src/, and builds nothing itself.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const schemaRoot = dirname(createRequire(import.meta.url).resolve('@mediagen/schema/package.json'));
const versionKeys = readdirSync(join(packageRoot, 'src/generated/versions')).map((name) => name.replace(/\.ts$/, ''));

const STRICTEST: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  noEmit: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
};

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
  );

/** Stops when a package's dist/ is missing or older than its src/: the declarations would not be the ones its source makes. */
function assertBuilt(root: string, marker: string): void {
  let built = 0;
  try {
    built = statSync(join(root, marker)).mtimeMs;
  } catch {}
  if (built < newest(join(root, 'src')))
    throw new Error(`${join(root, 'dist')} is missing or older than src/: run \`npm run build\` (\`npm test\` builds first)`);
}

const CONSUMERS: Record<string, string> = {
  'core.ts': `
import { type ApiErrorCode, type ClientOptions, createClient, createRawClient, type Media, type MediaGenClient, NotFoundError, type WithExtra } from '@mediagen/client';
declare const apiKey: string | undefined;
// Optional options take undefined, as a consumer with exactOptionalPropertyTypes passes them.
const options: ClientOptions = { apiKey, baseUrl: undefined, timeoutMs: 1000 };
export const client: MediaGenClient = createClient(options);
export const raw = createRawClient({ apiKey });
export async function first(id: string): Promise<WithExtra<Media> | undefined> {
  try {
    const { data, response } = await client.generations.get(id).withResponse();
    return response.ok ? data.media[0] : undefined;
  } catch (error) {
    if (error instanceof NotFoundError) {
      const code: ApiErrorCode = error.code;
      return code === 'not_found' ? undefined : undefined;
    }
    throw error;
  }
}
`,
  'validation.ts': `
import { createClient } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';
export const client = createClient({ apiKey: 'k', validator: schemaValidator({ context: {} }) });
`,
  'versions.ts': [
    "import { createRawClient } from '@mediagen/client';",
    ...versionKeys.map(
      (key, i) => `import type { paths as P${i} } from '@mediagen/client/versions/${key}';\nexport const v${i} = createRawClient<P${i}>({ apiKey: 'k' });`,
    ),
  ].join('\n'),
};

let project: string;
beforeAll(() => {
  assertBuilt(schemaRoot, 'dist/index.d.ts');
  assertBuilt(packageRoot, 'dist/index.d.ts');
  project = mkdtempSync(join(tmpdir(), 'mediagen-consumer-'));
  mkdirSync(join(project, 'node_modules', '@mediagen'), { recursive: true });
  symlinkSync(packageRoot, join(project, 'node_modules', '@mediagen', 'client'), 'dir');
  writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  for (const [name, source] of Object.entries(CONSUMERS)) writeFileSync(join(project, name), source);
}, 600_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

/**
 * The declaration files the consumers' programs share, parsed once: each consumer is still its own
 * program (its own diagnostics), but lib.dom, zod's and the client's declarations are read and parsed
 * a single time.
 */
const parsed = new Map<string, ts.SourceFile | undefined>();
const host = ts.createCompilerHost(STRICTEST);
const getSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, ...rest) => {
  const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
  if (!parsed.has(key)) parsed.set(key, getSourceFile(fileName, languageVersion, ...rest));
  return parsed.get(key);
};

/** Every diagnostic of compiling one consumer file, as `file(line): message` (each consumer compiled once). */
const compiled = new Map<string, { file: string; text: string }[]>();
function compile(name: string): { file: string; text: string }[] {
  if (!compiled.has(name)) compiled.set(name, diagnosticsOf(name));
  return compiled.get(name)!;
}

function diagnosticsOf(name: string): { file: string; text: string }[] {
  const program = ts.createProgram([join(project, name)], STRICTEST, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file?.fileName ?? '',
    text: `${d.file ? `${d.file.fileName}(${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}): ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  }));
}

const isSchemaPackage = (file: string) => file.startsWith(schemaRoot);

describe('declarations under exactOptionalPropertyTypes and skipLibCheck: false', () => {
  it('the consumers use every entry point', () => {
    expect(versionKeys.length).toBeGreaterThan(1);
    for (const key of versionKeys) expect(CONSUMERS['versions.ts']).toContain(`'@mediagen/client/versions/${key}'`);
  });

  it.each(['core.ts', 'versions.ts'])('%s compiles without a diagnostic', { timeout: 600_000 }, (name) => {
    expect(compile(name).map((d) => d.text)).toEqual([]);
  });

  it('/validation: nothing in the client declarations or the consumer', { timeout: 600_000 }, () => {
    expect(
      compile('validation.ts')
        .filter((d) => !isSchemaPackage(d.file))
        .map((d) => d.text),
    ).toEqual([]);
  });

  // `/validation` loads the schema package's declarations: they compile under these settings too.
  it('/validation: nothing at all, the schema package included', { timeout: 600_000 }, () => {
    expect(compile('validation.ts').map((d) => d.text)).toEqual([]);
  });
});
