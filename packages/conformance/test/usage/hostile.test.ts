// Usage files and folders against what would break them, as real processes: a FIFO, a folder and a
// symbolic link leading outside, in a usage folder the gate and the site read; more bytes in all than
// the folder may hold; /dev/full and /dev/zero given as usage files to `usage`, `upgrade` and the
// proxy; eight `usage` writers into one file at once (three trials: every call kept); recordings with
// entries that are not HTTP (`data:`, `javascript:`, `file:`) or nested 100,000 deep, in every command
// that reads recordings. Each refusal is one line naming the file, never a byte of it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/index.js';
import { MAX_USAGE_BYTES, MAX_USAGE_FOLDER_BYTES, type UsageFile } from '../../src/usage/index.js';
import { file, har } from '../har/recordings.js';
import { packageRoot } from '../hostile/suite-process.js';
import { built, conformanceBin } from '../support/built.js';
import { writeTogether } from '../support/writers.js';

const dir = mkdtempSync(join(tmpdir(), 'usage-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a token file holds: a reader's error must never show a byte of it. */
const SECRET_TEXT = 'root:x:0:0:token-ghp_DO-NOT-PRINT';

interface Child {
  code: number | null;
  stdout: string;
  stderr: string;
  killed: boolean;
}

/** Runs `node ARGS` in `cwd`; killed past `limitMs` (a read that never ends), with a small heap (a read without bound). */
function node(args: string[], limitMs = 60_000, cwd = packageRoot): Promise<Child> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=192', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watchdog = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.once('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stdout, stderr, killed });
    });
  });
}

const readDir = (folder: string) => node([built('conformance/test/usage/read-dir-child.mjs'), folder]);
const bin = (args: string[], limitMs?: number) => node([conformanceBin(), ...args], limitMs);

/** A usage file of `consumer`, valid, of about `pad` bytes more than it needs. */
const usageText = (consumer: string, pad = 0) =>
  JSON.stringify({ format: 'mediagen-usage/1', consumer, exchanges: 0, operations: {}, ...(pad ? { note: 'x'.repeat(pad) } : {}) });

/** A folder with one good usage file, and `bad` added. */
function folderWith(name: string, bad: (folder: string) => void): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'web.json'), usageText('web'));
  bad(folder);
  return folder;
}

const oneLine = (text: string) => expect(text.trim().split('\n')).toHaveLength(1);

describe('a usage folder the gate and the site read', () => {
  it('a FIFO in it is refused naming it, at once (it hung the gate and the site for ever)', async () => {
    const folder = folderWith('fifo', (f) => execFileSync('mkfifo', [join(f, 'pipe.json')]));
    const read = await readDir(folder);
    expect(read.killed).toBe(false);
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(`usage folder: ${join(folder, 'pipe.json')} is a FIFO (named pipe), not a regular file: refused\n`);
  });

  it('a symbolic link to a file outside it is refused naming it, and nothing of the file is shown', async () => {
    const outside = join(dir, 'token.txt');
    writeFileSync(outside, SECRET_TEXT);
    const folder = folderWith('link', (f) => symlinkSync(outside, join(f, 'token.json')));
    const read = await readDir(folder);
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(`usage folder ${folder}: token.json is a symbolic link leading outside the folder: refused\n`);
    expect(read.stderr + read.stdout).not.toContain('root:x');
    // A link to a file inside the folder is read like the file.
    const inside = folderWith('link-inside', (f) => {
      writeFileSync(join(f, 'real.data'), usageText('app'));
      symlinkSync(join(f, 'real.data'), join(f, 'app.json'));
    });
    expect((await readDir(inside)).stdout).toBe('app,web\n');
  });

  it('a file that is not JSON is named, without a byte of it (the parser quoted its start)', async () => {
    const folder = folderWith('not-json', (f) => writeFileSync(join(f, 'passwd.json'), `${SECRET_TEXT}\n`));
    const read = await readDir(folder);
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(`usage file ${join(folder, 'passwd.json')}: not JSON\n`);
  });

  it('a folder in it is refused naming it (a bare EISDIR named nothing)', async () => {
    const folder = folderWith('folder', (f) => mkdirSync(join(f, 'old.json')));
    const read = await readDir(folder);
    expect(read.code).toBe(2);
    expect(read.stderr).toBe(`usage folder: ${join(folder, 'old.json')} is a directory, not a regular file: refused\n`);
  });

  it('files each within their bound but past the folder’s total are refused before one is read', async () => {
    const each = MAX_USAGE_BYTES - 1024;
    const count = Math.floor(MAX_USAGE_FOLDER_BYTES / each) + 1;
    const folder = folderWith('total', (f) => {
      for (let i = 0; i < count; i++) writeFileSync(join(f, `c${i}.json`), usageText(`c${i}`, each - 100));
    });
    const read = await readDir(folder);
    expect(read.code).toBe(2);
    oneLine(read.stderr);
    expect(read.stderr).toMatch(
      new RegExp(
        `^usage folder ${folder}: its files are \\d+(\\.\\d)? MiB in all, more than the ${MAX_USAGE_FOLDER_BYTES / 1024 / 1024} MiB read: refused\\n$`,
      ),
    );
  });
});

describe('devices given as usage files', () => {
  it('usage --out /dev/full, upgrade --usage /dev/zero and proxy --usage /dev/zero: refused in one line, nothing read', async () => {
    const recording = await file(har([{ method: 'GET', path: '/pub/v1/voices', key: 'k-1234567890', status: 200, answer: { data: [], err: null } }]));
    const runs = [
      { args: ['usage', '--from-har', recording, '--consumer', 'web', '--out', '/dev/full'], file: '/dev/full' },
      { args: ['upgrade', '--usage', '/dev/zero'], file: '/dev/zero' },
      {
        args: ['proxy', '--upstream', 'http://127.0.0.1:9', '--insecure-upstream', '--port', '0', '--usage', '/dev/zero', '--consumer', 'web'],
        file: '/dev/zero',
      },
    ];
    for (const { args, file: device } of runs) {
      const run = await bin(args);
      expect(run.killed, args.join(' ')).toBe(false);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toBe(`media-conformance: usage file: ${device} is a character device, not a regular file: refused\n`);
    }
  });
});

describe('eight `usage` writers into one file at once', () => {
  it('keep every call, three trials in a row', { timeout: 600_000 }, async () => {
    const entries = [0, 1, 2].map((i) => ({ method: 'GET', path: '/pub/v1/voices', key: 'k-1234567890', status: 200, answer: { data: [], err: null, i } }));
    const recordings = await Promise.all(Array.from({ length: 8 }, (_, i) => file(har(entries), `app-${i}.har`)));
    for (let trial = 0; trial < 3; trial++) {
      const out = join(dir, `shared-${trial}`, 'web.json');
      const exits = await writeTogether(
        join(dir, `go-${trial}`),
        recordings.map((recording) => ['usage', '--from-har', recording, '--consumer', 'web', '--out', out]),
      );
      expect(
        exits.map((e) => e.code),
        exits.map((e) => e.stderr).join('\n'),
      ).toEqual(Array(8).fill(0));
      const usage = JSON.parse(readFileSync(out, 'utf8')) as UsageFile;
      expect(usage.exchanges, `trial ${trial}`).toBe(24);
      expect(usage.operations.listVoices!.calls).toBe(24);
      expect(readdirSync(join(dir, `shared-${trial}`))).toEqual(['web.json']);
    }
  });
});

describe('recordings with odd and deep entries, in every command that reads them', () => {
  const voices = { method: 'GET', path: '/pub/v1/voices', key: 'k-1234567890', status: 200, answer: { data: [], err: null } };
  const odd = (url: string) => ({
    ...voices,
    extra: { request: { method: 'GET', url, headers: [], httpVersion: 'HTTP/1.1', queryString: [], cookies: [], headersSize: -1, bodySize: -1 } },
  });

  async function run(args: string[]) {
    let out = '';
    let err = '';
    const code = await cli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), cwd: dir, env: {} });
    return { code, out, err };
  }

  it.each(['data:text/plain,hello', 'javascript:alert(1)', 'file:///etc/passwd'])(
    'an entry %s is skipped with a line naming it by index and scheme',
    async (url) => {
      const scheme = new URL(url).protocol;
      const recording = await file(har([odd(url), voices]));
      const line = `log.entries[0].request.url: a ${scheme} URL, not an HTTP exchange: skipped`;
      const usage = await run(['usage', '--from-har', recording, '--consumer', 'web', '--out', join(dir, 'odd', `${scheme.slice(0, -1)}.json`)]);
      expect(usage.code, usage.err).toBe(0);
      expect(usage.err).toBe(`media-conformance: ${recording}: ${line}\n`);
      expect(usage.out).toContain('usage of web: 1 exchanges');
      const upgrade = await run(['upgrade', '--from-har', recording, '--reporter', `json=${join(dir, 'odd', 'upgrade.json')}`]);
      expect(upgrade.err).not.toContain('Invalid URL');
      expect([0, 1]).toContain(upgrade.code);
      expect(readFileSync(join(dir, 'odd', 'upgrade.json'), 'utf8')).toContain(line);
      const judged = await run(['--from-har', recording, '--reporter', `json=${join(dir, 'odd', 'judged.json')}`]);
      expect([0, 1]).toContain(judged.code);
    },
  );

  it('an answer nested 100,000 deep: upgrade and usage skip it with a line naming it, --from-har judges it; each ends with its report', async () => {
    const deep = `{"data":${'['.repeat(100_000)}${']'.repeat(100_000)},"err":null}`;
    const recording = await file(har([{ ...voices, answer: deep }, voices]));
    const line = 'log.entries[0]: its answer nests more than 256 levels deep: skipped';
    const upgrade = await run(['upgrade', '--from-har', recording, '--reporter', `json=${join(dir, 'deep', 'upgrade.json')}`]);
    expect(upgrade.err).not.toContain('Maximum call stack');
    expect([0, 1], upgrade.err).toContain(upgrade.code);
    expect(readFileSync(join(dir, 'deep', 'upgrade.json'), 'utf8')).toContain(line);
    const usage = await run(['usage', '--from-har', recording, '--consumer', 'web', '--out', join(dir, 'deep', 'web.json')]);
    expect(usage.code, usage.err).toBe(0);
    expect(usage.err).toBe(`media-conformance: ${recording}: ${line}\n`);
    const judged = await run(['--from-har', recording, '--reporter', `json=${join(dir, 'deep', 'judged.json')}`]);
    expect([0, 1]).toContain(judged.code);
    expect(JSON.parse(readFileSync(join(dir, 'deep', 'judged.json'), 'utf8')).summary.requests).toBe(2);
  });
});
