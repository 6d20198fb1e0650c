// The README's Commands table, run as printed: each command is read from the table (so the README
// and this test cannot drift) and run through a shell from the repository root, with the PATH a
// user has (none of the workspace's own bin folders), and must exit 0. A server command must come
// up, answer, and stop on Ctrl-C. The few commands that cannot run inside a test say why below.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRun, repoRoot, run, startServer } from '../support/process.js';

/** Commands of the table this test does not run, and why. Each must still be in the table. */
const NOT_RUN: Record<string, string> = {
  'npm test': 'it is the run this test is part of',
  'npm run format': 'it rewrites files; `npm run format:check` runs instead',
  'npm run bench': 'benchmarks print figures and take minutes; they are not a test',
  'npm run changeset': 'it asks questions interactively',
  'npm run release': 'it publishes to the registry',
};

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

/** The environment of a user's shell: no workspace bin folder on PATH, no npm_* of the outer run. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|PNPM_|TURBO_(?!TELEMETRY)|VITEST|NODE_OPTIONS$)/i.test(key)) continue;
    env[key] = value;
  }
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = (env[pathKey] ?? '')
    .split(process.platform === 'win32' ? ';' : ':')
    .filter((dir) => !dir.startsWith(repoRoot) && !/node_modules[\\/]\.bin|[\\/]\.tools[\\/]/.test(dir))
    .join(process.platform === 'win32' ? ';' : ':');
  return env;
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

  it('names only its own commands in the lists of commands not run and servers', () => {
    for (const command of [...Object.keys(NOT_RUN), ...Object.keys(SERVERS)]) expect(commands).toContain(command);
  });
});

describe.each(commands.filter((c) => !(c in NOT_RUN)))('`%s`, run as printed', (command) => {
  if (command in SERVERS) {
    it('comes up, answers, and stops on Ctrl-C', async () => {
      const server = await startServer(shell, shellArgs(command), { env: userEnv(), timeoutMs: 120_000 });
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
  it('exits 0', { timeout: 420_000 }, async () => {
    const r = await run(shell, shellArgs(command), { env: userEnv(), timeoutMs: 400_000 });
    expect(r.code, describeRun(command, r)).toBe(0);
  });
});
