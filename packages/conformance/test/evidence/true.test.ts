// Evidence stays true: an evidence file holding live verdicts (a run against a server that does not say
// it is the mock: the sandbox behind a loopback forwarder that drops the marker header) is left as it
// was, byte for byte, by a run against the mock (its marker header), a run stopped by its deadline and
// a run stopped by Ctrl-C (a real process); each says on stderr why it was not merged. Asked for
// explicitly (--evidence-apart), a mock run is merged kept apart: its runs are marked, and every live
// verdict stays the latest. Within one day runs are ordered by the instant they ended.

import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOCK_HEADER, type RunningSandbox, SANDBOX_API_KEY, startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvidenceFile, emptyEvidence } from '../../src/evidence/file.js';
import { mergeEvidence } from '../../src/evidence/merge.js';
import { cli } from '../../src/index.js';
import { runSuite } from '../hostile/suite-process.js';

/** A loopback forwarder to `upstream` that drops the mock's marker header: to the suite, a server like any other. */
async function unmarked(
  upstream: string,
): Promise<{ url: string; requests: () => number; stop: () => Promise<void>; seen: (n: number) => Promise<void>; holdNextRead: () => void }> {
  let count = 0;
  let holding = false;
  const waiting: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer(async (req, res) => {
    // A read held unanswered: the run cannot end before its stop, however fast the machine (a whole
    // run takes under a second on a quiet one, less than the shortest deadline).
    if (holding && req.method === 'GET') {
      holding = false;
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'connection') as [string, string][]);
    try {
      const answer = await fetch(`${upstream}${req.url}`, {
        method: req.method!,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        redirect: 'manual',
      });
      const body = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== MOCK_HEADER && name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
          out[name] = value;
      });
      res.writeHead(answer.status, out).end(body);
    } catch {
      res.writeHead(502).end();
    }
    count++;
    for (const w of waiting.filter((w) => count >= w.n)) w.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    seen: (n) => new Promise((resolve) => (count >= n ? resolve() : waiting.push({ n, resolve }))),
    holdNextRead: () => {
      holding = true;
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function run(args: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await cli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), cwd, env: { MEDIAGEN_API_KEY: SANDBOX_API_KEY } });
  return { code, out, err };
}

describe('an evidence file with live verdicts', () => {
  let sandbox: RunningSandbox;
  let live: Awaited<ReturnType<typeof unmarked>>;
  let dir: string;
  let path: string;
  let before: string;
  const common = ['--max-examples', '1', '--only', 'auth_required', '--only', 'status_code_conformance', '--only', 'response_schema_conformance'];

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SANDBOX_API_KEY], credits: 100_000, delays: { pendingMs: 10, completeMs: 30 } });
    live = await unmarked(sandbox.url);
    dir = await mkdtemp(join(tmpdir(), 'evidence-true-'));
    path = join(dir, 'evidence.json');
    const first = await run(['--base-url', live.url, ...common, '--evidence', path], dir);
    expect(first.err).not.toContain('not merged');
    before = await readFile(path, 'utf8');
    const file = JSON.parse(before) as EvidenceFile;
    expect(Object.keys(file.assumptions).length).toBeGreaterThan(5);
    for (const entry of Object.values(file.assumptions)) expect(entry.runs.every((r) => r.apart === undefined)).toBe(true);
  }, 240_000);
  afterAll(async () => {
    await live?.stop();
    await sandbox?.stop();
  });

  it('a run against the mock (its marker header) leaves it as it was, and says so', async () => {
    const mock = await run(['--base-url', sandbox.url, ...common, '--evidence', path], dir);
    expect(mock.err).toContain(
      `media-conformance: evidence: a run against a mock: not merged into ${path} (--evidence-apart merges it, kept apart from live verdicts)`,
    );
    expect(await readFile(path, 'utf8')).toBe(before);
  }, 240_000);

  it('a run the suite starts itself (--target sandbox) leaves it as it was', async () => {
    const mock = await run(['--target', 'sandbox', ...common, '--evidence', path], dir);
    expect(mock.err).toContain('a run against a mock: not merged');
    expect(await readFile(path, 'utf8')).toBe(before);
  }, 240_000);

  it('a run stopped by its deadline leaves it as it was', async () => {
    live.holdNextRead();
    const stopped = await run(['--base-url', live.url, '--max-examples', '5', '--deadline', '1', '--evidence', path], dir);
    expect(stopped.code).toBe(2);
    expect(stopped.err).toContain('a run stopped before its end: not merged');
    expect(await readFile(path, 'utf8')).toBe(before);
  }, 240_000);

  it('a run stopped by Ctrl-C (a real process) leaves it as it was', async () => {
    const started = live.requests();
    live.holdNextRead();
    const stopped = await runSuite(['--base-url', live.url, '--max-examples', '5', '--evidence', path], {
      env: { MEDIAGEN_API_KEY: SANDBOX_API_KEY },
      interrupt: { signal: 'SIGINT', after: live.seen(started + 20) },
    });
    expect(stopped.killed).toBeUndefined();
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('a run stopped before its end: not merged');
    expect(await readFile(path, 'utf8')).toBe(before);
  }, 300_000);

  it('asked for (--evidence-apart), a mock run is kept apart: marked, and never the latest over a live verdict', async () => {
    const asked = await run(['--base-url', sandbox.url, ...common, '--evidence', path, '--evidence-apart'], dir);
    expect(asked.out).toContain(`evidence: ${path}`);
    const was = JSON.parse(before) as EvidenceFile;
    const now = JSON.parse(await readFile(path, 'utf8')) as EvidenceFile;
    let apart = 0;
    for (const [id, entry] of Object.entries(was.assumptions)) {
      const after = now.assumptions[id]!;
      // Every live verdict is as it was: the latest, and the counts of live runs.
      expect(after.latest, id).toEqual(entry.latest);
      expect([after.for, after.against], id).toEqual([entry.for, entry.against]);
      apart += after.runs.filter((r) => r.apart === 'mock').length;
    }
    expect(apart).toBeGreaterThan(5);
  }, 240_000);
});

describe('the order of verdicts', () => {
  const verdict = (date: string, verdict: 'confirmed' | 'refuted', origin = 'https://api.rendernet.ai', source: 'run' | 'har' | 'proxy' = 'run') => ({
    id: 'rule:missing_key_401',
    claim: 'c',
    run: { date, origin, source, version: 'unknown', verdict },
  });

  it('within one day: the newest instant wins, offsets compared as instants; at one instant, origin then source decide', () => {
    // 09:30Z is later than 10:00+02:00 (08:00Z), though its text sorts first.
    const byInstant = mergeEvidence(emptyEvidence(), [verdict('2026-11-20T09:30:00.000Z', 'refuted'), verdict('2026-11-20T10:00:00+02:00', 'confirmed')]);
    expect(byInstant.assumptions['rule:missing_key_401']!.latest.verdict).toBe('refuted');
    const tie = [verdict('2026-11-20T10:00:00.000Z', 'refuted', 'https://b.example'), verdict('2026-11-20T10:00:00.000Z', 'confirmed', 'https://a.example')];
    for (const order of [tie, [...tie].reverse()])
      expect(mergeEvidence(emptyEvidence(), order).assumptions['rule:missing_key_401']!.latest).toEqual({
        verdict: 'refuted',
        date: '2026-11-20',
        origin: 'https://b.example',
      });
    const sources = [
      verdict('2026-11-20T10:00:00.000Z', 'refuted', 'https://a.example', 'har'),
      verdict('2026-11-20T10:00:00.000Z', 'confirmed', 'https://a.example', 'run'),
    ];
    expect(mergeEvidence(emptyEvidence(), sources).assumptions['rule:missing_key_401']!.latest.verdict).toBe('confirmed');
  });
});
