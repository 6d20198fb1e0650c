// The self-test's runs as jobs: the runs against the sandbox go side by side (each has a sandbox and a
// proxy of its own); those against the one Prism mock go one after another.
import { mapLimit } from '../plumbing/map-limit.js';

/** One unit of the self-test's work: one or more suite runs against one kind of upstream. */
export interface Job {
  upstream: 'sandbox' | 'prism';
  run: () => Promise<void>;
}

/**
 * Runs the jobs, at most `limit` at once. The jobs against the shared Prism mock form one chain (one
 * run at a time against it), started first as it is the longest; each sandbox job stands alone.
 */
export async function runJobs(jobs: readonly Job[], limit: number): Promise<void> {
  const prism = jobs.filter((job) => job.upstream === 'prism');
  const chain: Job = {
    upstream: 'prism',
    run: async () => {
      for (const job of prism) await job.run();
    },
  };
  await mapLimit([...(prism.length ? [chain] : []), ...jobs.filter((job) => job.upstream === 'sandbox')], limit, (job) => job.run());
}
