// The command line's runs over recorded traffic: `--from-har FILE` judges a recording with the same
// checks and reporters as a live run, and exits as a live run does (0 pass, 1 an obligation failed,
// 2 the recording cannot be read: a one-line message naming the file and the entry).
import { resolve } from 'node:path';
import { selectedChecks } from '../engine/options.js';
import { judgeHar } from '../har/judge.js';
import { RunError } from '../model/terms.js';
import type { Report } from '../report/types.js';
import type { CliIo, CliRun } from './args.js';
import { mergeEvidenceOf } from './evidence.js';

type Reporting = (run: CliRun, result: Report, io: CliIo, color: boolean) => Promise<void>;

/** Judges `run.fromHar`; resolves to the exit code. */
export async function judgeRecording(run: CliRun, io: CliIo, color: boolean, report: Reporting, fail: (message: string) => void): Promise<number> {
  const { options } = run;
  if (options.target !== undefined) {
    fail('--from-har judges a recording: --target has nothing to start');
    return 2;
  }
  let result: Report;
  try {
    result = judgeHar(resolve(io.cwd, run.fromHar!), {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.at ? { at: options.at } : {}),
      ...(options.strict ? { strict: true } : {}),
      ...(options.stateful === false ? { pagination: false } : {}),
      ...(options.budgets?.maxAnswerBytes ? { maxAnswerBytes: options.budgets.maxAnswerBytes } : {}),
      selected: selectedChecks(options),
    });
  } catch (error) {
    if (!(error instanceof RunError)) throw error;
    fail(error.message);
    return 2;
  }
  try {
    await report({ ...run, reporters: run.reporters.filter((r) => r.kind !== 'har') }, result, io, color);
  } catch (error) {
    fail(`could not write a report: ${(error as Error).message}`);
    return 2;
  }
  if (!(await mergeEvidenceOf(run.evidence, result, 'har', io, fail))) return 2;
  return result.ok ? 0 : 1;
}
