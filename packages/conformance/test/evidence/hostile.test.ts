// The evidence file against what would break it: eight real processes merging into the same file at
// once (none is lost: the file's lock; three trials in a row), a folder or a FIFO where the lock goes
// (an error naming it, never a spin), a writer that died holding the lock (taken over) or one that
// holds it too long (the merge refused, in words), a file of a million entries (refused past the
// documented bound by both commands, in one line), and a file at the bound with the most assumptions
// it can hold (printed and merged).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, type EvidenceFile, MAX_EVIDENCE_BYTES } from '../../src/index.js';
import { withFileLock } from '../../src/plumbing/file-lock.js';
import { file, har, VOICES_ANSWER } from '../har/recordings.js';
import { runSuite } from '../hostile/suite-process.js';
import { conformanceBin } from '../support/built.js';
import { writeTogether } from '../support/writers.js';

const dir = mkdtempSync(join(tmpdir(), 'evidence-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  let out = '';
  const code = await cli(args, { stdout: (t) => void (out += t), stderr: (t) => void (out += t), cwd: dir, env: {} });
  return { code, out };
}

/** One run's record in an evidence file, `i` seconds into 2020. */
const runRecord = (i: number) => ({
  date: new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString(),
  origin: 'https://api.rendernet.ai',
  source: 'run',
  version: 'unknown',
  verdict: i % 3 ? 'confirmed' : 'refuted',
});

/** One assumption with its one run, as small as the format allows (but for the origin the table prints). */
function wideEntry(i: number): string {
  const r = { ...runRecord(i), origin: 'https://a.b' };
  const entry = { claim: 'c', latest: { verdict: r.verdict, date: r.date.slice(0, 10), origin: r.origin }, for: 0, against: 0, runs: [r] };
  return `"rule:a${String(i).padStart(7, '0')}":${JSON.stringify(entry)}`;
}

/**
 * Writes an evidence file of `count` entries without holding it in memory: `wide` is one assumption
 * per entry (its one run), `deep` one assumption with `count` runs. The text goes to the file a
 * mebibyte at a time (a write per entry would be a million system calls).
 */
function writeEvidence(path: string, shape: 'wide' | 'deep', count: number): void {
  const fd = openSync(path, 'w');
  let pending = '';
  const put = (text: string) => {
    pending += text;
    if (pending.length < 1024 * 1024) return;
    writeSync(fd, pending);
    pending = '';
  };
  put('{"format":"mediagen-evidence/1","assumptions":{');
  if (shape === 'wide') for (let i = 0; i < count; i++) put(`${i ? ',' : ''}${wideEntry(i)}`);
  else {
    put('"rule:missing_key_401":{"claim":"c","latest":{"verdict":"confirmed","date":"2020-01-01","origin":"x"},"for":0,"against":0,"runs":[');
    for (let i = 0; i < count; i++) put(`${i ? ',' : ''}${JSON.stringify(runRecord(i))}`);
    put(']}');
  }
  writeSync(fd, `${pending}}}\n`);
  closeSync(fd);
}

/** A recording of one listing, on day `day` of 2026: each is a run of its own in an evidence file. */
async function recordingOn(day: number): Promise<string> {
  const text = har([
    { method: 'GET', path: '/pub/v1/voices', status: 403, answer: { data: null, err: { code: 'forbidden', message: 'no key' } } },
    { method: 'GET', path: '/pub/v1/voices', key: 'k-1234567890', status: 200, answer: VOICES_ANSWER },
  ]).replace(/2026-11-20/g, `2026-01-${String(day).padStart(2, '0')}`);
  return file(text, `day-${day}.har`);
}

describe('concurrent writers', () => {
  it('eight processes merging into one file at once: every run is in it', { timeout: 600_000 }, async () => {
    const evidence = join(dir, 'shared.json');
    // A file of some size, so that each merge takes a while and they overlap.
    writeEvidence(evidence, 'deep', 60_000);
    const recordings = await Promise.all(Array.from({ length: 8 }, (_, i) => recordingOn(i + 1)));
    const exits = await writeTogether(
      join(dir, 'go'),
      recordings.map((recording) => ['--from-har', recording, '--evidence', evidence]),
    );
    expect(
      exits.map((e) => e.code),
      exits.map((e) => e.stderr).join('\n'),
    ).toEqual(Array(8).fill(0));
    const merged = JSON.parse(readFileSync(evidence, 'utf8')) as EvidenceFile;
    const runs = merged.assumptions['rule:missing_key_401']!.runs;
    const days = new Set(runs.filter((r) => r.date.startsWith('2026-01-')).map((r) => r.date.slice(0, 10)));
    expect([...days].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `2026-01-0${i + 1}`));
    // What was there before is still there, and nothing is left beside the file.
    expect(runs.filter((r) => r.date.startsWith('2020-'))).toHaveLength(60_000);
    expect(readdirSync(dir).filter((name) => name.includes('shared.json.'))).toEqual([]);
  });

  it('three trials of eight processes merging into a small file: every run is kept each time', { timeout: 600_000 }, async () => {
    const recordings = await Promise.all(Array.from({ length: 8 }, (_, i) => recordingOn(i + 13)));
    for (let trial = 0; trial < 3; trial++) {
      const evidence = join(dir, `trial-${trial}`, 'evidence.json');
      const exits = await writeTogether(
        join(dir, `go-trial-${trial}`),
        recordings.map((recording) => ['--from-har', recording, '--evidence', evidence]),
      );
      expect(
        exits.map((e) => e.code),
        exits.map((e) => e.stderr).join('\n'),
      ).toEqual(Array(8).fill(0));
      const merged = JSON.parse(readFileSync(evidence, 'utf8')) as EvidenceFile;
      const days = merged.assumptions['rule:missing_key_401']!.runs.map((r) => r.date.slice(0, 10));
      expect(days, `trial ${trial}`).toEqual(Array.from({ length: 8 }, (_, i) => `2026-01-${String(i + 13).padStart(2, '0')}`));
      expect(readdirSync(join(dir, `trial-${trial}`))).toEqual(['evidence.json']);
    }
  });
});

describe('the lock', () => {
  it('left by a writer that died is taken over at once', async () => {
    const evidence = join(dir, 'orphan.json');
    // A pid that is not running: a child that has exited.
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('close', resolve));
    writeFileSync(`${evidence}.lock`, `${child.pid} ${(await import('node:os')).hostname()} ${Date.now()} deadbeef\n`);
    const started = performance.now();
    const { code, out } = await run(['--from-har', await recordingOn(9), '--evidence', evidence]);
    expect(code, out).toBe(0);
    // Not after waiting out the lock (LOCK_WAIT_MS, 5 minutes): far from it, whatever the machine's load.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(existsSync(`${evidence}.lock`)).toBe(false);
    expect(existsSync(evidence)).toBe(true);
  });

  it('a folder where the lock goes (committed as evidence.json.lock/) is an error naming it, at once: no spin', async () => {
    const evidence = join(dir, 'locked-by-folder.json');
    mkdirSync(`${evidence}.lock`);
    // A real process (it spun at full CPU for ever, deaf to SIGINT and SIGTERM): its watchdog catches a hang.
    const child = spawn(process.execPath, [conformanceBin(), '--from-har', await recordingOn(20), '--evidence', evidence], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (c, s) => resolve([c, s])));
    clearTimeout(watchdog);
    expect(signal).toBeNull();
    expect(code).toBe(2);
    expect(stderr).toContain(
      `media-conformance: evidence file ${evidence}: its lock ${evidence}.lock is not a lock file (a folder or a device is there): refused (remove it)\n`,
    );
    expect(existsSync(evidence)).toBe(false);
  });

  it('a lock that is a symbolic link to a FIFO is refused too, without blocking', async () => {
    const evidence = join(dir, 'locked-by-fifo.json');
    const fifo = join(dir, 'lock-fifo');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, `${evidence}.lock`);
    await expect(withFileLock(evidence, 'evidence file', () => 'merged', { waitMs: 500 })).rejects.toThrow(
      `evidence file ${evidence}: its lock ${evidence}.lock is not a lock file (a folder or a device is there): refused (remove it)`,
    );
  });

  it('Ctrl-C while a writer waits for the lock ends the wait: said in one line, not merged', { timeout: 300_000 }, async () => {
    const evidence = join(dir, 'held-then-interrupted.json');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120_000)']);
    try {
      writeFileSync(`${evidence}.lock`, `${holder.pid} ${(await import('node:os')).hostname()} ${Date.now()} feedface\n`);
      // The summary is printed before the merge: from then on the process waits for the lock.
      const run = await runSuite(['--from-har', await recordingOn(21), '--evidence', evidence], { interrupt: { signal: 'SIGINT', when: /(PASSED|FAILED): / } });
      expect(run.killed).toBeUndefined();
      expect(run.code).toBe(2);
      // Ended by the signal, not by waiting the lock out (that says "has held its lock for more than …").
      expect(run.stderr).toContain(`evidence file ${evidence}: a signal stopped the wait for its lock ${evidence}.lock: not merged`);
      expect(existsSync(evidence)).toBe(false);
      expect(readFileSync(`${evidence}.lock`, 'utf8')).toContain('feedface');
    } finally {
      holder.kill();
    }
  });

  it('held too long by a live writer: the merge is refused in one line', async () => {
    const evidence = join(dir, 'held.json');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(`${evidence}.lock`, `${holder.pid} ${(await import('node:os')).hostname()} ${Date.now()} cafebabe\n`);
      await expect(withFileLock(evidence, 'evidence file', () => 'merged', { waitMs: 500 })).rejects.toThrow(
        new RegExp(`another writer \\(pid ${holder.pid} on .+\\) has held its lock .+held\\.json\\.lock for more than 1 s: not merged`),
      );
      expect(readFileSync(`${evidence}.lock`, 'utf8')).toContain('cafebabe');
    } finally {
      holder.kill();
    }
  });
});

describe('a file of a million entries', () => {
  it.each(['deep', 'wide'] as const)('(%s) is refused past the documented bound by both commands, in one line', { timeout: 600_000 }, async (shape) => {
    const evidence = join(dir, `million-${shape}.json`);
    writeEvidence(evidence, shape, 1_000_000);
    const shown = await run(['evidence', evidence]);
    expect(shown.code).toBe(2);
    expect(shown.out.trim().split('\n')).toHaveLength(1);
    expect(shown.out).toMatch(
      new RegExp(`evidence file: ${evidence} is \\d+(\\.\\d)? MiB, more than the ${MAX_EVIDENCE_BYTES / 1024 / 1024} MiB it may be: refused`),
    );
    const before = readFileSync(evidence);
    const merged = await run(['--from-har', await recordingOn(10), '--evidence', evidence, '--reporter', `json=${evidence}.report.json`]);
    expect(merged.code).toBe(2);
    expect(merged.out).toContain('more than the 32 MiB it may be: refused');
    // The run's report is still written; the file is left as it was.
    expect(existsSync(`${evidence}.report.json`)).toBe(true);
    expect(readFileSync(evidence).equals(before)).toBe(true);
    rmSync(evidence);
  });
});

describe('a file at the bound', () => {
  it('with the most assumptions it can hold is printed; a merge that would pass the bound is refused', { timeout: 600_000 }, async () => {
    const evidence = join(dir, 'full.json');
    // The smallest entries (about 250 bytes each): 32 MiB holds over 130,000 assumptions, more than
    // a call can take as spread arguments.
    const size = Math.max(wideEntry(0).length, wideEntry(1).length) + 1;
    const count = Math.floor((MAX_EVIDENCE_BYTES - 1024) / size);
    expect(count).toBeGreaterThan(130_000);
    writeEvidence(evidence, 'wide', count);
    expect(readFileSync(evidence).length).toBeLessThan(MAX_EVIDENCE_BYTES);
    const shown = await run(['evidence', evidence]);
    expect(shown.code, shown.out.slice(0, 200)).toBe(0);
    expect(shown.out.split('\n').length).toBeGreaterThan(count);
    expect(shown.out).toContain(`${count} assumptions judged`);
    // Merging rewrites it in the file's own layout (two spaces): past the bound, so it is refused, and said so.
    const merged = await run(['--from-har', await recordingOn(11), '--evidence', evidence]);
    expect(merged.code).toBe(2);
    expect(merged.out).toMatch(/with this run it would be \d+(\.\d)? MiB, more than the 32 MiB an evidence file may be: not merged \(start a new file\)/);
    rmSync(evidence);
  });

  it('a file below the bound in the file’s own layout takes a merge', { timeout: 600_000 }, async () => {
    const evidence = join(dir, 'large.json');
    writeEvidence(evidence, 'wide', 20_000);
    const merged = await run(['--from-har', await recordingOn(12), '--evidence', evidence]);
    expect(merged.code, merged.out).toBe(0);
    const file = JSON.parse(readFileSync(evidence, 'utf8')) as EvidenceFile;
    expect(Object.keys(file.assumptions).length).toBeGreaterThan(20_000);
    expect(file.assumptions['rule:missing_key_401']!.runs.map((r) => r.date.slice(0, 10))).toEqual(['2026-01-12']);
  });
});
