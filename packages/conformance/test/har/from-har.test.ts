// Judging recordings (`--from-har`): the suite's own recording of a full sandbox run gives the live
// run's verdicts for every check it can judge (and "not observed" for the rest); a hand-made recording
// of a broken server fails through the check meant for it; a corrupt or truncated recording exits 2
// with one line naming the file and the entry; a key in clear never reaches a report.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { operations } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, HarWriter, judgeHar, type Report, runConformance } from '../../src/index.js';
import { result } from '../support/helpers.js';
import { API, file, har } from './recordings.js';

const SECRET = 'sk-live-DO-NOT-LEAK-1b2c3d';

const outcomes = (report: Report) => new Map(report.operations.flatMap((o) => o.results.map((r) => [`${o.operationId} ${r.check}`, r] as const)));

describe('--from-har on the suite’s own recording of a full sandbox run', () => {
  let live: Report;
  let judged: Report;
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SECRET], credits: 100_000, delays: { pendingMs: 30, completeMs: 90 } });
    const path = join(await mkdtemp(join(tmpdir(), 'har-')), 'run.har');
    live = await runConformance({ baseUrl: sandbox.url, apiKey: SECRET, seed: 3, maxExamples: 10, recorders: [new HarWriter(path)] });
    judged = await judgeHar(path);
  });
  afterAll(() => sandbox.stop());

  it('gives the live run’s outcome in every cell it judges, and "not observed" in the others', () => {
    expect(live.ok).toBe(true);
    expect(judged.ok).toBe(true);
    const liveCells = outcomes(live);
    let same = 0;
    for (const [cell, r] of outcomes(judged)) {
      if (r.outcome === 'skipped') {
        // A cell the recording cannot judge says so; one it judges matches the live run.
        expect(r.reason, cell).toMatch(/not observed|about an assumption/);
        continue;
      }
      expect(r.outcome, cell).toBe(liveCells.get(cell)?.outcome);
      same++;
    }
    expect(same).toBeGreaterThan(120);
    expect(result(judged, operations.deleteMedia.operationId, 'use_after_free')?.outcome).toBe('passed');
    expect(result(judged, operations.listVoices.operationId, 'ignored_auth')?.outcome).toBe('passed');
    expect(result(judged, operations.generateMedia.operationId, 'credits_arithmetic')?.reason).toMatch(/not observed/);
  });

  it('confirms or refutes the assumptions the live run did, where it saw them', () => {
    const liveVerdicts = new Map(live.provenance.map((p) => [p.element, p.status]));
    for (const p of judged.provenance) if (p.status !== 'untested') expect(p.status, p.element).toBe(liveVerdicts.get(p.element));
    expect(judged.provenance.filter((p) => p.status === 'confirmed').length).toBeGreaterThan(50);
    expect(judged.fingerprint.version).toBe(live.fingerprint.version);
  });

  it('never holds the key', () => {
    expect(JSON.stringify(judged)).not.toContain(SECRET);
  });
});

describe('--from-har on hand-made recordings', () => {
  it('fails a server that serves without a key, through auth_required', async () => {
    const path = await file(har([{ method: 'GET', path: '/pub/v1/voices', status: 200, answer: { data: [], err: null } }]));
    const report = await judgeHar(path);
    expect(report.ok).toBe(false);
    const cell = result(report, operations.listVoices.operationId, 'auth_required');
    expect(cell?.outcome).toBe('failed');
    expect(cell?.failures[0]?.basis?.source).not.toBe('assumption');
  });

  it('fails a failure without the err envelope, through envelope_conformance', async () => {
    const path = await file(har([{ method: 'GET', path: '/pub/v1/generations/nope', key: SECRET, status: 404, answer: { message: 'not found' } }]));
    const report = await judgeHar(path);
    expect(result(report, operations.getGeneration.operationId, 'envelope_conformance')?.failures[0]?.basis?.rule).toBe('failure_has_err');
  });

  it('judges use after free where the recording holds the sequence', async () => {
    const media = { id: 'm1', status: 'success', url: 'https://cdn.example/m1.png', dim: { width: 512, height: 512 } };
    const path = await file(
      har([
        { method: 'DELETE', path: '/pub/v1/generations/media/m1', key: SECRET, status: 200, answer: { data: { id: 'm1' }, err: null } },
        { method: 'GET', path: '/pub/v1/generations/media/m1', key: SECRET, status: 200, answer: { data: media, err: null } },
      ]),
    );
    const report = await judgeHar(path);
    const cell = result(report, operations.deleteMedia.operationId, 'use_after_free');
    expect(cell?.outcome).toBe('failed');
    expect(cell?.failures.map((f) => f.basis?.rule)).toContain('deleted_media_gone');
  });

  it('judges a filter from the listing that used it (documented ?type=flux on styles)', async () => {
    const path = await file(
      har([
        {
          method: 'GET',
          path: '/pub/v1/styles?type=flux',
          key: SECRET,
          status: 200,
          answer: { data: [{ name: 'Anime', base_model: 'sdxl' }], err: null, pagination: { page: 1, page_size: 50, total: 1 } },
        },
      ]),
    );
    const report = await judgeHar(path);
    const cell = result(report, operations.listStyles.operationId, 'filter_conformance');
    expect(cell?.outcome).toBe('failed');
    expect(cell?.failures[0]?.basis?.rule).toBe('type_flux_filter');
  });

  it('follows a media item’s status: going back after a terminal status refutes the lifecycle assumption', async () => {
    const media = (status: string) => ({ id: 'm9', generation_id: 'g9', status, url: 'https://cdn.example/m9.png', dim: { width: 512, height: 512 } });
    const path = await file(
      har([
        { method: 'GET', path: '/pub/v1/generations/media/m9', key: SECRET, status: 200, answer: { data: media('success'), err: null } },
        { method: 'GET', path: '/pub/v1/generations/media/m9', key: SECRET, status: 200, answer: { data: media('pending'), err: null } },
      ]),
    );
    const report = await judgeHar(path);
    expect(report.provenance.find((p) => p.element === 'rule:lifecycle_order')?.status).toBe('refuted');
    expect(result(report, operations.generateMedia.operationId, 'lifecycle_terminal')?.reason).toMatch(/not observed/);
  });

  it('ignores entries for other hosts, and never reports a key sent in clear', async () => {
    const path = await file(
      har([
        { method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: { data: [], err: null } },
        {
          method: 'GET',
          path: `/pub/v1/voices?k=${SECRET}`,
          key: SECRET,
          origin: 'https://elsewhere.example',
          status: 500,
          answer: 'boom',
          contentType: 'text/plain',
        },
      ]),
    );
    const lines: string[] = [];
    const code = await cli(['--from-har', path, '--no-color', '--reporter', 'console', '--reporter', `json=${path}.json`], {
      stdout: (t) => lines.push(t),
      stderr: (t) => lines.push(t),
      cwd: tmpdir(),
      env: {},
    });
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(`${path}.json`, 'utf8')) as Report;
    expect(report.requests).toBe(1);
    expect(report.notes.join(' ')).toMatch(/2 entries, 1 for the API at https:\/\/api\.rendernet\.ai, 1 for other hosts/);
    expect(lines.join('') + JSON.stringify(report)).not.toContain(SECRET);
  });
});

describe('--from-har --evidence', () => {
  it('merges the recording’s verdicts on assumptions into the evidence file, as source har', async () => {
    const path = await file(
      har([
        { method: 'GET', path: '/pub/v1/voices', status: 403, answer: { data: null, err: { code: 'forbidden', message: 'no key' } } },
        { method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: { data: [], err: null } },
      ]),
    );
    const evidence = `${path}.evidence.json`;
    const code = await cli(['--from-har', path, '--evidence', evidence, '--reporter', `json=${path}.json`], {
      stdout: () => undefined,
      stderr: () => undefined,
      cwd: tmpdir(),
      env: {},
    });
    expect(code).toBe(0);
    const text = await readFile(evidence, 'utf8');
    const written = JSON.parse(text);
    expect(written.assumptions['rule:missing_key_401']).toMatchObject({ against: 1, latest: { verdict: 'refuted', origin: API, date: '2026-11-20' } });
    // The run is dated by the recording (its last exchange), not by when it was judged.
    expect(written.assumptions['rule:missing_key_401'].runs[0]).toMatchObject({
      date: '2026-11-20T10:00:01.005Z',
      source: 'har',
      exchange: { status: 403, method: 'GET' },
    });
    // Judging the same recording again is the same run: the file does not change.
    await cli(['--from-har', path, '--evidence', evidence], { stdout: () => undefined, stderr: () => undefined, cwd: tmpdir(), env: {} });
    expect(await readFile(evidence, 'utf8')).toBe(text);
  });
});

describe('--from-har on a broken recording', () => {
  const run = async (text: string) => {
    const path = await file(text);
    const err: string[] = [];
    const code = await cli(['--from-har', path], { stdout: () => undefined, stderr: (t) => err.push(t), cwd: tmpdir(), env: {} });
    return { code, err: err.join(''), path };
  };

  it('exits 2 with one line for a truncated recording', async () => {
    const whole = har([{ method: 'GET', path: '/pub/v1/voices', key: SECRET, status: 200, answer: { data: [], err: null } }]);
    const { code, err, path } = await run(whole.slice(0, whole.length / 2));
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain(path);
    expect(err).toMatch(/not a HAR file: the JSON is broken or cut short/);
    expect(err).not.toMatch(/\bat .+:\d+:\d+/);
    expect(err).not.toContain(SECRET);
  });

  it('exits 2 naming the entry that is malformed', async () => {
    const parsed = JSON.parse(
      har([
        { method: 'GET', path: '/pub/v1/voices', status: 200, answer: {} },
        { method: 'GET', path: '/pub/v1/models', status: 200, answer: {} },
      ]),
    );
    delete parsed.log.entries[1].request.url;
    const { code, err } = await run(JSON.stringify(parsed));
    expect(code).toBe(2);
    expect(err).toMatch(/log\.entries\[1\]\.request\.url: expected a string, got nothing/);
  });

  it('exits 2 for a file that is not HAR', async () => {
    const { code, err } = await run('{"hello": 1}');
    expect(code).toBe(2);
    expect(err).toMatch(/not a HAR file: log\.entries is missing/);
  });
});
