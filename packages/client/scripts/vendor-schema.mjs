// Part of the build (after tsc): the client's core needs two small leaves of the schema package at
// run time — `@mediagen/schema/util` (helpers) and `@mediagen/schema/transforms` (the compiled
// transform plan) — neither of which loads zod or any document. Depending on the schema package for
// them would install zod, zod-to-openapi and yaml with every client. So the build copies their
// compiled modules and declarations from the schema package's build into dist/vendor/schema/ and
// points the client's compiled imports there. Only `@mediagen/client/validation` loads the whole
// schema package, an optional peer dependency. A compiled import of any other schema subpath
// outside that entry fails the build: it would need the peer the core promises not to need.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageRoot, 'dist');
const vendor = join(dist, 'vendor', 'schema');
/** The schema subpaths vendored, by specifier: the module under the schema package's dist/. */
const VENDORED = { '@mediagen/schema/util': 'util/index.js', '@mediagen/schema/transforms': 'transforms.js' };
/** The one entry that may import the schema package itself (its optional peer). */
const PEER_ENTRY = `validation${sep}`;

const schemaRoot = dirname(createRequire(join(packageRoot, 'package.json')).resolve('@mediagen/schema/package.json'));
const schemaDist = join(schemaRoot, 'dist');

const SPECIFIER = /((?:import|export)\s[^'"]*?from\s*|import\s*\(\s*|import\s+)(['"])([^'"]+)\2/g;

/** Every file a compiled module (or declaration) reaches through relative imports, itself included. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, , , specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    if (!specifier.startsWith('.')) throw new Error(`${relative(schemaRoot, file)} imports ${specifier}: a vendored leaf must import only its own files`);
    const next = join(dirname(file), specifier);
    closure(file.endsWith('.d.ts') ? next.replace(/\.js$/, '.d.ts') : next, seen);
  }
  return seen;
}

const files = new Set();
for (const module of Object.values(VENDORED)) {
  for (const file of closure(join(schemaDist, module))) files.add(file);
  for (const file of closure(join(schemaDist, module.replace(/\.js$/, '.d.ts')))) files.add(file);
}
for (const file of files) {
  const target = join(vendor, relative(schemaDist, file));
  mkdirSync(dirname(target), { recursive: true });
  // The schema's source maps point at sources the client does not ship.
  writeFileSync(target, readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'));
}

function* compiled(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(dist, 'vendor')) yield* compiled(path);
    } else if (/\.(js|d\.ts)$/.test(entry.name)) yield path;
  }
}

let rewritten = 0;
const strays = [];
for (const file of compiled(dist)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(SPECIFIER, (whole, head, quote, specifier) => {
    const module = VENDORED[specifier];
    if (module) {
      const path = relative(dirname(file), join(vendor, module)).split(sep).join(posix.sep);
      return `${head}${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    }
    if (specifier.startsWith('@mediagen/schema') && !relative(dist, file).startsWith(PEER_ENTRY)) strays.push(`${relative(packageRoot, file)}: ${specifier}`);
    return whole;
  });
  if (next !== text) {
    writeFileSync(file, next);
    rewritten++;
  }
}
if (strays.length > 0) {
  console.error(
    `[vendor-schema] compiled imports of the schema package outside ./validation (vendor them in VENDORED, or move them):\n  ${strays.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `[vendor-schema] ${files.size} files of the schema package's util and transforms leaves in dist/vendor/schema; ${rewritten} compiled files point there`,
);
