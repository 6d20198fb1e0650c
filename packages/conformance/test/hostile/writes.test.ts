// Writes that fail are contained. A disk filling up under the HAR reporter mid-run, a report path that
// is a directory, a device that is always full, an evidence file that cannot be written, recorders of
// the library API that throw or reject: each is reported (one line naming the file, no stack trace),
// the other reporters still write, the run still cleans up everything it created, and its report still
// says what it spent. The command line is run as a real child process against a real sandbox.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSandbox, SANDBOX_API_KEY } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type Report, runConformance } from '../../src/index.js';
import type { ExchangeRecorder } from '../../src/model/recording.js';
import { conformanceBin } from '../support/built.js';
import { deletable, startBehind } from './sandbox.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, '..', '..');
/** The file size limit of the child (KiB): the HAR of a full run passes it early, every other report stays far below. */
const FILE_LIMIT_KIB = 256;

/** What a sandbox holds after a run that the run created (generations, assets not archived); characters cannot be deleted. */
async function withSandbox<T>(use: (sandbox: RunningSandbox, left: () => string[]) => Promise<T>): Promise<T> {
  const sandbox = await startBehind();
  const before = new Set(deletable(sandbox));
  try {
    return await use(sandbox, () => deletable(sandbox).filter((id) => !before.has(id)));
  } finally {
    await sandbox.stop();
  }
}

/** `media-conformance <args>` (the built bin) in a child process, under a file size limit. */
function runCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const node = ['--import', join(here, 'ignore-xfsz.mjs'), conformanceBin(), ...args];
  const child = spawn('bash', ['-c', `ulimit -f ${FILE_LIMIT_KIB} && exec "$0" "$@"`, process.execPath, ...node], {
    cwd: packageRoot,
    env: { ...process.env, NO_COLOR: '1', MEDIAGEN_API_KEY: SANDBOX_API_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const watchdog = setTimeout(() => child.kill('SIGKILL'), 170_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stdout, stderr });
    }),
  );
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('writes that fail are contained', () => {
  it('a disk filling under the HAR reporter mid-run, a report path that is a directory and a full device: the run cleans up, the other reports are written and say what it spent', async () => {
    await withSandbox(async (sandbox, left) => {
      const dir = mkdtempSync(join(tmpdir(), 'conformance-writes-'));
      const directory = join(dir, 'a-directory.xml');
      mkdirSync(directory);
      const har = join(dir, 'run.har');
      const json = join(dir, 'report.json');
      const credits = sandbox.state.credits;
      const run = await runCli([
        '--base-url',
        sandbox.url,
        '--max-examples',
        '10',
        '--reporter',
        'console',
        '--reporter',
        `har=${har}`,
        '--reporter',
        `junit=${directory}`,
        '--reporter',
        'html=/dev/full',
        '--reporter',
        `json=${json}`,
      ]);
      noStackTrace(run.stderr);
      expect(run.stderr).toContain(`media-conformance: the HAR file ${har} could not be written (EFBIG)`);
      // Only a regular file is written: a folder or a device at the path is refused, named, in one line.
      expect(run.stderr).toContain(`media-conformance: the junit report: ${directory} is a directory, not a regular file: refused`);
      expect(run.stderr).toContain('media-conformance: the html report: /dev/full is a character device, not a regular file: refused');
      expect(run.code, run.stderr).toBe(2);
      // The HAR stopped at the limit, mid-run: the run went on without it.
      expect(statSync(har).size).toBeLessThanOrEqual(FILE_LIMIT_KIB * 1024);
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
      expect(report.stopped).toBeUndefined();
      expect(report.notes.join('\n')).toContain(`a recorder failed and records no more: the HAR file ${har} could not be written (EFBIG)`);
      expect(report.summary.requests).toBeGreaterThan(200);
      // What it spent, as the balance says, is what the sandbox charged.
      expect(report.budget.spent).toBeGreaterThan(0);
      expect(report.budget.spent).toBe(credits - sandbox.state.credits);
      // Everything it created is gone (a character cannot be deleted through the API: listed, not hidden).
      expect(report.cleanup.created).toBeGreaterThan(5);
      expect(report.cleanup.leftover.filter((l) => !l.includes('the API has no delete for it'))).toEqual([]);
      expect(left()).toEqual([]);
      // The console said it too.
      expect(run.stdout).toMatch(/credits: \d+ credits spent as the balance says/);
      expect(run.stdout).toContain(`json report: ${json}`);
    });
  }, 600_000);

  it('recorders of the library API that throw or reject are dropped with a note; the others record everything, and the run cleans up', async () => {
    await withSandbox(async (sandbox, left) => {
      let seen = 0;
      let thrown = 0;
      const healthy: ExchangeRecorder = { record: () => void seen++, close: async () => undefined };
      const throwing: ExchangeRecorder = {
        record: () => {
          if (++thrown > 20) throw new Error('no space left on device (the throwing recorder)');
        },
        close: async () => {
          throw new Error('closing failed too');
        },
      };
      let async = 0;
      const rejecting = {
        record: async () => {
          if (++async > 10) throw new Error('the stream of the rejecting recorder errored');
        },
      } as unknown as ExchangeRecorder;
      const credits = sandbox.state.credits;
      const report = await runConformance({ baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY, maxExamples: 4, recorders: [throwing, rejecting, healthy] });
      const notes = report.notes.join('\n');
      expect(notes).toContain('a recorder failed and records no more: no space left on device (the throwing recorder)');
      expect(notes).toContain('a recorder failed and records no more: the stream of the rejecting recorder errored');
      // Dropped at its first failure: never called again.
      expect(thrown).toBe(21);
      expect(seen).toBeGreaterThan(100);
      expect(report.stopped).toBeUndefined();
      expect(report.budget.spent).toBe(credits - sandbox.state.credits);
      expect(report.cleanup.created).toBeGreaterThan(0);
      expect(left()).toEqual([]);
    });
  }, 600_000);

  it('the first report that cannot be written does not skip the others, nor does an evidence file that cannot be written', async () => {
    await withSandbox(async (sandbox) => {
      const dir = mkdtempSync(join(tmpdir(), 'conformance-writes-'));
      const json = join(dir, 'report.json');
      mkdirSync(json);
      // The evidence file is written whole to a temporary file beside it first: with a name this long
      // (the longest a file may have, less a few characters), the temporary file's name is too long.
      const evidence = join(dir, `${'e'.repeat(240)}.json`);
      let stderr = '';
      const code = await main(
        [
          '--base-url',
          sandbox.url,
          '--max-examples',
          '0',
          '--only',
          'status_code_conformance',
          '--reporter',
          `json=${json}`,
          '--reporter',
          `junit=${join(dir, 'report.xml')}`,
          '--reporter',
          `html=${join(dir, 'report.html')}`,
          '--evidence',
          evidence,
          // The sandbox is the suite's mock: its verdicts are merged only when asked.
          '--evidence-apart',
        ],
        { stdout: () => undefined, stderr: (t) => void (stderr += t), env: { MEDIAGEN_API_KEY: SANDBOX_API_KEY }, cwd: dir },
      );
      expect(code).toBe(2);
      noStackTrace(stderr);
      expect(stderr).toContain(`media-conformance: the json report: ${json} is a directory, not a regular file: refused`);
      expect(stderr).toContain(`media-conformance: evidence file ${evidence}: could not be written (ENAMETOOLONG)`);
      expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toContain('<testsuites');
      expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('Credits and cleanup');
    });
  }, 600_000);

  it('a run that cannot start still writes every report it can, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-writes-'));
    mkdirSync(join(dir, 'report.json'));
    let stderr = '';
    const code = await main(['--base-url', 'http://127.0.0.1:1', '--reporter', 'json=report.json', '--reporter', 'junit=report.xml'], {
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      env: { MEDIAGEN_API_KEY: 'k' },
      cwd: dir,
    });
    expect(code).toBe(2);
    noStackTrace(stderr);
    expect(stderr).toContain(`the json report: ${join(dir, 'report.json')} is a directory, not a regular file: refused`);
    expect(existsSync(join(dir, 'report.xml'))).toBe(true);
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toContain('no-start');
  }, 600_000);
});
