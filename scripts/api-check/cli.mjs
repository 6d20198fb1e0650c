#!/usr/bin/env node
// npm run api:check [-- --base REF] [-- --usage DIR]
// Compares the newest emitted document with the one at a git ref (default: the last @mediagen/schema@*
// release tag, else the previous commit) and checks every consecutive pair of dated documents against
// the ledger. With --usage DIR (usage files, one per consumer), each breaking difference names the
// consumers whose traffic touches it, and a summary says how many consumers and calls each would break.
// Exit codes: 0 clean, 1 a check failed, 2 bad usage or unreadable input.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { changesetsAddedSince } from './changesets.mjs';
import { blastRadius, hitsText, radiusSummary } from './consumers.mjs';
import { factsOf } from './facts.mjs';
import { checkAgainstBase, checkConsecutive } from './gate.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCUMENT = 'packages/schema/openapi/openapi.json';
const VERSIONS = 'packages/schema/openapi/versions';

const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
const tryGit = (args) => {
  try {
    return git(args).trim();
  } catch {
    return undefined;
  }
};

function defaultBase() {
  return tryGit(['describe', '--tags', '--abbrev=0', '--match', '@mediagen/schema@*', 'HEAD']) ?? 'HEAD~1';
}

/**
 * The document at `ref`. A shallow clone may lack the ref (or the previous commit): it then compares
 * with the committed document itself. Anywhere else an unknown ref is a mistake, not a pass.
 */
function documentAt(ref) {
  const text = tryGit(['show', `${ref}:${DOCUMENT}`]);
  if (text !== undefined) return { ref, doc: JSON.parse(text) };
  if (tryGit(['rev-parse', '--is-shallow-repository']) !== 'true') {
    throw new Error(`cannot read ${DOCUMENT} at ${ref}: no such ref, or the file did not exist there`);
  }
  const committed = tryGit(['show', `HEAD:${DOCUMENT}`]);
  if (committed === undefined) throw new Error(`cannot read ${DOCUMENT} at ${ref} nor at HEAD`);
  console.warn(`[api:check] ${ref} is not in this clone (shallow?): comparing with the committed ${DOCUMENT} instead`);
  return { ref: 'HEAD', doc: JSON.parse(committed) };
}

function readJson(path) {
  return JSON.parse(readFileSync(join(root, path), 'utf8'));
}

function datedDocuments() {
  const dates = readdirSync(join(root, VERSIONS))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort();
  return [
    { version: 'baseline', doc: readJson(`${VERSIONS}/baseline.json`) },
    ...dates.map((version) => ({ version, doc: readJson(`${VERSIONS}/${version}.json`) })),
    { version: 'newest', doc: readJson(DOCUMENT) },
  ];
}

async function main() {
  const started = performance.now();
  let values;
  try {
    ({ values } = parseArgs({ options: { base: { type: 'string' }, usage: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (err) {
    console.error(`[api:check] ${err.message}\nusage: npm run api:check [-- --base REF] [-- --usage DIR]`);
    return 2;
  }
  if (values.help) {
    console.log('usage: npm run api:check [-- --base REF] [-- --usage DIR]   (default REF: last @mediagen/schema@* tag, else HEAD~1)');
    console.log('  --usage DIR   usage files, one per consumer (media-conformance usage, proxy --usage): name whom each breaking change hits');
    return 0;
  }
  const { ledger } = await import('@mediagen/schema');
  const requested = values.base ?? defaultBase();
  let base;
  try {
    base = documentAt(requested);
  } catch (err) {
    console.error(`[api:check] ${err.message}`);
    return 2;
  }

  const schemaVersion = readJson('packages/schema/package.json').version;
  // Only changesets this range brought count: those pending since before the base announce earlier changes.
  const changesets = changesetsAddedSince(base.ref, root);
  const gate = checkAgainstBase({ baseDoc: base.doc, nextDoc: readJson(DOCUMENT), ledger, changesets, schemaVersion, baseRef: base.ref });
  const top = gate.changes.filter((c) => !c.within);
  let radius;
  if (values.usage) {
    try {
      radius = await consumersHit(values.usage, gate, base.doc);
    } catch (err) {
      console.error(`[api:check] ${err.message}`);
      return 2;
    }
  }
  console.log(
    `[api:check] ${DOCUMENT} against ${base.ref} (API version ${gate.baseVersion}): ${top.length} change(s), ${top.filter((c) => c.breaking).length} breaking`,
  );
  for (const c of top) {
    console.log(`  ${c.message}`);
    const counted = gate.counted.find((k) => k.change === c);
    if (counted) console.log(`    counted: ledger entry ${counted.entry}, changeset ${counted.changeset} ('@mediagen/schema': ${counted.bump})`);
    const hit = radius?.list.find((r) => r.change === c);
    if (hit) console.log(`    consumers: ${hitsText(hit.hits)}`);
  }
  if (radius) for (const line of radiusSummary(radius.list, radius.consumers)) console.log(line);

  const pairs = checkConsecutive({ documents: datedDocuments(), ledger });
  console.log(`[api:check] ${pairs.pairs} consecutive pairs of dated documents checked against the ledger`);
  for (const note of pairs.notes) console.log(`  note: ${note}`);

  const failures = [...gate.failures, ...pairs.failures];
  for (const failure of failures) console.error(`FAIL ${failure}`);
  const named = [...new Set(gate.counted.map((k) => k.changeset))];
  const countedText = named.length ? `; breaking changes counted against ${named.join(', ')}` : '';
  console.log(
    `[api:check] ${failures.length ? `${failures.length} failure(s)` : 'ok'}${countedText} in ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  return failures.length ? 1 : 0;
}

/** The consumers each breaking change hits, from the usage files in `dir`, said as the base document's version says them. */
async function consumersHit(dir, gate, baseDoc) {
  const { readUsageDir, usageAt } = await import('@mediagen/conformance/usage');
  const usages = readUsageDir(dir).map((usage) => usageAt(usage, gate.baseVersion));
  return { list: blastRadius(gate.changes, usages, factsOf(baseDoc)), consumers: usages.length };
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[api:check] ${err.stack ?? err}`);
    process.exit(2);
  },
);
