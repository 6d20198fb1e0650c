// The README's Commands table, run as printed: each command is read from the table (so the README
// and this test cannot drift) and run through a shell from the repository root, with the PATH a
// user has (none of the workspace's own bin folders), and must exit 0. A server command must come
// up, answer, and stop on Ctrl-C. The few commands that cannot run inside a test say why below.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRun, repoRoot, run, startServer, userEnv } from '../support/process.js';

/** Commands of the table this test does not run, and why. Each must still be in the table. */
const NOT_RUN: Record<string, string> = {
  'npm test': 'it is the run this test is part of',
  'npm run format': 'it rewrites files; `npm run format:check` runs instead, and tests/commands/format.test.ts runs it on a copy of the tree',
  'npm run bench': 'benchmarks print figures and take minutes; they are not a test',
  'npm run changeset': 'it asks questions interactively',
  'npm run version-packages': 'it rewrites versions and changelogs; tests/packaging/release.test.ts runs it on a copy of the tree',
  'npm run release:rehearse': 'it takes minutes (a copy of the tree, a local registry, two installs); tests/packaging/release.test.ts runs it as printed',
  'npm run release':
    'it publishes to the registry; tests/packaging/release.test.ts runs its publish step against a local one (through npm run release:rehearse)',
};

/**
 * Commands whose output must never be silent for longer than this without a heartbeat line ending the
 * silence. On a loaded machine the heartbeat itself can come late, so a long silence is judged by what
 * ended it (a heartbeat: the step is watched; anything else: nothing filled the gap), not by its length.
 */
const HEARTBEAT: Record<string, number> = { 'npm start': 10_000 };
/** A heartbeat line (scripts/heartbeat.mjs): `[label] still <title> … 12 s`. */
const BEAT = /^\n?\[[^\]]+\] still .+ … \d+ s$/m;
/** The silence after the last line, which no heartbeat can end: only a minute of it fails (a hang, or no heartbeat). */
const TAIL_MS = 60_000;

/** Commands that serve until stopped, and a request that must get a 2xx answer. */
const SERVERS: Record<string, string> = {
  'npx media-mock': '/pub/v1/models',
};

/** The first cell of each row of the README's "## Commands" table, without its backticks. */
function readmeCommands(): string[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Commands\n'));
  if (!section) throw new Error('README.md has no "## Commands" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => /^\| `([^`]+)` \|/.exec(line)?.[1])
    .filter((command): command is string => command !== undefined);
}

const commands = readmeCommands();
const shell = process.platform === 'win32' ? 'cmd.exe' : '/bin/sh';
const shellArgs = (command: string) => (process.platform === 'win32' ? ['/d', '/s', '/c', command] : ['-c', command]);

describe('the README Commands table', () => {
  it('lists the commands a user needs, each once', () => {
    expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm run emit']));
    expect(commands.some((c) => c.startsWith('npx media-validate'))).toBe(true);
    expect(commands.some((c) => c.startsWith('npx media-mock'))).toBe(true);
    expect(commands.some((c) => c.startsWith('npx media-conformance'))).toBe(true);
    expect(new Set(commands).size).toBe(commands.length);
  });

  it('lists the release steps in the order a maintainer runs them', () => {
    const steps = ['npm run changeset', 'npm run version-packages', 'npm run release'].map((c) => commands.indexOf(c));
    expect(steps.every((index) => index >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
  });

  it('names only its own commands in the lists of commands not run and servers', () => {
    for (const command of [...Object.keys(NOT_RUN), ...Object.keys(SERVERS)]) expect(commands).toContain(command);
  });
});

describe.each(commands.filter((c) => !(c in NOT_RUN)))('`%s`, run as printed', (command) => {
  if (command in SERVERS) {
    it('comes up, answers, and stops on Ctrl-C', async () => {
      const server = await startServer(shell, shellArgs(command), { env: userEnv(), timeoutMs: 300_000 });
      let status = 0;
      try {
        status = (await fetch(`${server.url}${SERVERS[command]}`, { headers: { 'X-API-KEY': 'readme-test' } })).status;
      } finally {
        const stopped = await server.stop();
        expect(stopped.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
      }
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
    });
    return;
  }
  it('exits 0', { timeout: 600_000 }, async () => {
    /** Silences longer than the command's limit that something other than a heartbeat ended. */
    const unwatched: string[] = [];
    const limit = HEARTBEAT[command] ?? Number.POSITIVE_INFINITY;
    let last = Date.now();
    const r = await run(shell, shellArgs(command), {
      env: userEnv(),
      timeoutMs: 400_000,
      onOutput: (chunk) => {
        const gap = Date.now() - last;
        if (gap > limit && !BEAT.test(chunk)) unwatched.push(`${gap} ms before ${JSON.stringify(chunk.slice(0, 120))}`);
        last = Date.now();
      },
    });
    expect(r.code, describeRun(command, r)).toBe(0);
    const tail = Date.now() - last;
    if (command in HEARTBEAT) {
      expect(unwatched, `silences of ${command} with no heartbeat`).toEqual([]);
      expect(tail, `silence of ${command} before it ended`).toBeLessThanOrEqual(TAIL_MS);
    }
  });
});
