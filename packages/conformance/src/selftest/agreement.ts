// Does a live run agree with the judging of its own recording? One judge serves both drivers, so a
// run's failing cells (operation × check) and those of `--from-har` on the HAR the run wrote must be
// the same set, wherever the recording holds what a check needs. Credits are set aside: a recording
// cannot show that nothing else spent on the account between its balance readings, so its credits
// cells say "not observed".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckId } from '../checks/catalog.js';
import { judgeHar } from '../har/judge.js';
import { SAYS_NOTHING_OF_VALIDITY } from '../model/answer.js';
import { HarWriter } from '../report/har.js';
import type { Report } from '../report/types.js';

/** What a recording cannot judge, by design: set aside in the comparison. */
export const NOT_IN_RECORDINGS: readonly CheckId[] = ['credits_arithmetic'];

export interface Agreement {
  /** Failing cells of the live run the recording did not fail, and the other way round (`operation › check`). */
  onlyLive: string[];
  onlyRecording: string[];
  agrees: boolean;
}

const failingCells = (report: Report): Set<string> =>
  new Set(
    report.operations.flatMap((op) =>
      op.results.filter((r) => r.outcome === 'failed' && !NOT_IN_RECORDINGS.includes(r.check)).map((r) => `${r.operationId} › ${r.check}`),
    ),
  );

/**
 * The checks that judge a request by whether the contract allows it: a live run knows which of its own
 * requests are valid (it made the files it uploaded), a recording only where it shows everything they name.
 */
const JUDGE_REQUESTS: readonly CheckId[] = ['not_a_server_error', 'positive_data_acceptance', 'negative_data_rejection'];

/**
 * The failing cells of a live report against those of its recording's. `undecided`: the operations of
 * which the recording held a refusal or a server error it could not judge as an answer to an allowed
 * request or a refusal of an invalid one (judging/intent.ts): there a live failure of a check in
 * JUDGE_REQUESTS needs what the recording does not hold, and is set aside.
 */
export function compareCells(live: Report, recording: Report, undecided: ReadonlySet<string> = new Set()): Agreement {
  const a = failingCells(live);
  const b = failingCells(recording);
  const needsMore = (cell: string) => JUDGE_REQUESTS.some((check) => [...undecided].some((op) => cell === `${op} › ${check}`));
  const onlyLive = [...a].filter((cell) => !b.has(cell) && !needsMore(cell));
  const onlyRecording = [...b].filter((cell) => !a.has(cell));
  return { onlyLive, onlyRecording, agrees: onlyLive.length === 0 && onlyRecording.length === 0 };
}

/** A place for one run's recording, and the judging of it once the run is over. */
export function recordingOf(baseUrl: () => string, options: { strict?: boolean; stateful?: boolean; lifecycleWaitMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mediagen-agreement-'));
  const writer = new HarWriter(join(dir, 'run.har'));
  return {
    writer,
    /** The recording judged as `--from-har` judges it, compared with the live report. */
    async compare(live: Report): Promise<Agreement> {
      try {
        // What the recording cannot show of the run is said as the run had it: whether the target keeps state, the lifecycle wait.
        const undecided = new Set<string>();
        const recording = await judgeHar(writer.path, {
          onJudged: ({ exchange, undecided: why }) => {
            // A refusal or a server error of a request the recording cannot show allowed (not one whose status says nothing).
            if (exchange && why && exchange.status !== 0 && !SAYS_NOTHING_OF_VALIDITY.has(exchange.status)) undecided.add(exchange.request.operationId);
          },
          baseUrl: baseUrl(),
          ...(options.strict ? { strict: true } : {}),
          ...(options.stateful !== undefined ? { stateful: options.stateful } : {}),
          ...(options.lifecycleWaitMs !== undefined ? { lifecycleWaitMs: options.lifecycleWaitMs } : {}),
        });
        return compareCells(live, recording, undecided);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
