// The upgrade report reads the client's own traffic at the client's date. An application on
// `createClient` that uses nothing a later date added sends shapes several dates share: guessed from
// its shapes alone, it would be read at the oldest of them. The client marks its User-Agent with its
// API date; the proxy's HAR keeps the mark, and usage and upgrade read the traffic at that date. A raw
// client told no date is still read by its shapes.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, createRawClient, type paths } from '@mediagen/client';
import { startSandbox } from '@mediagen/mock';
import { latestDate } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { startValidatingProxy } from '../../src/proxy/server.js';
import { upgradeReport } from '../../src/upgrade/run.js';
import { compareVersions } from '../../src/usage/index.js';

const KEY = 'sk-client-date-5521';

async function record(app: (baseUrl: string) => Promise<void>): Promise<string> {
  const har = join(await mkdtemp(join(tmpdir(), 'client-date-')), 'app.har');
  const sandbox = await startSandbox({ apiKeys: [KEY], fixtures: true });
  const proxy = await startValidatingProxy({ upstream: sandbox.url, insecureUpstream: true, har });
  try {
    await app(proxy.url);
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
  return har;
}

describe("the client's own traffic", () => {
  it('is read at the date createClient marks, not the oldest its shapes allow', async () => {
    const marked = await record(async (baseUrl) => {
      const client = createClient({ apiKey: KEY, baseUrl });
      await client.resources.models();
      await client.resources.voices();
    });
    const unmarked = await record(async (baseUrl) => {
      const api = createRawClient<paths>({ apiKey: KEY, baseUrl });
      await api.GET('/pub/v1/models');
      await api.GET('/pub/v1/voices');
    });
    const guessed = await upgradeReport({ fromHar: unmarked });
    // The same calls by shape alone: an older date (the guess the mark replaces).
    expect(compareVersions(guessed.from.version, latestDate)).toBeLessThan(0);
    const read = await upgradeReport({ fromHar: marked });
    expect(read.from).toMatchObject({ version: latestDate, how: 'traffic', mixed: false });
    expect(read.nothingToChange).toBe(true);
  }, 120_000);
});
