// The upgrade report on recordings made by the validating proxy in front of the sandbox at each dated
// version of the API (`startSandbox({ at })`, what `media-mock --stateful --at DATE` runs), each of an
// application written against that date: the version each recording speaks, exactly the changes that
// touch its calls, and its calls replayed at the newest date. Then what the replay catches that a
// change list cannot: a call its date allowed and a later rule refuses.
import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { versionKeys } from '@mediagen/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UpgradeReport } from '../../src/upgrade/report.js';
import { upgradeReport } from '../../src/upgrade/run.js';
import { datedApp, recordThroughProxy } from '../support/recordings.js';

const KEY = 'sk-dated-upgrade-5521';
const lines = (report: UpgradeReport, action?: string) =>
  report.operations
    .flatMap((op) =>
      op.changes
        .filter((c) => !action || c.action === action)
        .map((c) => `${c.date} ${op.operationId} ${c.where} ${c.before ? `${c.before} → ` : ''}${c.after}`),
    )
    .sort();

/** What an application of each date is told to change (required) or should change (recommended), moving to the newest date. */
const EXPECTED: Record<string, { required: string[]; recommended: string[]; available: number }> = {
  baseline: {
    required: [
      '2024-09-04 generateMedia response 200 data.images → data.media',
      '2024-09-04 generateMedia response 200 data.images[].image_size → data.media[].dim',
      '2024-09-04 getGeneration response 200 data.images → data.media',
      '2024-09-04 getGeneration response 200 data.images[].size → data.media[].dim',
      '2024-09-04 getMedia response 200 data.size → data.dim',
      '2024-09-04 listGenerations query image_id → media_id',
      '2024-09-04 listGenerations response 200 data[].images → data[].media',
      '2024-09-04 listGenerations response 200 data[].images[].size → data[].media[].dim',
    ],
    recommended: [],
    available: 10,
  },
  '2024-09-04': { required: [], recommended: ['2025-05-07 generateMedia body [].character.weight → [].character.weight'], available: 6 },
  '2024-11-08': { required: [], recommended: ['2025-05-07 generateMedia body [].character.weight → [].character.weight'], available: 3 },
  '2024-12-04': { required: [], recommended: ['2025-05-07 generateMedia body [].character.weight → [].character.weight'], available: 2 },
  '2025-03-06': { required: [], recommended: ['2025-05-07 generateMedia body [].character.weight → [].character.weight'], available: 1 },
  '2025-05-07': { required: [], recommended: [], available: 0 },
};

describe('recordings by the proxy in front of the sandbox at each dated version', () => {
  const reports = new Map<string, UpgradeReport>();

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upgrade-dated-'));
    for (const at of versionKeys()) {
      const har = await recordThroughProxy(at, KEY, (url) => datedApp(url, KEY, at), dir);
      reports.set(at, await upgradeReport({ fromHar: har }));
    }
  });

  it.each(versionKeys())('an application of %s: its version, exactly the changes touching its calls, every upgraded call passing', (at) => {
    const report = reports.get(at)!;
    expect(report.from).toEqual({ version: at, how: 'traffic', mixed: false });
    expect(lines(report, 'required')).toEqual(EXPECTED[at]!.required);
    expect(lines(report, 'recommended')).toEqual(EXPECTED[at]!.recommended);
    expect(report.summary.available).toBe(EXPECTED[at]!.available);
    // Every change is dated after the version the application speaks.
    expect(report.operations.flatMap((o) => o.changes).every((c) => c.date > (at === 'baseline' ? '0' : at))).toBe(true);
    expect(report.replay!.failing).toBe(0);
    expect(report.replay!.passing).toBe(report.replay!.calls);
    expect(report.breaks).toBe(at === 'baseline');
    expect(report.nothingToChange).toBe(at === '2025-05-07');
  });

  it('names the code change of a rename: the raw client of the old date, the friendly method at the newest', async () => {
    const list = reports.get('baseline')!.operations.find((o) => o.operationId === 'listGenerations')!;
    const query = list.changes.find((c) => c.where === 'query')!;
    expect(query.todo).toBe('send `media_id` instead of `image_id`');
    expect(query.code!.before).toContain("api.GET('/pub/v1/generations', { params: { query: { image_id } } })");
    expect(query.code!.after).toContain('client.generations.list({ media_id })');
    const dim = list.changes.find((c) => c.after === 'data[].media[].dim')!;
    expect(dim.code!.before).toContain("(await api.GET('/pub/v1/generations')).data!.data[i].images[j].size");
    expect(dim.code!.after).toContain('(await client.generations.list())[i].media[j].dim');
    expect(dim).toMatchObject({ entry: 'Rename images to media and add narrator generations', instruction: '`Media.size` renamed to `dim`', calls: 1 });
  });

  it('to an intermediate date: only the entries up to it, judged against that date', async () => {
    const dir = reports.get('baseline')!.source.file;
    const report = await upgradeReport({ fromHar: dir, to: '2024-09-04' });
    expect(report.to).toBe('2024-09-04');
    expect(new Set(report.operations.flatMap((o) => o.changes.map((c) => c.date)))).toEqual(new Set(['2024-09-04']));
    expect(report.replay).toMatchObject({ failing: 0 });
  });
});

describe('a call its date allowed and a later rule refuses', () => {
  it('fails upgraded: the rule becomes a change to make, and the call is named with its curl', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upgrade-rule-'));
    const har = join(dir, 'flux.har');
    const answer = (data: unknown) => ({
      status: 200,
      headers: [{ name: 'content-type', value: 'application/json' }],
      content: { mimeType: 'application/json', text: JSON.stringify({ data, err: {} }) },
    });
    const item = { prompt: { positive: 'p' }, model: 'Flux', aspect_ratio: '1:1', control_net: { asset_id: 'ast_01', name: 'Canny', control_mode: 0 } };
    // A server of 2024-11-08 (before the Flux control-net rule) lists Flux models and serves a Flux generation with a control mode.
    writeFileSync(
      har,
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2024-11-20T10:00:00Z',
              time: 5,
              request: { method: 'GET', url: 'https://api.rendernet.ai/pub/v1/models?type=flux', headers: [{ name: 'X-API-KEY', value: KEY }] },
              response: answer([{ name: 'Flux', base_model: 'flux' }]),
            },
            {
              startedDateTime: '2024-11-20T10:00:01Z',
              time: 5,
              request: {
                method: 'POST',
                url: 'https://api.rendernet.ai/pub/v1/generations',
                headers: [{ name: 'X-API-KEY', value: KEY }],
                postData: { mimeType: 'application/json', text: JSON.stringify([item]) },
              },
              response: answer({
                generation_id: 'gen_1',
                credits_remaining: 9,
                media: [{ id: 'media_1', dim: { width: 1, height: 1 }, type: 'image', status: 'pending' }],
              }),
            },
          ],
        },
      }),
    );
    const report = await upgradeReport({ fromHar: har });
    expect(report.from.version).toBe('2024-11-08');

    expect(report.replay).toMatchObject({ calls: 2, passing: 1, failing: 1, alreadyFailing: 0 });
    const [failure] = report.replay!.failures;
    expect(failure).toMatchObject({ operationId: 'generateMedia', call: 2, request: 'POST /pub/v1/generations' });
    // The sources do not say a server must refuse it (its refusal is an assumption), but the client of the
    // newer date does, before sending: the call has to change.
    expect(failure!.violations[0]).toMatchObject({ check: 'negative_data_rejection', rule: 'flux_control_net_modes', source: 'assumption' });
    expect(failure!.violations[0]!.message).toContain('the client of 2025-05-07 refuses this request before sending it');
    expect(failure!.violations[0]!.curl).toContain("-H 'X-API-KEY: ***'");
    expect(JSON.stringify(report)).not.toContain(KEY);
    const rule = report.operations[0]!.changes.find((c) => c.kind === 'constrained')!;
    expect(rule).toMatchObject({ action: 'required', todo: 'requests are now held to rule `flux_control_net_modes`: 1 upgraded call(s) break it' });
    expect(report.breaks).toBe(true);
    // Judged at 2024-11-08 itself, nothing breaks.
    expect(await upgradeReport({ fromHar: har, to: '2024-11-08' })).toMatchObject({ breaks: false, replay: { failing: 0 } });
  });
});
