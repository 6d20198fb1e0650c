// What a server says, and what a user types, that must not take the suite over: ids and error
// messages carrying ANSI escapes and CRLF (never printed raw, never a fake line of the report), ids
// that are `.` or `..` (never sent as a path step: they would address another resource), a target
// that cannot be reached (the JSON and JUnit reports still say why), and operation names that are
// keys of every object (`constructor`, `__proto__`, `toString`: a usage error, exit 2).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli as main } from '../../src/index.js';
import { hostileTarget } from './sandbox.js';
import { type BodyRewrite, drip, type Hostility, reply } from './servers.js';
import { costLine, RSS_CEILING_MIB, RUN_LIMIT_MS, reportText, runSuite, sinceRunStart } from './suite-process.js';

/** Clears the screen, paints red, then starts a line of its own that reads like the verdict. */
const EVIL = '\u001b[2J\u001b[31m\r\nPASSED: 999 passed, 0 failed\u001b]8;;x\u0007';
const FAKE_LINE = /^PASSED: 999/m;

let stopTarget: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopTarget?.();
  stopTarget = undefined;
});

/** Rewrites every generation id in a JSON answer with `evil(id)`; the front maps them back on the way in. */
function evilIds(evil: (real: string) => string) {
  const real = new Map<string, string>();
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (typeof item !== 'string' || !/^gen_/.test(item)) return [key, walk(item)];
        const id = evil(item);
        real.set(id, item);
        return [key, id];
      }),
    );
  };
  const rewrite: BodyRewrite = (_status, body) => {
    try {
      return JSON.stringify(walk(JSON.parse(body)));
    } catch {
      return body;
    }
  };
  const path = (raw: string) =>
    raw
      .split('/')
      .map((segment) => encodeURIComponent(real.get(decodeURIComponent(segment)) ?? decodeURIComponent(segment)))
      .join('/');
  return { rewrite: () => rewrite, path };
}

async function against(hostility: Hostility, extra: Parameters<typeof hostileTarget>[1] = {}) {
  const target = await hostileTarget(hostility, extra);
  stopTarget = target.stop;
  const run = await runSuite([...target.args, '--max-examples', '5'], { env: target.env, html: true });
  console.log(costLine(expect.getState().currentTestName ?? '', run));
  expect(run.killed).toBeUndefined();
  expect(run.peakMiB).toBeLessThan(RSS_CEILING_MIB);
  expect(run.json).toBeDefined();
  return { run, target };
}

/** Nothing a server sent reached the terminal as control characters or as a line of its own. */
function expectInert(run: { stdout: string; stderr: string }) {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).not.toMatch(FAKE_LINE);
  }
}

describe('ids and messages a server chose', () => {
  it('ids with ANSI escapes and CRLF: escaped on the console, kept as data in the JSON report, cleaned up', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const { run, target } = await against(
      () => undefined,
      evilIds((id) => `${id}${EVIL}`),
    );
    expectInert(run);
    expect(run.stdout).toContain('\\x1b[2J');
    expect(target.left()).toEqual([]);
  });

  it('error messages with ANSI escapes and CRLF: escaped wherever they are printed', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    // Every style listing but the first (the run's own catalogue read) fails: whatever order the run's requests go in.
    let styles = 0;
    const { run } = await against((request) =>
      request.operationId === 'listStyles' && ++styles > 1 ? reply(500, { data: null, err: { code: `boom${EVIL}`, message: `boom${EVIL}` } }) : undefined,
    );
    expect(run.code).toBe(1);
    expectInert(run);
    expect(run.stdout).toMatch(/boom\\x1b\[2J\\x1b\[31m\\x0d\\x0aPASSED/);
    // The JSON report keeps the bytes as they came (JSON escapes them); JUnit and HTML hold no control character.
    expect(reportText(run)).toContain('boom\\u001b[2J');
    expect(run.junit).toContain('boom[2J');
    expect(run.junit).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const html = readFileSync(join(run.dir, 'report.html'), 'utf8');
    expect(html).toContain('boom\\x1b[2J');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('ids that are "." or "..": never sent as a path step, the run says why', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    let n = 0;
    const { run, target } = await against(
      () => undefined,
      evilIds((id) => (n++ < 4 ? (n % 2 ? '..' : '.') : id)),
    );
    // Every request the front saw addressed an operation of the API: none was resolved elsewhere.
    expect(target.front.seen.filter((request) => !request.operationId).map((request) => `${request.method} ${request.path}`)).toEqual([]);
    expect(reportText(run)).toMatch(/not sent: the path \\"[^"]*\/\.\.?(\/[^"]*)?\\" has a \\"\.\.?\\" segment/);
    expectInert(run);
  });
});

describe('a target that cannot be reached', () => {
  it('nothing listens: exit 2, the JSON and JUnit reports say why', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const run = await runSuite(['--base-url', `http://127.0.0.1:${port}`], { env: { MEDIAGEN_API_KEY: 'k' } });
    expect(run.code).toBe(2);
    expect(run.json?.stopped?.by).toBe('no-start');
    expect(run.json?.stopped?.reason).toContain('ECONNREFUSED');
    expect(run.junit).toContain('ECONNREFUSED');
    expect(run.stderr).toContain('ECONNREFUSED');
  });

  it('the probe drips: it ends at --timeout, exit 2, the reports name the budget', { timeout: RUN_LIMIT_MS + 60_000 }, async () => {
    const { run } = await (async () => {
      const target = await hostileTarget(() => drip());
      stopTarget = target.stop;
      return { run: await runSuite([...target.args, '--timeout', '1'], { env: target.env }) };
    })();
    expect(run.code).toBe(2);
    // Ended by the 1 s limit, not by the drip (counted from the run's start: start-up is what load stretches).
    expect(sinceRunStart(run)).toBeLessThan(30_000);
    expect(run.json?.stopped?.reason).toContain('(--timeout)');
    expect(run.junit).toContain('--timeout');
  });
});

describe('operation names that are keys of every object', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`--operation ${name} is a usage error (exit 2), not a run of zero checks`, async () => {
      const err: string[] = [];
      const code = await main(['--operation', name], { stdout: () => {}, stderr: (t) => err.push(t), env: {}, cwd: process.cwd() });
      expect(code).toBe(2);
      expect(err.join('')).toContain(`unknown operation: ${name}`);
    });
  }
});
