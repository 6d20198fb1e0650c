// Every entry point of an installed package, and a script that loads them all the way a user does:
// by import() (ES modules) or by require() (CommonJS; Node 20.19+ loads an ES module there, given no
// top-level await). The packaging tests and the release rehearsal both load the packages through it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const kindOf = (target) => (/\.[cm]?js$/.test(target) ? 'module' : target.endsWith('.json') ? 'json' : 'file');

/** The file an export resolves to for a Node user (`import`, else `default`). */
const nodeTarget = (target) => (typeof target === 'string' ? target : (target.import ?? target.default));

/**
 * Every entry point of an installed package: each key of `exports`, and for a subpath pattern
 * (`./versions/*`) every file the pattern matches in the installed package. An entry of a package
 * with optional peers the project does not have (npm installs none by itself) carries them as
 * `absentPeers`: it may fail to load by naming one of them (`@mediagen/mock/msw` needs msw), and only so.
 */
export function entryPoints(installedDir, name) {
  const manifest = JSON.parse(readFileSync(join(installedDir, 'package.json'), 'utf8'));
  const nodeModules = join(installedDir, ...name.split('/').map(() => '..'));
  const absentPeers = Object.entries(manifest.peerDependenciesMeta ?? {})
    .filter(([peer, meta]) => meta.optional && !existsSync(join(nodeModules, peer, 'package.json')))
    .map(([peer]) => peer);
  const entries = [];
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    const target = nodeTarget(value);
    if (!target || key === './package.json') continue;
    if (!key.includes('*')) {
      entries.push({ specifier: posix.join(name, key), kind: kindOf(target), ...(absentPeers.length > 0 ? { absentPeers } : {}) });
      continue;
    }
    const [before, after] = target.split('*');
    // The folder the pattern's files are in (`./dist/generated/versions/`), read in the installed package.
    const folder = before.slice(0, before.lastIndexOf('/') + 1);
    for (const file of readdirSync(join(installedDir, folder))) {
      const rel = `${folder}${file}`;
      if (!rel.startsWith(before) || !rel.endsWith(after)) continue;
      const stem = rel.slice(before.length, after ? -after.length : undefined);
      entries.push({ specifier: posix.join(name, key.replace('*', stem)), kind: kindOf(target.replace('*', stem)) });
    }
  }
  return entries;
}

/** How a script loads each kind of entry, by import or by require. */
const LOAD = {
  import: {
    head: ["import { readFileSync } from 'node:fs';", "import { fileURLToPath } from 'node:url';"],
    module: 'await import(specifier)',
    json: "await import(specifier, { with: { type: 'json' } })",
    file: "readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8')",
  },
  require: {
    head: ["const { readFileSync } = require('node:fs');"],
    module: 'require(specifier)',
    json: 'require(specifier)',
    file: "readFileSync(require.resolve(specifier), 'utf8')",
  },
};

/** The source of a script that loads `entries` by `by`, prints one line per failure and exits 1 on any. */
export function loadScript(entries, by) {
  const load = LOAD[by];
  return [
    ...load.head,
    '(async () => {',
    '  const failed = [];',
    `  for (const { specifier, kind, absentPeers = [] } of ${JSON.stringify(entries)}) {`,
    '    try {',
    `      if (kind === 'module') { const m = ${load.module}; if (Object.keys(m).length === 0 && !specifier.includes('/versions/')) throw new Error('no exports'); }`,
    `      else if (kind === 'json') ${load.json};`,
    `      else if (${load.file}.length === 0) throw new Error('empty file');`,
    '    } catch (error) {',
    // An entry that needs an optional peer the project lacks may fail by naming that package, and only so.
    "      const lacksPeer = (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND') && absentPeers.some((peer) => String(error.message).includes(`'${peer}'`));",
    "      if (!lacksPeer) failed.push(`${specifier}: ${error.code ?? ''} ${String(error.message).split('\\n')[0]}`);",
    '    }',
    '  }',
    `  console.log(failed.length === 0 ? \`loaded \${${String(entries.length)}} entry points\` : failed.join('\\n'));`,
    '  process.exit(failed.length === 0 ? 0 : 1);',
    '})();',
  ].join('\n');
}

/**
 * Loads every entry point of the packages `names` installed in `projectDir`, with `node`, by import
 * or require; resolves with the entries and how the script ended.
 */
export function loadEveryEntryPoint(projectDir, names, { node = process.execPath, by = 'import' } = {}) {
  const entries = names.flatMap((name) => entryPoints(join(projectDir, 'node_modules', name), name));
  const file = `${by}-entries-${process.pid}-${Date.now()}.${by === 'import' ? 'mjs' : 'cjs'}`;
  writeFileSync(join(projectDir, file), loadScript(entries, by));
  return new Promise((resolve, reject) => {
    const child = spawn(node, [file], { cwd: projectDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ entries, result: { code, signal, stdout, stderr } }));
  });
}
