// `pnpm generate` (and `pnpm lint`, with `check`): writes src/upgrade/client-methods.generated.ts, the
// `@mediagen/client` method of each operation (`generateMedia` → `generations.create`), read from the
// client's source by the same reader the reference site's code samples use. The upgrade report names
// these methods in the code it shows; the client is the one source of them.
// Usage: node scripts/client-methods.mjs [write|check]. Exit codes: 0 ok, 1 drift found (check), 2 bad usage.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientMethods } from '../../../scripts/docs/client-methods.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TARGET = join(here, '..', 'src', 'upgrade', 'client-methods.generated.ts');
const require = createRequire(import.meta.url);
const document = require('@mediagen/schema/openapi.json');

const ids = Object.values(document.paths).flatMap((item) =>
  Object.values(item).flatMap((op) => (op && typeof op.operationId === 'string' ? [op.operationId] : [])),
);
const methods = await clientMethods([...new Set(ids)].sort());
const text = [
  '// Generated from @mediagen/client (src/client.ts) by scripts/client-methods.mjs. Do not edit: run `npm run emit`.',
  '/** The `@mediagen/client` method that calls each operation, as `group.method`. */',
  'export const CLIENT_METHODS: Readonly<Record<string, string>> = {',
  ...[...methods].sort(([a], [b]) => a.localeCompare(b)).map(([id, method]) => `  ${id}: '${method}',`),
  '};',
  '',
].join('\n');

const mode = process.argv[2] ?? 'check';
let current = '';
try {
  current = readFileSync(TARGET, 'utf8');
} catch {}
// Written only when it changed: a rewrite of the same text would make the built dist/ look older than
// src/ (the tests that run the build stop on that) and invalidate nothing else.
if (mode === 'write') {
  if (current !== text) writeFileSync(TARGET, text);
} else if (mode === 'check') {
  if (current !== text) {
    console.error(`${TARGET} is out of date with @mediagen/client: run npm run emit`);
    process.exit(1);
  }
} else {
  console.error('usage: node scripts/client-methods.mjs [write|check]');
  process.exit(2);
}
