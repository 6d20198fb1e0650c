// The upgrade report on an application written with @mediagen/client: one pinned to 2024-09-04 (the raw
// client typed by that date's paths, as the client's README says to speak an older date) against the real
// `media-mock --stateful --at 2024-09-04`, and one written at the newest date (the friendly methods)
// against `media-mock --stateful`; both recorded by the validating proxy. The first gets exactly the
// ledger changes that touch its calls, and every upgraded call passes; the second has nothing to change.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, createRawClient } from '@mediagen/client';
import type { paths as Paths20240904 } from '@mediagen/client/versions/2024-09-04';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startValidatingProxy } from '../../src/index.js';
import type { UpgradeReport } from '../../src/upgrade/report.js';
import { upgradeReport } from '../../src/upgrade/run.js';
import { mockBin } from '../support/built.js';

const KEY = 'sk-client-upgrade-7731';
const children: ChildProcess[] = [];

/** `media-mock --stateful [--at DATE]` as a process; resolves to the URL it prints. */
async function mediaMock(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [mockBin(), '--stateful', '--quiet', '--api-key', KEY, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`media-mock exited ${code}: ${out}`)));
  });
}

/** Records what `app` does through the validating proxy in front of `upstream`. */
async function record(upstream: string, har: string, app: (baseUrl: string) => Promise<void>): Promise<void> {
  const proxy = await startValidatingProxy({ upstream, insecureUpstream: true, har });
  try {
    await app(proxy.url);
  } finally {
    await proxy.stop();
  }
}

/** An application written against 2024-09-04 with @mediagen/client: the raw client typed by that date. */
async function app20240904(baseUrl: string): Promise<void> {
  const api = createRawClient<Paths20240904>({ apiKey: KEY, baseUrl });
  await api.GET('/pub/v1/models');
  const body = [
    {
      prompt: { positive: 'a quiet harbour at dawn' },
      model: 'JuggernautXL',
      aspect_ratio: '1:1' as const,
      character: { character_id: 'chr_system_ava', weight: 0.8 },
    },
  ];
  const generated = (await api.POST('/pub/v1/generations', { body })).data!.data!;
  const generation = (await api.GET('/pub/v1/generations/{generation_id}', { params: { path: { generation_id: generated.generation_id } } })).data!.data!;
  const media = generation.media[0]!;
  await api.GET('/pub/v1/generations', { params: { query: { media_id: media.id } } });
  await api.GET('/pub/v1/generations/media/{media_id}', { params: { path: { media_id: media.id } } });
}

/** The same application written at the newest date: the friendly methods, and a character's mode. */
async function appNewest(baseUrl: string): Promise<void> {
  const client = createClient({ apiKey: KEY, baseUrl });
  await client.resources.models({ type: 'flux' });
  const generated = await client.generations.create({
    prompt: 'a quiet harbour at dawn',
    model: 'JuggernautXL',
    aspect_ratio: '1:1',
    character: { character_id: 'chr_system_ava', mode: 'balanced' },
  });
  const generation = await client.generations.get(generated.generation_id);
  await client.generations.list({ media_id: generation.media[0]!.id });
  await client.media.get(generation.media[0]!.id);
}

const summary = (report: UpgradeReport) =>
  report.operations.flatMap((op) => op.changes.map((c) => `${c.action} ${c.date} ${op.operationId} ${c.where} ${c.before ? `${c.before} → ` : ''}${c.after}`));

describe('an application written with @mediagen/client', () => {
  let dir: string;
  let pinned: string;
  let newest: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upgrade-client-'));
    pinned = join(dir, 'pinned.har');
    newest = join(dir, 'newest.har');
    await record(await mediaMock(['--at', '2024-09-04']), pinned, app20240904);
    await record(await mediaMock([]), newest, appNewest);
  });
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  it('pinned to 2024-09-04: exactly the ledger changes that touch its calls, and every upgraded call passes', async () => {
    const report = await upgradeReport({ fromHar: pinned });
    expect(report.from).toEqual({ version: '2024-09-04', how: 'traffic', mixed: false });
    expect(report.to).toBe('2025-05-07');
    expect(summary(report).sort()).toEqual(
      [
        'none 2024-11-08 generateMedia body [].style_detail',
        'none 2024-11-08 generateMedia response 200 data.media[].style_detail',
        'none 2024-11-08 listModels query type',
        'none 2024-12-04 generateMedia body []',
        'none 2025-03-06 generateMedia body [].video_anyone',
        'none 2025-05-07 generateMedia body [].character.mode',
        'recommended 2025-05-07 generateMedia body [].character.weight → [].character.weight',
      ].sort(),
    );
    const weight = report.operations.flatMap((o) => o.changes).find((c) => c.action === 'recommended')!;
    expect(weight).toMatchObject({ entry: 'Add mode to character generations', instruction: '`CharacterSettings.weight` deprecated in favour of `mode`' });
    expect(weight.code!.before).toContain("api.POST('/pub/v1/generations', { body: [{ character: { weight } }] })");
    expect(weight.code!.before).toContain('@mediagen/client/versions/2024-09-04');
    expect(weight.code!.after).toContain('client.generations.create([{ character: { mode } }])');
    expect(report.replay).toMatchObject({ calls: 5, passing: 5, failing: 0, alreadyFailing: 0 });
    expect(report).toMatchObject({ breaks: false, nothingToChange: false, summary: { required: 0, recommended: 1, available: 6, failingCalls: 0 } });
    let out = '';
    const code = await cli(['upgrade', '--from-har', pinned, '--no-color'], { stdout: (t) => void (out += t), stderr: () => undefined, env: {}, cwd: dir });
    expect(code, out).toBe(0);
    expect(out).toContain('Upgrade of the application from 2024-09-04 (as its traffic tells) to 2025-05-07');
    expect(out).toContain('Upgraded calls, judged against the contract of 2025-05-07: 5 judged, 5 pass, 0 fail');
  });

  it('at the newest date: nothing to change', async () => {
    const report = await upgradeReport({ fromHar: newest });
    expect(report.from.version).toBe('2025-05-07');
    expect(summary(report)).toEqual([]);
    expect(report.operations.map((o) => o.operationId).sort()).toEqual(['generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'listModels']);
    expect(report).toMatchObject({ nothingToChange: true, breaks: false, replay: { calls: 5, passing: 5, failing: 0 } });
    let out = '';
    expect(await cli(['upgrade', '--from-har', newest, '--no-color'], { stdout: (t) => void (out += t), stderr: () => undefined, env: {}, cwd: dir })).toBe(0);
    expect(out).toContain('Nothing to change: no call it makes breaks at 2025-05-07');
  });
});
