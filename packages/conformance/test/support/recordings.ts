// Real recordings for the usage and upgrade tests: an application's calls, through the validating
// proxy (which writes its HAR) in front of a sandbox answering as one dated version of the API, on
// loopback. And the application itself: what a program written against each date sends and reads.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { BASELINE } from '@mediagen/schema';
import { startValidatingProxy } from '../../src/index.js';
import { compareVersions } from '../../src/usage/index.js';

/** Records `app`'s calls to a sandbox at `at` through the proxy; returns the HAR's path. */
export async function recordThroughProxy(at: string, key: string, app: (baseUrl: string) => Promise<void>, dir?: string): Promise<string> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'recording-')));
  const har = join(folder, `${at}.har`);
  const sandbox = await startSandbox({ apiKeys: [key], at, fixtures: true, delays: { pendingMs: 5, completeMs: 10 } });
  const proxy = await startValidatingProxy({ upstream: sandbox.url, insecureUpstream: true, har, at });
  try {
    await app(proxy.url);
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
  return har;
}

/** A prompt no usage file may ever hold (the tests look for it). */
export const SECRET_PROMPT = 'a lighthouse painted by Ottoline Quayle-Verbeek';

/**
 * An application written against the API of `at`, with plain fetch: it lists the catalogue, generates,
 * reads the generation, lists generations filtered by one of its media and reads that media item,
 * each in the shapes of its date; and uses what its date brought (Flux listings from 2024-11-08, Flux
 * control nets from 2024-12-04, video_anyone from 2025-03-06, a character's mode from 2025-05-07).
 */
export async function datedApp(baseUrl: string, key: string, at: string): Promise<void> {
  const since = (date: string) => compareVersions(at, date) >= 0;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the app reads its date's shapes as it pleases
    const json = (await res.json()) as { data: any };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  await call('GET', since('2024-11-08') ? '/pub/v1/models?type=flux' : '/pub/v1/models');
  if (since('2024-12-04')) await call('GET', '/pub/v1/controlnets?type=flux');
  const item: Record<string, unknown> = { prompt: { positive: SECRET_PROMPT }, model: 'JuggernautXL', aspect_ratio: '1:1', batch_size: 1, steps: 20 };
  if (since('2025-05-07')) item.character = { character_id: 'chr_system_ava', mode: 'balanced' };
  else if (since('2024-09-04')) item.character = { character_id: 'chr_system_ava', weight: 0.8 };
  if (since('2025-03-06')) await call('POST', '/pub/v1/generations/estimate', [{ video_anyone: { asset_id: 'ast_01', prompt: 'the sea moves' } }]);
  const generated = await call('POST', '/pub/v1/generations', [item]);
  const generation = await call('GET', `/pub/v1/generations/${generated.generation_id}`);
  const items = at === BASELINE ? generation.images : generation.media;
  const first = items[0].id as string;
  await call('GET', `/pub/v1/generations?${at === BASELINE ? 'image_id' : 'media_id'}=${first}&page=1&page_size=5`);
  await call('GET', `/pub/v1/generations/media/${first}`);
}
