// --from-har against recordings made to hurt: a key shown by an answer before any entry sends it (and
// one only the environment knows), in every spelling the masker knows, through every reporter;
// times and dates that are not ones; files that are not regular files or are larger than their bound;
// a recording past V8's longest string (read as a stream); and Ctrl-C while a large one is judged.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES } from '../../src/cli/args.js';
import { cli, MAX_EVIDENCE_BYTES, MAX_HAR_BYTES, type Report } from '../../src/index.js';
import { costLine, runSuite } from '../hostile/suite-process.js';
import { API, file, har, harEntry, VOICES_ANSWER, writeRecording } from './recordings.js';

const SECRET = 'sk-live-DO-NOT-LEAK-order-7f3e9a';
const ENV_ONLY = 'sk-env-only-DO-NOT-LEAK-42c1';

/** Every spelling of a key the masker knows: as is, in either case, URL-encoded, base64 (padded, bare, URL-safe). */
function spellings(key: string): string[] {
  const b64 = Buffer.from(key).toString('base64');
  const bare = b64.replace(/=+$/, '');
  return [key, key.toLowerCase(), key.toUpperCase(), encodeURIComponent(key), b64, bare, bare.replace(/\+/g, '-').replace(/\//g, '_')];
}

const dir = mkdtempSync(join(tmpdir(), 'har-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir, env });
  return { code, stdout, stderr };
}

describe('a key an answer shows before any entry sends it', () => {
  /** The key in an answer, its headers, a URL and a failed exchange's comment, all before the entry that sends it. */
  const recording = () =>
    har([
      {
        method: 'GET',
        path: `/pub/v1/generations/${SECRET}?echo=${encodeURIComponent(SECRET)}`,
        status: 500,
        answer: {
          data: null,
          err: { code: 'boom', message: `no such key ${SECRET} (${Buffer.from(SECRET).toString('base64')}) ${SECRET.toUpperCase()}` },
        },
        headers: [{ name: 'X-Echo', value: SECRET }],
      },
      {
        method: 'GET',
        path: '/pub/v1/voices',
        status: 200,
        // The key only JSON escapes show: masked once parsed, as a live run masks its answers.
        answer: `{"data":[],"err":null,"note":"${SECRET.replace(/-/g, '\\u002d')}","env":"${ENV_ONLY}"}`,
      },
      { method: 'GET', path: `/pub/v1/models?k=${SECRET}`, status: 0, answer: '', extra: { comment: `connection reset after ${SECRET}` } },
      { method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: { data: [], err: null } },
    ]);

  it('is masked in every report: console, JSON, JUnit, HTML and HAR', async () => {
    const path = await file(recording());
    const out = join(dir, 'order');
    const reporters = ['console', `json=${out}.json`, `junit=${out}.xml`, `html=${out}.html`, `har=${out}.har`].flatMap((r) => ['--reporter', r]);
    const { code, stdout, stderr } = await run(['--from-har', path, '--no-color', '--verbose', ...reporters], { MEDIAGEN_API_KEY: ENV_ONLY });
    expect(code, stderr).toBe(1);
    const written = ['json', 'xml', 'html', 'har'].map((ext) => readFileSync(`${out}.${ext}`, 'utf8'));
    const report = JSON.parse(written[0]!) as Report;
    // The answers were judged (the 500 failed its check), and what the reports hold of them is masked.
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(JSON.parse(written[3]!).log.entries.length).toBe(4);
    expect(written[3]).toContain('***');
    for (const text of [stdout, stderr, ...written])
      for (const spelling of [...spellings(SECRET), ...spellings(ENV_ONLY)]) expect(text).not.toContain(spelling);
  });

  it('is masked in the message of an entry that stops the run, even when it comes before the key is known', async () => {
    const sends = JSON.stringify(harEntry({ method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: VOICES_ANSWER }, 1));
    // An entry that is not JSON (a bare word inside it) quoting the key, before the entry that sends it.
    const broken = `{"request":{"method":"GET","url":"${API}/pub/v1/voices","headers":[]},"response":{"status":200,"note":${SECRET}}}`;
    const path = await file(`{"log":{"version":"1.2","entries":[${broken},${sends}]}}`);
    const { code, stderr } = await run(['--from-har', path]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/not a HAR file: the JSON is broken \(log\.entries\[0\] is not JSON( at its byte \d+)?\)/);
    for (const spelling of spellings(SECRET)) expect(stderr).not.toContain(spelling);
  });
});

describe('times and dates that are not ones', () => {
  it('are named by entry in the notes; the entries are still judged and the evidence still merged', async () => {
    const entries = Array.from({ length: 20 }, () => ({ method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: VOICES_ANSWER }));
    const parsed = JSON.parse(har(entries));
    parsed.log.entries[17].time = 1e308;
    parsed.log.entries[5].time = -3;
    parsed.log.entries[9].time = 'NaN';
    parsed.log.entries[11].time = null;
    parsed.log.entries[3].startedDateTime = '+275760-09-13T00:00:00.000Z';
    parsed.log.entries[4].startedDateTime = 'yesterday';
    // A value quoting the key where a note would cut it: masked before it is cut.
    parsed.log.entries[12].time = `${'x'.repeat(20)}${SECRET}`;
    const path = await file(JSON.stringify(parsed));
    const evidence = join(dir, 'times.evidence.json');
    const { code, stderr } = await run(['--from-har', path, '--evidence', evidence, '--reporter', `json=${path}.json`]);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Report;
    expect(report.requests).toBe(20);
    const notes = report.notes.join('\n');
    expect(notes).toContain('log.entries[17].time: expected milliseconds from 0 to 2147483647, got 1e+308: judged without it');
    expect(notes).toContain('log.entries[5].time: expected milliseconds from 0 to 2147483647, got -3');
    expect(notes).toContain('log.entries[9].time: expected milliseconds from 0 to 2147483647, got "NaN"');
    expect(notes).toContain('log.entries[11].time');
    expect(notes).toContain('log.entries[3].startedDateTime: expected an ISO 8601 date from 1970 to 9999, got "+275760-09-13T00:00:00.000Z"');
    expect(notes).toContain('log.entries[4].startedDateTime');
    expect(notes).toContain(`log.entries[12].time: expected milliseconds from 0 to 2147483647, got "${'x'.repeat(20)}***": judged without it`);
    expect(notes).not.toContain(SECRET.slice(0, 10));
    // Dated by the entries that have dates: the last one ended 5 ms after it started.
    expect(new Date(Date.parse(report.startedAt) + report.durationMs).toISOString()).toBe('2026-11-20T10:00:19.005Z');
    const merged = JSON.parse(readFileSync(evidence, 'utf8'));
    expect(Object.keys(merged.assumptions).length).toBeGreaterThan(0);
  });

  it('are listed up to ten, then counted', async () => {
    const entries = Array.from({ length: 30 }, () => ({ method: 'GET', path: '/pub/v1/voices', status: 200, answer: VOICES_ANSWER, extra: { time: -1 } }));
    const path = await file(har(entries));
    const { code } = await run(['--from-har', path, '--reporter', `json=${path}.json`]);
    expect(code).toBe(1);
    const notes = (JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Report).notes;
    expect(notes.filter((n) => /^log\.entries\[\d+\]\.time/.test(n))).toHaveLength(10);
    expect(notes).toContain('and 20 more note(s) on entries like these (not listed)');
  });
});

describe('files that are not regular files, or too large', () => {
  let fifo: string;
  let folder: string;
  let recording: string;
  beforeAll(async () => {
    fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    folder = join(dir, 'folder');
    mkdirSync(folder);
    recording = await file(har([{ method: 'GET', path: '/pub/v1/voices', status: 200, answer: VOICES_ANSWER }]));
  });

  const cases = (what: string) =>
    [
      ['/dev/zero', 'a character device'],
      [join(dir, 'fifo'), 'a FIFO (named pipe)'],
      [join(dir, 'folder'), 'a directory'],
    ].map(([path, kind]) => [what, path!, kind!] as const);

  it.each([...cases('--from-har'), ...cases('--config'), ...cases('--evidence'), ...cases('evidence')])(
    '%s %s is refused at once: one line, exit 2',
    async (flag, path, kind) => {
      const args = flag === 'evidence' ? ['evidence', path] : flag === '--evidence' ? ['--from-har', recording, '--evidence', path] : [flag, path];
      const started = performance.now();
      const { code, stderr, stdout } = await run(args);
      expect(code).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(`${path} is ${kind}, not a regular file: refused`);
      expect(stdout).not.toContain('evidence:');
      // Reading it would block for ever: slack for a loaded machine, far from never.
      expect(performance.now() - started).toBeLessThan(30_000);
    },
  );

  it.each([
    ['--from-har', MAX_HAR_BYTES, '1024 MiB'],
    ['--config', MAX_CONFIG_BYTES, '1 MiB'],
    ['--evidence', MAX_EVIDENCE_BYTES, '32 MiB'],
  ])('%s: a file one byte past its bound is refused before it is read', async (flag, bound, shown) => {
    // A sparse file: as large as it says, without the disk it would take.
    const path = join(dir, `sparse${flag}`);
    writeFileSync(path, '');
    truncateSync(path, bound + 1);
    const args = flag === '--evidence' ? ['--from-har', recording, '--evidence', path] : [flag, path];
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(`more than the ${shown} it may be: refused`);
  });
});

describe('a recording larger than the longest string V8 can make', () => {
  it('is read as a stream: its API entries judged, an answer past the budget cut, memory bounded', { timeout: 600_000 }, async () => {
    const path = join(dir, 'large.har');
    // An entry of another host (a browser's media download) whose body alone is 520 MiB, between two API entries.
    const huge = 520 * 1024 * 1024;
    const stream = createWriteStream(path);
    const write = (text: string | Buffer) => new Promise<void>((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())));
    const voices = (i: number) => harEntry({ method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: VOICES_ANSWER }, i);
    const cdn = JSON.stringify(harEntry({ method: 'GET', path: '/media/m1.mp4', origin: 'https://cdn.example', status: 200, answer: 'BODY' }, 1));
    const [head, tail] = cdn.split('BODY');
    await write(`{"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[${JSON.stringify(voices(0))},${head}`);
    const block = Buffer.alloc(1024 * 1024, 'a');
    for (let written = 0; written < huge; written += block.length) await write(block);
    await write(`${tail},${JSON.stringify(voices(2))}]}}`);
    await new Promise<void>((resolve) => stream.end(resolve));
    const run = await runSuite(['--from-har', path], { limitMs: 280_000 });
    console.log(costLine('a 520 MiB recording', run));
    rmSync(path);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json!.requests).toBe(2);
    expect(run.json!.notes[0]).toMatch(/3 entries, 2 for the API at https:\/\/api\.rendernet\.ai, 1 for other hosts/);
    expect(run.peakMiB).toBeLessThan(512);
    for (const spelling of spellings(SECRET)) expect(run.stdout + JSON.stringify(run.json)).not.toContain(spelling);
  });
});

/** The processes this one started (any of its threads), from /proc. */
function children(): string[] {
  return readdirSync('/proc/self/task').flatMap((task) => {
    try {
      return readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean);
    } catch {
      return [];
    }
  });
}

/**
 * Resolves once a process this one started (the suite's) has read into the file at `path` (its file
 * position past 0, read from /proc): the signal then lands while the recording is read, however fast
 * or slow the machine, rather than at a guessed time. Only this process's children are looked at:
 * every process of a shared machine, 50 times a second, costs a good part of a core.
 */
async function readingStarted(path: string, limitMs: number): Promise<void> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    for (const pid of children()) {
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== path) continue;
          if (Number(/^pos:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1] ?? 0) > 0) return;
        } catch {
          // The descriptor closed while it was looked at.
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no process read ${path} within ${limitMs} ms`);
}

describe('Ctrl-C while a large recording is judged', () => {
  it('stops judging at once: the reports are written, marked stopped, exit 130', { timeout: 600_000 }, async () => {
    const path = join(dir, 'many.har');
    const entries = writeRecording(path, 120 * 1024 * 1024, (i) =>
      harEntry({ method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: VOICES_ANSWER }, i % 3600),
    );
    const evidence = join(dir, 'interrupted.evidence.json');
    const run = await runSuite(['--from-har', path, '--evidence', evidence], {
      limitMs: 280_000,
      interrupt: { signal: 'SIGINT', after: readingStarted(path, 250_000) },
    });
    console.log(costLine('Ctrl-C while judging', run), `${run.afterInterruptMs?.toFixed(0)} ms after SIGINT`);
    rmSync(path);
    expect(run.code, run.stderr).toBe(130);
    expect(run.json!.stopped).toEqual({ by: 'signal', reason: 'SIGINT' });
    expect(run.json!.ok).toBe(false);
    const notes = run.json!.notes.join('\n');
    expect(notes).toMatch(new RegExp(`stopped \\(SIGINT\\) (after \\d+ of ${entries} entries|while its keys were being read)`));
    // At once, counted in entries rather than milliseconds (a loaded machine stretches the time after the
    // signal): judging stopped short of the recording's end.
    const judged = new RegExp(`after (\\d+) of ${entries} entries`).exec(notes)?.[1];
    if (judged !== undefined) expect(Number(judged)).toBeLessThan(entries);
    // Only a hang reaches this: the reports of a stopped run, on a loaded machine.
    expect(run.afterInterruptMs).toBeLessThan(60_000);
    expect(run.junit).toContain('<error message="SIGINT" type="signal"/>');
    expect(run.stdout).toMatch(/STOPPED/);
    // Judged in part, the recording is not merged as if it were whole.
    expect(readdirSync(dir)).not.toContain('interrupted.evidence.json');
    expect(run.stderr).toContain('not merged into the evidence file');
  });
});
