// The heartbeat of `npm start` and the bootstrap's installs: a step that stays silent gets a line
// naming it and its elapsed time after each quiet period; a step that talks gets none; the step's
// exit code comes through. (The README commands test checks the real `npm start` never goes quiet
// for 10 s.)
import { describe, expect, it } from 'vitest';
import { QUIET_MS, runWithHeartbeat } from '../../scripts/heartbeat.mjs';

/** Runs `script` with Node under a heartbeat of `quietMs`; returns the heartbeat lines and the exit code. */
async function beat(script: string, quietMs: number) {
  const lines: string[] = [];
  const code = await runWithHeartbeat('test', 'waiting for the step', process.execPath, ['-e', script], {
    quietMs,
    write: (text: string) => lines.push(text),
  });
  return { code, lines };
}

describe('runWithHeartbeat', () => {
  it('prints "still <step> … N s" after each quiet period of a silent step', async () => {
    const { code, lines } = await beat('setTimeout(() => {}, 1500)', 300);
    expect(code).toBe(0);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^\[test\] still waiting for the step … \d+ s\n$/);
    // The elapsed time grows from line to line, from the start of the step.
    const seconds = lines.map((line) => Number(/(\d+) s\n$/.exec(line)![1]));
    expect(seconds.at(-1)).toBeGreaterThanOrEqual(1);
    expect([...seconds].sort((a, b) => a - b)).toEqual(seconds);
  });

  it('prints nothing of its own while the step keeps printing', async () => {
    const { code, lines } = await beat('let n = 0; const t = setInterval(() => { console.log(n); if (++n === 15) clearInterval(t); }, 100)', 600);
    expect(code).toBe(0);
    expect(lines).toEqual([]);
  });

  it('starts a heartbeat line on a new line when the step left one open', async () => {
    const { lines } = await beat("process.stdout.write('half a line'); setTimeout(() => {}, 900)", 300);
    expect(lines[0]).toMatch(/^\n\[test\] still/);
    expect(lines.slice(1).every((line) => line.startsWith('[test] still'))).toBe(true);
  });

  it("passes the step's exit code through, and 127 for a command that does not exist", async () => {
    expect((await beat('process.exit(3)', 1000)).code).toBe(3);
    expect(await runWithHeartbeat('test', 'nothing', 'mediagen-no-such-command', [], { write: () => {} })).toBe(127);
  });

  it('beats often enough that `npm start` is never silent for 10 s', () => {
    expect(QUIET_MS).toBeLessThanOrEqual(5_000);
  });
});
