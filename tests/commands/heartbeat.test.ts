// The heartbeat of `npm start` and the bootstrap's installs: a step that stays silent gets a line
// naming it and its elapsed time after each quiet period; a step that talks gets none; the step's
// exit code comes through. (The README commands test checks the real `npm start` never goes quiet
// for 10 s.) No case depends on how fast a process starts or how soon a timer fires: a silent step
// waits for the test to release it (a file appearing) once the heartbeats it checks have come, and a
// talking step talks far more often than the quiet period, whatever the machine's load.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { QUIET_MS, runWithHeartbeat } from '../../scripts/heartbeat.mjs';

const dir = mkdtempSync(join(tmpdir(), 'heartbeat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let released = 0;

/** Node code that waits until `file` exists, then ends the step. */
const waitFor = (file: string) => `const t = setInterval(() => { if (require('node:fs').existsSync(${JSON.stringify(file)})) clearInterval(t); }, 20);`;

/**
 * Runs `script` with Node under a heartbeat of `quietMs`. Everything the heartbeat writes and every chunk
 * the step prints are kept in order; after each heartbeat `release(events)` says whether the step may end
 * (it is told through a file; the script passed the file's path as `RELEASE`).
 */
async function beat(script: (release: string) => string, quietMs: number, release?: (events: string[]) => boolean) {
  const file = join(dir, `release-${++released}`);
  const events: string[] = [];
  const lines: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    events.push(String(chunk));
    return true;
  });
  try {
    const code = await runWithHeartbeat('test', 'waiting for the step', process.execPath, ['-e', script(file)], {
      quietMs,
      write: (text: string) => {
        lines.push(text);
        events.push(text);
        if (release?.(events) && !existsSync(file)) writeFileSync(file, '');
      },
    });
    return { code, lines, events };
  } finally {
    stdout.mockRestore();
  }
}

const isBeat = (event: string) => /^\n?\[test\] still/.test(event);

describe('runWithHeartbeat', () => {
  it('prints "still <step> … N s" after each quiet period of a silent step', async () => {
    const seconds = (line: string) => Number(/(\d+) s\n$/.exec(line)![1]);
    // Released once three beats have come and the last says at least a second.
    const { code, lines } = await beat(waitFor, 300, (events) => {
      const beats = events.filter(isBeat);
      return beats.length >= 3 && seconds(beats.at(-1)!) >= 1;
    });
    expect(code).toBe(0);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^\[test\] still waiting for the step … \d+ s\n$/);
    // The elapsed time grows from line to line, from the start of the step.
    expect(seconds(lines.at(-1)!)).toBeGreaterThanOrEqual(1);
    expect(lines.map(seconds)).toEqual([...lines.map(seconds)].sort((a, b) => a - b));
  });

  it('prints nothing of its own while the step keeps printing', async () => {
    // A line every 50 ms against the quiet period `npm start` uses: a hundred times as often. Only the
    // time the step talks counts: a process slow to start on a loaded machine is silent until it does.
    const { code, events } = await beat(() => 'let n = 0; const t = setInterval(() => { console.log(n); if (++n === 20) clearInterval(t); }, 50)', QUIET_MS);
    expect(code).toBe(0);
    const talk = events.map((event, index) => (isBeat(event) ? -1 : index)).filter((index) => index >= 0);
    const whileTalking = events.slice(talk[0], talk.at(-1)! + 1);
    expect(whileTalking.filter((event) => !isBeat(event)).join('')).toBe(Array.from({ length: 20 }, (_, n) => `${n}\n`).join(''));
    expect(whileTalking.filter(isBeat)).toEqual([]);
  });

  it('starts a heartbeat line on a new line when the step left one open', async () => {
    // Released at the first beat after the half line: that one must start on a new line.
    const afterHalf = (events: string[]) => events.slice(events.findIndex((e) => e.includes('half a line')) + 1).filter(isBeat);
    const { events } = await beat(
      (file) => `process.stdout.write('half a line'); ${waitFor(file)}`,
      300,
      (seen) => seen.some((e) => e.includes('half a line')) && afterHalf(seen).length > 0,
    );
    const half = events.findIndex((e) => e.includes('half a line'));
    expect(half).toBeGreaterThanOrEqual(0);
    // Beats before the half line (a slow start) are on lines of their own; the first after it opens a new line.
    expect(
      events
        .slice(0, half)
        .filter(isBeat)
        .every((line) => line.startsWith('[test] still')),
    ).toBe(true);
    const [first, ...rest] = afterHalf(events);
    expect(first).toMatch(/^\n\[test\] still/);
    expect(rest.every((line) => line.startsWith('[test] still'))).toBe(true);
  });

  it("passes the step's exit code through, and 127 for a command that does not exist", async () => {
    expect((await beat(() => 'process.exit(3)', 1000)).code).toBe(3);
    expect(await runWithHeartbeat('test', 'nothing', 'mediagen-no-such-command', [], { write: () => {} })).toBe(127);
  });

  it('beats often enough that `npm start` is never silent for 10 s', () => {
    expect(QUIET_MS).toBeLessThanOrEqual(5_000);
  });
});
