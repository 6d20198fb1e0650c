import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Tests run from source: the `@mediagen/source` export condition points workspace imports at src/.
// Tests run in Vite's server environment, so the condition is set there too (with the defaults it
// replaces).
const conditions = ['@mediagen/source', 'module', 'node', 'development|production'];

/**
 * The files that take longest: slow bodies against real mock processes, the CLI, a compiler run.
 * They start first: in a fresh clone vitest has no timings to order files by (it would start the
 * largest first), and a long file started last is the whole run's tail.
 */
const LONGEST_FIRST = [
  'test/hostile/bodies.test.ts',
  'test/cli/cli.test.ts',
  'test/structure/declarations.test.ts',
  'test/prism/orphans.test.ts',
  'test/prism/watch.test.ts',
  'test/edge/storm.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
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
    // Sized for a loaded machine (Prism processes start in hooks): a limit only catches a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Several files start Prism processes and wait on them (and on slow bodies): three files at a time
    // keep two cores busy.
    maxWorkers: 3,
    // Test files share a worker's modules (no fresh module graph per file): importing the sources again
    // for every file was a large part of the run's CPU, and no test relies on a module of its own.
    isolate: false,
    sequence: { sequencer: LongestFirst },
  },
});
