// The command line's runs over recorded traffic: `--from-har FILE` judges a recording with the same
// checks and reporters as a live run, and exits as a live run does (0 pass, 1 an obligation failed,
// 2 the recording cannot be read: a one-line message naming the file and the entry; 130 stopped by a
// signal: the reports say what was judged). `--reporter har=` writes the API's exchanges of the
// recording as judged: every key masked (a recording that can be shared).
import { resolve } from 'node:path';
import { selectedChecks } from '../engine/options.js';
import { judgeHar } from '../har/judge.js';
import { RunError } from '../model/terms.js';
import { HarWriter } from '../report/har.js';
import type { Report } from '../report/types.js';
import type { CliIo, CliRun } from './args.js';
import { inCliWords } from './args.js';
import { mergeEvidenceOf } from './evidence.js';

type Reporting = (run: CliRun, result: Report, io: CliIo, color: boolean, hars: readonly HarWriter[]) => Promise<void>;

/** Judges `run.fromHar`; resolves to the exit code. */
export async function judgeRecording(run: CliRun, io: CliIo, color: boolean, report: Reporting, fail: (message: string) => void): Promise<number> {
  const { options } = run;
  if (options.target !== undefined) {
    fail('--from-har judges a recording: --target has nothing to start');
    return 2;
  }
  const writers = run.reporters.flatMap((r) => (r.kind === 'har' ? [new HarWriter(resolve(io.cwd, r.path))] : []));
  let result: Report;
  try {
    result = await judgeHar(resolve(io.cwd, run.fromHar!), {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.at ? { at: options.at } : {}),
      ...(options.strict ? { strict: true } : {}),
      ...(options.stateful === false ? { pagination: false } : {}),
      ...(options.budgets?.maxAnswerBytes ? { maxAnswerBytes: options.budgets.maxAnswerBytes } : {}),
      // The key of the environment or --api-key is masked too, wherever the recording shows it.
      apiKeys: [options.apiKey],
      ...(io.signal ? { signal: io.signal } : {}),
      ...(writers.length
        ? {
            onJudged: (judged) => {
              if (judged.exchange) for (const writer of writers) writer.record(judged.exchange);
            },
          }
        : {}),
      selected: selectedChecks(options),
    });
  } catch (error) {
    if (!(error instanceof RunError)) throw error;
    fail(inCliWords(error));
    return 2;
  } finally {
    for (const writer of writers) await writer.close().catch((error: Error) => fail(`could not write a report: ${error.message}`));
  }
  try {
    await report(run, result, io, color, writers);
  } catch (error) {
    fail(`could not write a report: ${(error as Error).message}`);
    return 2;
  }
  if (result.stopped?.by === 'signal') {
    // A recording judged in part would be recorded as another run than the whole: not merged.
    if (run.evidence !== undefined) io.stderr('media-conformance: the recording was not judged whole: its verdicts were not merged into the evidence file\n');
    return 130;
  }
  if (!(await mergeEvidenceOf(run.evidence, result, 'har', io, fail, run.evidenceApart === true))) return 2;
  return result.ok ? 0 : 1;
}
