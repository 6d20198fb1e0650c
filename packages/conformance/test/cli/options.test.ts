// The CLI's options beyond the basics: colour (flags, NO_COLOR, a terminal), the config file (read from
// the working directory or --config, flags win, bad files refused), pace (--workers, --rate-limit), and
// --at (a server speaking an older API judged as of its date).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';
import { cli } from '../../src/index.js';

const ANSI = /\u001b\[[0-9;]*m/;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'conformance-options-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], io: { env?: Record<string, string>; isTty?: boolean; cwd?: string } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    env: io.env ?? {},
    cwd: io.cwd ?? process.cwd(),
    isTty: io.isTty ?? false,
  });
  return { code, stdout, stderr };
}

/** A short run against the sandbox the suite starts: enough to print a summary. */
const SHORT = ['--target', 'sandbox', '--max-examples', '0', '--operation', 'listVoices', '--only', 'status_code_conformance'];

describe('colour', () => {
  it('is on for a terminal, off when NO_COLOR is set or not a terminal, and the flags win', async () => {
    const tty = await run(SHORT, { isTty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(ANSI);
    expect((await run(SHORT, { isTty: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ANSI);
    expect((await run(SHORT, { isTty: false })).stdout).not.toMatch(ANSI);
    expect((await run([...SHORT, '--color'], { isTty: false, env: { NO_COLOR: '1' } })).stdout).toMatch(ANSI);
    expect((await run([...SHORT, '--no-color'], { isTty: true })).stdout).not.toMatch(ANSI);
  }, 600_000);
});

describe('config file', () => {
  it('is read from the working directory; a flag wins over it', () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    writeFileSync(join(cwd, 'media-conformance.config.json'), JSON.stringify({ seed: 7, 'max-examples': 3, only: 'auth_required', target: 'sandbox' }));
    expect(parseCli([], {}, cwd)).toMatchObject({ options: { seed: 7, maxExamples: 3, only: ['auth_required'], target: 'sandbox' } });
    expect(parseCli(['--seed', '9'], {}, cwd)).toMatchObject({ options: { seed: 9, maxExamples: 3 } });
  });

  it('is read from --config, keys as the library names them too', () => {
    const file = join(dir, 'named.json');
    writeFileSync(file, JSON.stringify({ maxExamples: 2, workers: 3, rateLimit: 5 }));
    expect(parseCli(['--config', file, '--target', 'sandbox'], {}, dir)).toMatchObject({ options: { maxExamples: 2, workers: 3, rateLimit: 5 } });
  });

  it.each([
    ['{"seed": 1,', /not JSON|Unexpected|JSON/],
    ['[1, 2]', /object/],
    ['{"colour": true}', /unknown option "colour"/],
    ['{"__proto__": {"seed": 1}}', /unknown option "__proto__"/],
  ])('a bad file (%s) exits 2 with one line naming it', async (text, message) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, text);
    const { code, stderr, stdout } = await run(['--config', file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain(file);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('a missing --config file exits 2', async () => {
    const { code, stderr } = await run(['--config', join(dir, 'absent.json')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--config: cannot read/);
  });
});

describe('pace', () => {
  it('parses --workers and --rate-limit', () => {
    expect(parseCli(['--workers', '4', '--rate-limit', '2.5'], {}, dir)).toMatchObject({ options: { workers: 4, rateLimit: 2.5 } });
  });

  it.each([
    [['--workers', '0'], /--workers/],
    [['--workers', '1.5'], /--workers/],
    [['--rate-limit', '0'], /--rate-limit/],
    [['--rate-limit', 'fast'], /--rate-limit/],
  ])('refuses %j with exit 2', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('--rate-limit paces the requests: a run of n requests at r a second takes at least (n − 1) / r seconds', async () => {
    const started = performance.now();
    const paced = ['--rate-limit', '4', '--workers', '1', '--reporter', `json=${join(dir, 'paced.json')}`, '--reporter', 'console'];
    const { code, stdout } = await run([...SHORT, ...paced]);
    const seconds = (performance.now() - started) / 1000;
    expect(code, stdout).toBe(0);
    const report = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(join(dir, 'paced.json'), 'utf8')));
    const requests: number = report.summary.requests;
    expect(requests).toBeGreaterThan(2);
    expect(seconds).toBeGreaterThanOrEqual((requests - 1) / 4 - 0.05);
  }, 600_000);
});

describe('--at', () => {
  it('judges a server that speaks an older API by that date, and fails it by the newest', async () => {
    const old = await startSandbox({ at: 'baseline' });
    try {
      const args = [
        '--base-url',
        old.url,
        '--max-examples',
        '0',
        '--operation',
        'listGenerations,getGeneration',
        '--only',
        'renamed_fields,response_schema_conformance',
      ];
      const asOfDate = await run([...args, '--at', 'baseline']);
      expect(asOfDate.code, asOfDate.stdout).toBe(0);
      const asNewest = await run(args);
      expect(asNewest.code).toBe(1);
      expect(asNewest.stdout).toMatch(/renamed_fields|response_schema_conformance/);
    } finally {
      await old.stop();
    }
  }, 600_000);

  it('pins: answers are judged in the names of the date, and the fingerprint says what the server sent', async () => {
    const newest = await startSandbox({ apiKeys: ['k'] });
    const old = await startSandbox({ apiKeys: ['k'], at: 'baseline' });
    const full = (url: string) => ['--base-url', url, '--max-examples', '0', '--at', 'baseline', '--no-color'];
    try {
      // A server speaking the newest API is no baseline server: every answer carrying media says `media`, not `images`.
      const wrong = await run(full(newest.url), { env: { MEDIAGEN_API_KEY: 'k' } });
      expect(wrong.code, wrong.stdout).toBe(1);
      expect(wrong.stdout).toMatch(/data\.images: missing \(the API of baseline names it so; `media` from 2024-09-04\)/);
      expect(wrong.stdout).toMatch(/shapes match 2025-05-07 \(judged against baseline/);
      expect(wrong.stdout.match(/^FAIL .*$/gm)?.every((line) => line.endsWith('[renamed_fields]'))).toBe(true);
      // The baseline sandbox, a full run: every obligation holds, and its fingerprint is its own date.
      const right = await run(full(old.url), { env: { MEDIAGEN_API_KEY: 'k' } });
      expect(right.code, right.stdout).toBe(0);
      expect(right.stdout).toMatch(/shapes match baseline \(the version judged against\)/);
    } finally {
      await newest.stop();
      await old.stop();
    }
  }, 300_000);

  it('a date between two versions means the version in effect that day, for the mock and the suite alike', async () => {
    const mid = await startSandbox({ at: '2024-10-01' });
    try {
      const args = ['--base-url', mid.url, '--max-examples', '0', '--operation', 'getMedia,getGeneration', '--only', 'renamed_fields', '--no-color'];
      const same = await run([...args, '--at', '2024-10-01']);
      expect(same.code, same.stdout).toBe(0);
      // Both resolve the day to the ledger version in effect then (2024-09-04); the answers cannot tell it from later ones.
      expect(same.stdout).toMatch(/judged against 2024-09-04;/);
      expect((await run([...args, '--at', 'baseline'])).code).toBe(1);
    } finally {
      await mid.stop();
    }
  }, 120_000);

  it('refuses a date the ledger does not know, with exit 2', async () => {
    const { code, stderr } = await run(['--at', 'yesterday']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--at/);
  });
});

describe('a message names an option as its reader does', () => {
  it('the library says its option names, the command line its flags, and no other word is touched', async () => {
    const { checkOptions } = await import('../../src/engine/options.js');
    const { inCliWords } = await import('../../src/cli/args.js');
    let error: unknown;
    try {
      checkOptions({ mode: 'fast' as never });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toBe('mode must be read-only or full, got "fast"');
    // "read-only or full" stays prose: only the option's own name becomes a flag.
    expect(inCliWords(error)).toBe('--mode must be read-only or full, got "fast"');
  });
});
