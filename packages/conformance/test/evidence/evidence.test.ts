// The evidence file: two real runs (the sandbox, which confirms the auth assumptions, and a faithful
// variant that refuses a missing key with 403, which refutes one) merged into one file by the CLI's
// --evidence; the table of `media-conformance evidence FILE`; merging idempotent and independent of
// order; a malformed file refused in one line with exit code 2.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvidenceFile, emptyEvidence, formatEvidence } from '../../src/evidence/file.js';
import { type JudgedAssumption, mergeEvidence } from '../../src/evidence/merge.js';
import { cli } from '../../src/index.js';
import { faithfulVariants, startProxy } from '../../src/selftest/index.js';

const SECRET = 'sk-live-DO-NOT-LEAK-evidence-42';

async function run(args: string[]) {
  const out: string[] = [];
  const code = await cli(args, { stdout: (t) => out.push(t), stderr: (t) => out.push(t), cwd: tmpdir(), env: {} });
  return { code, out: out.join('') };
}

describe('an evidence file built from two real runs', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let variant: Awaited<ReturnType<typeof startProxy>>;
  let path: string;
  let first: string;
  let file: EvidenceFile;

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SECRET], credits: 100_000, delays: { pendingMs: 20, completeMs: 60 } });
    const auth403 = faithfulVariants().find((v) => v.id === 'auth-403')!;
    variant = await startProxy(sandbox.url, auth403.rewrite(), SECRET);
    path = join(await mkdtemp(join(tmpdir(), 'evidence-')), 'contract', 'evidence.json');
    // The sandbox says it is the mock (its marker header): its runs are merged only when asked, kept apart.
    const common = ['--max-examples', '2', '--reporter', `json=${path}.report.json`, '--evidence', path, '--evidence-apart'];
    expect((await run(['--base-url', sandbox.url, '--api-key', SECRET, ...common])).code).toBe(0);
    first = await readFile(path, 'utf8');
    expect((await run(['--base-url', variant.url, '--api-key', SECRET, ...common])).code).toBe(0);
    file = JSON.parse(await readFile(path, 'utf8')) as EvidenceFile;
  });
  afterAll(async () => {
    await variant?.stop();
    await sandbox?.stop();
  });

  it('keeps, per assumption, every run that judged it, oldest first, with the latest verdict', () => {
    expect(file.format).toBe('mediagen-evidence/1');
    const missingKey = file.assumptions['rule:missing_key_401']!;
    expect(missingKey).toMatchObject({ for: 1, against: 1, latest: { verdict: 'refuted', origin: new URL(variant.url).origin } });
    expect(missingKey.runs.map((r) => r.verdict)).toEqual(['confirmed', 'refuted']);
    expect(missingKey.runs[1]).toMatchObject({ source: 'run', exchange: { status: 403 } });
    expect(missingKey.runs[1]!.exchange!.curl).toMatch(/^curl /);
    expect(missingKey.claim.length).toBeGreaterThan(10);
    // An assumption both runs confirmed.
    const confirmed = Object.values(file.assumptions).filter((a) => a.for === 2 && a.against === 0);
    expect(confirmed.length).toBeGreaterThan(20);
    expect(Object.keys(file.assumptions)).toEqual([...Object.keys(file.assumptions)].sort());
  });

  it('never holds the key', async () => {
    expect(await readFile(path, 'utf8')).not.toContain(SECRET);
  });

  it('prints its table: assumption, verdict, last seen, runs for and against', async () => {
    const { code, out } = await run(['evidence', path]);
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^assumption\s+verdict\s+last seen\s+for\s+against$/);
    expect(out).toMatch(/rule:missing_key_401\s+refuted\s+\d{4}-\d{2}-\d{2} http:\/\/127\.0\.0\.1:\d+\s+1\s+1/);
    expect(out).toMatch(/assumptions judged: \d+ confirmed, [1-9]\d* refuted/);
  });

  it('merges idempotently: a run merged again changes nothing, whatever the order', async () => {
    const twice = mergeEvidence(file, []);
    expect(formatEvidence(twice)).toBe(await readFile(path, 'utf8'));
    const judged = (verdict: 'confirmed' | 'refuted', date: string): JudgedAssumption => ({
      id: 'rule:missing_key_401',
      claim: 'a request without X-API-KEY is refused with 401',
      run: { date, origin: 'https://api.rendernet.ai', source: 'har', version: 'unknown', verdict },
    });
    const a = judged('confirmed', '2026-11-19T10:00:00.000Z');
    const b = judged('refuted', '2026-11-20T10:00:00.000Z');
    const ab = mergeEvidence(mergeEvidence(emptyEvidence(), [a]), [b]);
    const ba = mergeEvidence(mergeEvidence(emptyEvidence(), [b]), [a]);
    expect(formatEvidence(ab)).toBe(formatEvidence(ba));
    expect(formatEvidence(mergeEvidence(ab, [a, b]))).toBe(formatEvidence(ab));
    expect(ab.assumptions['rule:missing_key_401']).toMatchObject({ for: 1, against: 1, latest: { verdict: 'refuted', date: '2026-11-20' } });
    // The first run alone was a file of confirmations.
    expect(JSON.parse(first).assumptions['rule:missing_key_401']).toMatchObject({ for: 1, against: 0 });
  });

  it('refuses a malformed file in one line with exit code 2 (the table, and a run that would merge into it)', async () => {
    const bad = `${path}.bad.json`;
    const broken = JSON.parse(await readFile(path, 'utf8'));
    broken.assumptions['rule:missing_key_401'].runs[0].source = 'guess';
    await writeFile(bad, JSON.stringify(broken));
    const shown = await run(['evidence', bad]);
    expect(shown.code).toBe(2);
    expect(shown.out.trim().split('\n')).toHaveLength(1);
    expect(shown.out).toContain('assumptions["rule:missing_key_401"].runs[0].source must be one of "run", "proxy", "har", got a string');
    // Never a value of the file: what was there is said by its kind only.
    expect(shown.out).not.toContain('guess');
    expect((await run(['evidence', `${path}.missing.json`])).code).toBe(2);
    expect((await run(['evidence'])).code).toBe(2);
  });
});

describe('one reading of the evidence file', () => {
  const run = { date: '2026-11-20T10:00:00.000Z', origin: 'https://api.rendernet.ai', source: 'run', version: '2025-05-07', verdict: 'refuted' };
  const entry = { claim: 'c', latest: { verdict: 'refuted', date: '2026-11-20', origin: 'https://api.rendernet.ai' }, for: 0, against: 1, runs: [run] };
  const file = (assumptions: Record<string, unknown>) => JSON.stringify({ format: 'mediagen-evidence/1', assumptions });

  it('takes every key the suite writes (dotted elements included) and names the first thing wrong by its path', async () => {
    const { parseEvidence } = await import('../../src/evidence/index.js');
    expect(
      Object.keys(parseEvidence(file({ 'listGenerations.query.page': entry, 'rule:GenerationItem.prompt.type': entry }), 'e.json').assumptions),
    ).toHaveLength(2);
    expect(() => parseEvidence(file({ 'X.y': { ...entry, latest: { ...entry.latest, date: '20 Nov 2026' } } }), 'e.json')).toThrow(
      'evidence file e.json: assumptions["X.y"].latest.date must be a date YYYY-MM-DD, got a string',
    );
    expect(() => parseEvidence(file({ 'not a key': entry }), 'e.json')).toThrow(/the key "not a key" of assumptions must be Component\.field/);
  });
});
