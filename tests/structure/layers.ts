// The declared layers of each package's sources, bottom first, and the check that holds the code to
// them: a file may import (type-only imports and re-exports included) only from a unit of a lower
// layer, or from its own unit. A unit is a top folder of src/ (`engine`), a file at src's root
// (`conformance.ts`), or `*.ts`: every root file not named elsewhere, taken together. Units of one
// layer are siblings: neither imports the other. Every folder and root file must have its place, so a
// new folder cannot slip past the check. Dynamic import() is a lazy-loading boundary, not an edge
// (the client confines it to src/lazy/ and checks that in its own structure test).
// Nor may a file import its own package by name, by any kind of import: that goes round the layers
// (and loads the built copy, not the source beside it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export type Layers = readonly (readonly string[])[];

/**
 * Each package's layers, written down from what the code does and from its files' header comments.
 * The layers of @mediagen/conformance: the plain words of a run (model: exchanges, answers, the
 * recorders a run feeds); the plumbing every driver shares (HTTP and kept-alive connections, files read
 * within bounds, sleeps, budgets, bounded parallelism, the key's masking, loopback); what a run sends
 * (requests: bodies, cases, fixtures); the checks that judge exchanges, with the port their sequences
 * send through; the one judge that feeds exchanges to them, with what a run records and the dated
 * versions it judges at (judging); the report built from what a run recorded; the traffic the suite did
 * not send, judged as a live run is, and the evidence file kept from reports; the three drivers side by
 * side over them (the live run in `engine`, a HAR recording, the validating proxy); the usage read from
 * recordings, and the upgrade report over it; the library's entry (`runConformance`); the self-test and
 * the vitest integration over it; the command line; the bins.
 */
export const LAYERS: Record<string, Layers> = {
  schema: [
    ['util', 'zod.ts', 'examples'],
    ['provenance.ts'],
    ['common.ts'],
    ['ledger'],
    ['resources'],
    ['operations'],
    ['operations.ts'],
    ['rules', 'routes.ts'],
    ['provenance-records.ts'],
    ['openapi', 'transforms.ts', 'cli'],
    ['index.ts'],
  ],
  // The lazily loaded code takes what it needs of the core's leaves (errors, timers, types, retries);
  // the rest of the core sits above it and loads it.
  client: [['generated'], ['errors'], ['timing.ts', 'types.ts'], ['retry.ts', 'waits.ts'], ['lazy', 'validation'], ['*.ts']],
  mock: [['core'], ['validation'], ['edge'], ['prism', 'sandbox'], ['cli', 'msw'], ['cli.ts', 'index.ts']],
  conformance: [
    ['model'],
    ['plumbing'],
    ['requests'],
    ['checks'],
    ['judging'],
    ['report'],
    ['traffic', 'evidence'],
    ['engine', 'har', 'proxy'],
    ['usage'],
    ['upgrade'],
    ['conformance.ts'],
    ['selftest', 'vitest.ts'],
    ['cli'],
    ['cli.ts', 'index.ts'],
  ],
};

/**
 * Upward edges known and kept for now, `from → to` as the check names them, each with its reason.
 * An entry that no longer matches an edge fails the check too, so the list cannot go stale.
 */
export const ALLOWED_UPWARD: Record<string, Record<string, string>> = {
  schema: {},
  client: {},
  mock: {},
  conformance: {},
};

const isGenerated = (file: string) => file.includes(`${sep}generated${sep}`) || file.endsWith('.generated.ts');

export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The relative imports and re-exports of a file's source text, type-only ones included, resolved to files. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  return ts
    .createSourceFile(file, text, ts.ScriptTarget.Latest, false)
    .statements.filter((node) => ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
    .map((node) => node.moduleSpecifier)
    .filter((spec): spec is ts.StringLiteral => spec !== undefined && ts.isStringLiteral(spec) && spec.text.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec.text.replace(/\.js$/, '.ts')));
}

/** Every module specifier a file's source names: imports, re-exports, `import x = require()`, and dynamic `import()`. */
export function specifiersOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    else if (ts.isExternalModuleReference(node) && ts.isStringLiteral(node.expression)) found.push(node.expression.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return found;
}

/**
 * `file: specifier` for each file under `src` that imports its own package by name (`name` or
 * `name/...`): inside a package that is a way round the layers, and it loads the built copy, not the
 * source beside it.
 */
export function selfImports(src: string, name: string): string[] {
  return sources(src)
    .filter((f) => !isGenerated(f))
    .flatMap((file) =>
      specifiersOf(file)
        .filter((spec) => spec === name || spec.startsWith(`${name}/`))
        .map((spec) => `${relative(src, file)}: ${spec}`),
    )
    .sort();
}

/** The unit a file belongs to: its top folder under src, or its own name for a root file. */
export const unitOf = (src: string, file: string): string => relative(src, file).split(sep)[0]!;

export interface LayerFindings {
  /** `from → to: file → file`, one per offending import, for imports that go up or sideways. */
  upward: string[];
  /** Folders and root files the list does not place, and names it places that do not exist. */
  undeclared: string[];
  missing: string[];
  /** Allow-list entries that match no edge. */
  stale: string[];
}

/** Checks the sources under `src` against `layers` (with `allowed` upward edges kept). */
export function checkLayers(src: string, layers: Layers, allowed: Record<string, string> = {}): LayerFindings {
  const level = new Map<string, number>();
  layers.forEach((units, index) => {
    for (const unit of units) level.set(unit, index);
  });
  const entries = readdirSync(src, { withFileTypes: true });
  const present = new Set(entries.filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))).map((e) => e.name));
  const placed = (unit: string) => (level.has(unit) ? unit : unit.endsWith('.ts') && level.has('*.ts') ? '*.ts' : undefined);
  const undeclared = [...present].filter((unit) => placed(unit) === undefined).sort();
  const missing = [...level.keys()].filter((unit) => unit !== '*.ts' && !present.has(unit)).sort();

  const upward: string[] = [];
  const used = new Set<string>();
  for (const file of sources(src).filter((f) => !isGenerated(f))) {
    const from = placed(unitOf(src, file));
    for (const target of importsOf(file)) {
      if (!target.startsWith(src + sep) || !existsSync(target)) continue;
      const to = placed(unitOf(src, target));
      if (from === undefined || to === undefined || from === to) continue;
      if (level.get(to)! < level.get(from)!) continue;
      const edge = `${from} → ${to}`;
      if (edge in allowed) {
        used.add(edge);
        continue;
      }
      upward.push(`${edge}: ${relative(src, file)} → ${relative(src, target)}${level.get(to) === level.get(from) ? ' (siblings)' : ''}`);
    }
  }
  const stale = Object.keys(allowed).filter((edge) => !used.has(edge));
  return { upward: upward.sort(), undeclared, missing, stale };
}
