// What the packages' tests run as child processes, they run built, as users run them: a bin (which loads
// dist/), or a fixture program importing a package by its name (dist/, without the source condition).
// `npm test` builds every package first. A dist/ that is missing, or older than its src/, would test other
// code than the source: the test stops instead, saying what to run. One check for every package's tests.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages');

/** The newest modification time of the files under `dir` (0 when there is none). */
function newest(dir) {
  try {
    return Math.max(
      0,
      ...readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs),
    );
  } catch {
    return 0;
  }
}

/**
 * The error to stop on for the first of `names` whose dist/ is missing or older than its src/. The newest
 * file of each: a build answered from turbo's cache rewrites only the outputs that differ, so a source
 * edited since the last build shows in the outputs it changes, not in dist/index.js.
 */
function stale(names) {
  const name = names.find((n) => newest(join(packages, n, 'dist')) < newest(join(packages, n, 'src')));
  if (name === undefined) return undefined;
  const error = new Error(
    `packages/${name}/dist is missing or older than src/: run \`npm run build\` (\`npm test\` builds first; ` +
      'when turbo answers from its cache for a source touched but not changed, `npm run build -- --force`)',
  );
  // The message says all there is to say: no trace under it.
  error.stack = `Error: ${error.message}`;
  return error;
}

/**
 * For a package's tests: `names` are the package and the workspace packages it imports (what its
 * children load from dist/). The function returned gives the absolute path of a path under packages/,
 * once those builds are known to be fresh (looked at once: the build does not change under a test run),
 * and throws otherwise.
 */
export function builtFor(names) {
  let checked;
  return (path) => {
    checked ??= { error: stale(names) };
    if (checked.error) throw checked.error;
    return join(packages, path);
  };
}
