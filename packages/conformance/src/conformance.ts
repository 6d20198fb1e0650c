// `runConformance(options)`: resolves the target, runs the engine and builds the report. The library's
// entry point; the CLI and the vitest integration call it.
import { type ConformanceOptions, checkOptions, selectedChecks } from './engine/options.js';
import { runEngine } from './engine/run.js';
import { resolveTarget } from './engine/target.js';
import { buildReport } from './report/build.js';
import type { Report } from './report/types.js';

export type { ConformanceOptions } from './engine/options.js';

/** Runs the suite and returns the report. Throws RunError when the run could not happen. */
export async function runConformance(options: ConformanceOptions = {}): Promise<Report> {
  checkOptions(options);
  const selected = selectedChecks(options);
  const target = await resolveTarget(options);
  try {
    return buildReport(await runEngine(target, options, selected), selected);
  } finally {
    await target.stop();
  }
}
