import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/
// (tests run in Vite's server environment, so the condition is set there too).
const conditions = ['@mediagen/source', 'module', 'node', 'development|production'];

/**
 * The files that take longest: whole suite runs against many servers, child processes, drips.
 * They start first: in a fresh clone vitest has no timings to order files by (it would start the
 * largest first), and a long file started last is the whole run's tail. The drips come first: they
 * mostly wait, and their waits overlap the others' work.
 */
const LONGEST_FIRST: readonly (string | RegExp)[] = [
  'test/hostile/time.test.ts',
  'test/hostile/interrupt.test.ts',
  'test/selftest/faithful.test.ts',
  // The self-test's broken targets, in shards of the catalogue (test/selftest/broken-shards.ts).
  /test\/selftest\/broken-\d+\.test\.ts$/,
  'test/selftest/counter.test.ts',
  'test/evidence/hostile.test.ts',
  'test/spend/hostile-balances.test.ts',
  'test/runs/invariants.test.ts',
  'test/hostile/answers.test.ts',
  'test/proxy/proxy.test.ts',
  'test/hostile/words.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => (typeof name === 'string' ? file.moduleId.endsWith(name) : name.test(file.moduleId)));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@mediagen/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (test/**/*.test-d.ts) are checked by tsc in the same run, a type regression fails `vitest
    // run`: tsc over the package's whole program (tsconfig.check.json; an error outside the type tests fails the
    // run too), sharing the incremental state of the package's `typecheck` script (scripts/vitest-tsc.mjs).
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.check.json',
      checker: fileURLToPath(new URL('../../scripts/vitest-tsc.mjs', import.meta.url)),
    },
    // Sized for a loaded machine (a suite run of seconds can take minutes there): a limit only catches a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Each file starts its own Prism or sandbox. Most of a file's time is spent waiting (on servers,
    // child processes, a sandbox's lifecycles, drips), so four files at a time keep two cores busy.
    maxWorkers: 4,
    // Test files share a worker's modules (no fresh module graph per file): importing the sources again
    // for every file was a large part of the run's CPU, and no test relies on a module of its own.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
