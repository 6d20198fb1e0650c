// What the tests run as child processes, they run built, as users run them: `node bin/media-conformance.js`
// (the bin loads dist/), fixture programs importing the package by its name (dist/, without the source
// condition). `npm test` builds every package first; a dist/ that is missing, or older than its src/
// (this package's, or that of a workspace package it imports), would test other code than the source:
// the test stops instead, saying what to run.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** This package and the workspace packages it imports: what its children load from dist/. */
const BUILT = ['conformance', 'mock', 'schema'];

/** The newest modification time of the files under `dir` (0 when there is none). */
function newest(dir: string): number {
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
 * The first package whose dist/ is missing or older than its src/, as the error to stop on. The newest
 * file of each: a build answered from turbo's cache rewrites only the outputs that differ, so a source
 * edited since the last build shows in the outputs it changes, not in dist/index.js.
 */
function stale(): Error | undefined {
  const name = BUILT.find((name) => newest(join(packages, name, 'dist')) < newest(join(packages, name, 'src')));
  if (name === undefined) return undefined;
  const error = new Error(`packages/${name}/dist is missing or older than src/: run \`npm run build\` (\`npm test\` builds first)`);
  // The message says all there is to say: no trace under it.
  error.stack = `Error: ${error.message}`;
  return error;
}

/** Looked at once per process: the build does not change under a test run. */
let checked: { error: Error | undefined } | undefined;

/** The absolute path of `path` (relative to packages/), once the builds it runs on are known to be fresh; throws otherwise. */
export function built(path: string): string {
  checked ??= { error: stale() };
  if (checked.error) throw checked.error;
  return join(packages, path);
}

/** The media-conformance command as users run it. */
export const conformanceBin = (): string => built('conformance/bin/media-conformance.js');

/** The media-mock command as users run it. */
export const mockBin = (): string => built('mock/bin/media-mock.js');
