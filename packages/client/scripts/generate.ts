// `pnpm generate`: writes the generated layer of the client from the schema package.
//   src/generated/paths.ts             types of the newest OpenAPI document (openapi-typescript)
//   src/generated/versions/<key>.ts    types of the document as of each API version
//   src/generated/operations.ts        the runtime operation table (id, method, path, idempotent, paged) and the
//                                      error codes the contract names
//   src/generated/legacy.ts            where a renamed field shows a response is in an older shape
// `renderGenerated()` is also used by the drift test, which regenerates in memory and compares.
// Usage: generate.ts [write|check]. Exit codes: 0 ok, 1 drift found (check), 2 bad usage.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, operationList } from '@mediagen/schema';
import { transformPlan } from '@mediagen/schema/transforms';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED_DIR = 'src/generated';
const VERSIONS_DIR = `${GENERATED_DIR}/versions`;

/** The schema package's root directory (where its emitted documents live). */
export function schemaPackageRoot(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@mediagen/schema/package.json'));
}

const header = (source: string, what: string) =>
  [
    '// GENERATED FILE: do not edit. It is rewritten by `pnpm generate` (scripts/generate.ts) in',
    `// packages/client from ${source}, and a test fails when it drifts.`,
    `// ${what}`,
    '',
  ].join('\n');

/** The keywords of a schema that only states a condition (nothing a TypeScript type can hold). */
const CONDITIONAL_ONLY = new Set(['type', 'if', 'then', 'else', 'not', 'title', 'description', 'x-rule', 'x-provenance', 'x-since']);

/**
 * The document as the client's types see it: every object type closed, as TypeScript object types
 * are. The published document says `additionalProperties: {}` on every response object (the
 * tolerant reader: a field the contract does not name is never an error), and openapi-typescript
 * turns that into `& { [key: string]: unknown }`, which lets `media.media_id` (the field is `id`)
 * compile; the client reads tolerantly at run time whatever the types say, so its types close those
 * objects, and `WithExtra<T>` (src/types.ts) is the one way to reach a field the contract does not
 * name. `additionalProperties: false` (a strict request object) goes too: openapi-typescript renders
 * it as `& Record<string, never>`, which no value with a field satisfies, while a plain object type
 * already refuses unknown fields in a literal. So do the `allOf` members that only hold a
 * conditional rule (`if`/`then`/`not`, which a type cannot say): openapi-typescript renders each as
 * another `& Record<string, never>`. Only the copy given to openapi-typescript is changed; the
 * published document stays as it is.
 */
export function closeObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(closeObjects) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && (typeof value === 'boolean' || Object.keys(value ?? {}).length === 0)) continue;
    if (key === 'allOf' && Array.isArray(value)) {
      const typed = value.filter((member: object) => !Object.keys(member).every((k) => CONDITIONAL_ONLY.has(k)));
      if (typed.length > 0) out[key] = closeObjects(typed);
      continue;
    }
    out[key] = closeObjects(value);
  }
  return out as T;
}

async function renderTypesBody(documentPath: string): Promise<string> {
  const document = closeObjects(JSON.parse(readFileSync(documentPath, 'utf8')) as OpenAPI3);
  return astToString(await openapiTS(document, { alphabetize: false, exportType: false }));
}

/** Version keys with an emitted document (`baseline` and ledger dates), oldest first. */
export function emittedVersionKeys(schemaRoot = schemaPackageRoot()): string[] {
  let names: string[];
  try {
    names = readdirSync(join(schemaRoot, 'openapi', 'versions'));
  } catch {
    return [];
  }
  const keys = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
  return keys.sort((a, b) => (a === 'baseline' ? -1 : b === 'baseline' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function renderOperations(): string {
  const codes = [...new Set(Object.values(ERROR_CODES))];
  const lines = [
    header(
      'the operations table and error codes of @mediagen/schema',
      'The runtime facts of each operation the client needs (id, method, path, whether a retry is safe, paging), and the error codes the contract names.',
    ),
    '/** Per operation: its id, HTTP method, path template, idempotent (safe to retry), paged listing, replacement if deprecated. */',
    'export interface OperationInfo {',
    '  readonly id: OperationId;',
    "  readonly method: 'get' | 'post' | 'delete';",
    '  readonly path: string;',
    '  readonly idempotent: boolean;',
    '  readonly paged: boolean;',
    '  readonly deprecatedBy?: OperationId;',
    '}',
    '',
    'export const OPERATIONS = {',
  ];
  for (const op of operationList) {
    const fields = [
      `id: ${quote(op.operationId)}`,
      `method: ${quote(op.method)}`,
      `path: ${quote(op.path)}`,
      `idempotent: ${op.idempotent}`,
      `paged: ${op.paged}`,
      ...(op.deprecatedBy ? [`deprecatedBy: ${quote(op.deprecatedBy)}`] : []),
    ];
    lines.push(`  ${op.operationId}: { ${fields.join(', ')} },`);
  }
  lines.push(
    '} as const satisfies { readonly [K in OperationId]: OperationInfo & { readonly id: K } };',
    '',
    '/** An operationId of the contract. */',
    `export type OperationId = ${operationList.map((op) => quote(op.operationId)).join(' | ')};`,
    '',
    '/** The error codes (`err.code`) the contract names; the service may send others. */',
    `export type KnownErrorCode = ${codes.map(quote).join(' | ')};`,
    '',
  );
  return lines.join('\n');
}

/**
 * The tell-tales of an older response shape, from the transform plan: a renamed field's old name at
 * its old place. Only renames say a body is older than the newest shape (an added field missing
 * proves nothing), so the client checks these cheaply and loads the ledger transforms only on a hit.
 */
function renderLegacyMarkers(): string {
  const markers: Record<string, Record<string, [string[], string][]>> = {};
  for (const [operationId, plan] of Object.entries(transformPlan.operations)) {
    for (const [status, entries] of Object.entries(plan.responses ?? {})) {
      const found: [string[], string][] = [];
      for (const entry of entries) {
        for (const step of entry.steps) if (step.op === 'rename') found.push([[...(step.was ?? step.at)], step.from]);
      }
      if (found.length > 0) (markers[operationId] ??= {})[status] = found;
    }
  }
  const lines = [
    header('the transform plan of @mediagen/schema', 'Per operation and status: [path, old field name] pairs whose presence shows a legacy shape.'),
    "/** `'*'` in a path stands for every item of an array. */",
    'export type LegacyMarker = readonly [path: readonly string[], field: string];',
    '',
    `/** The newest API version (bodies in it need no upgrade). */`,
    `export const NEWEST_VERSION = ${quote(transformPlan.changes.at(-1)?.date ?? 'baseline')};`,
    '',
    'export const LEGACY_MARKERS: { readonly [operationId: string]: { readonly [status: string]: readonly LegacyMarker[] } } = {',
  ];
  for (const [operationId, byStatus] of Object.entries(markers)) {
    lines.push(`  ${operationId}: {`);
    for (const [status, found] of Object.entries(byStatus)) {
      lines.push(`    '${status}': [${found.map(([path, field]) => `[[${path.map(quote).join(', ')}], ${quote(field)}]`).join(', ')}],`);
    }
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

/** Every generated file, keyed by path relative to packages/client. */
export async function renderGenerated(schemaRoot = schemaPackageRoot()): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const newest = await renderTypesBody(join(schemaRoot, 'openapi', 'openapi.json'));
  files[`${GENERATED_DIR}/paths.ts`] =
    header('the newest document of @mediagen/schema (openapi/openapi.json)', 'Types of the newest API version (paths, components, operations).') + newest;
  for (const key of emittedVersionKeys(schemaRoot)) {
    const source = `the ${key} document of @mediagen/schema (openapi/versions/${key}.json)`;
    const body = await renderTypesBody(join(schemaRoot, 'openapi', 'versions', `${key}.json`));
    // The newest date's document is the newest document: re-export its types rather than repeat them.
    files[`${VERSIONS_DIR}/${key}.ts`] =
      body === newest
        ? header(source, `Types of the API as of version ${key}: the newest version's.`) + "export type * from '../paths.js';\n"
        : header(source, `Types of the API as of version ${key} (paths, components, operations).`) + body;
  }
  files[`${GENERATED_DIR}/operations.ts`] = renderOperations();
  files[`${GENERATED_DIR}/legacy.ts`] = renderLegacyMarkers();
  return files;
}

/** Generated files present on disk (paths relative to packages/client). */
export function existingGeneratedFiles(root = packageRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  };
  walk(GENERATED_DIR);
  return out.sort();
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function main(mode: string): Promise<number> {
  const files = await renderGenerated();
  const stale = existingGeneratedFiles().filter((path) => !(path in files));
  const drifted = Object.entries(files).filter(([path, content]) => readOrEmpty(join(packageRoot, path)) !== content);
  if (mode === 'check') {
    if (drifted.length === 0 && stale.length === 0) {
      console.log(`${Object.keys(files).length} generated files are up to date.`);
      return 0;
    }
    console.error('Generated files differ from a fresh generation (run `pnpm generate` and commit):');
    for (const [path] of drifted) console.error(`  packages/client/${path}`);
    for (const path of stale) console.error(`  packages/client/${path} (no longer generated)`);
    return 1;
  }
  if (mode !== 'write') {
    console.error('usage: generate.ts [write|check]');
    return 2;
  }
  for (const [path, content] of drifted) {
    mkdirSync(dirname(join(packageRoot, path)), { recursive: true });
    writeFileSync(join(packageRoot, path), content);
  }
  for (const path of stale) rmSync(join(packageRoot, path));
  console.log(`Generated ${Object.keys(files).length} files (${drifted.length} changed, ${stale.length} removed):`);
  for (const path of Object.keys(files)) console.log(`  ${path}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv[2] ?? 'write').then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
