// Durations a timer cannot hold, and waits that must end: a --deadline or --timeout past 2^31 − 1 ms
// (Node's timers fire at once past it) is refused in words, by the CLI and the library alike; a wait
// longer than a timer holds is taken in steps; and the rate limit's pacing wait ends with Ctrl-C or
// the deadline, however slow the pace (`--rate-limit 0.001` is one request in 1000 s).
import { describe, expect, it } from 'vitest';
import { MAX_DURATION_S, parseCli } from '../../src/cli/args.js';
import { cli, MAX_TIMER_MS, runConformance } from '../../src/index.js';
import { sleep } from '../../src/plumbing/sleep.js';
import { costLine, runSuite } from '../hostile/suite-process.js';

async function run(args: string[]) {
  let stderr = '';
  const code = await cli(args, { stdout: () => undefined, stderr: (t) => void (stderr += t), env: {}, cwd: process.cwd() });
  return { code, stderr };
}

describe('durations past what a timer holds', () => {
  it.each(['--deadline', '--timeout'])('%s is refused past 2^31 − 1 ms, in one line with its bound', async (flag) => {
    expect(MAX_DURATION_S).toBe(2147483.647);
    const { code, stderr } = await run([flag, '3000000', '--target', 'sandbox']);
    expect(code).toBe(2);
    expect(stderr).toBe(`media-conformance: ${flag} must be at most 2147483.647 s (about 24.8 days: a longer timer would fire at once), got "3000000"\n`);
    expect(parseCli([flag, '2147483'], {}, process.cwd())).toMatchObject({ options: { budgets: {} } });
  });

  it.each(['deadlineMs', 'timeoutMs', 'cleanupMs', 'cleanupRequestMs'] as const)(
    'budgets.%s is refused past it by the library, before anything starts',
    async (name) => {
      await expect(runConformance({ target: 'sandbox', budgets: { [name]: MAX_TIMER_MS + 1 } })).rejects.toThrow(
        `budgets.${name} must be at most 2147483647 ms (about 24.8 days: a longer timer would fire at once), got 2147483648`,
      );
    },
  );

  it('a wait longer than a timer holds does not end at once; it ends with its signal', async () => {
    const controller = new AbortController();
    let ended = false;
    const waiting = sleep(MAX_TIMER_MS * 3, controller.signal).then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ended).toBe(false);
    controller.abort();
    await waiting;
    expect(ended).toBe(true);
    // A signal that already fired ends it at once.
    const started = performance.now();
    await sleep(60_000, AbortSignal.abort());
    // Not the minute asked for: half of it is far more than a loaded machine leaves a process unscheduled.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

describe('--rate-limit 0.001 (one request in 1000 s)', () => {
  it('Ctrl-C ends the run at once: cleanup is not kept waiting for a turn, exit 130 with the reports', { timeout: 600_000 }, async () => {
    const run = await runSuite(['--target', 'sandbox', '--rate-limit', '0.001'], {
      limitMs: 300_000,
      interrupt: { signal: 'SIGINT', when: /\(sandbox, stateful/ },
    });
    console.log(costLine('--rate-limit 0.001, Ctrl-C', run), `${run.afterInterruptMs?.toFixed(0)} ms after SIGINT`);
    expect(run.code).toBe(130);
    expect(run.json!.stopped).toEqual({ by: 'signal', reason: 'SIGINT' });
    // Cleanup and the reports on a loaded machine take seconds; a turn of the rate limit is 1000 s away.
    expect(run.afterInterruptMs).toBeLessThan(60_000);
  });

  it('the deadline ends it: exit 2, stopped by the deadline', { timeout: 600_000 }, async () => {
    const run = await runSuite(['--target', 'sandbox', '--rate-limit', '0.001', '--deadline', '3'], { limitMs: 300_000 });
    console.log(costLine('--rate-limit 0.001 --deadline 3', run));
    expect(run.code).toBe(2);
    expect(run.json!.stopped?.by).toBe('deadline');
    // The deadline (3 s), then cleanup and the report on a busy machine; far below the 1000 s that the
    // next request's turn is away, so a run that waited for it still fails.
    expect(run.json!.durationMs).toBeLessThan(3_000 + 60_000);
  });
});
