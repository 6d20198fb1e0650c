// The gate's consumer blast radius from real usage: two consumers recorded through the validating
// proxy in front of the sandbox at 2024-09-04 — one written with @mediagen/client pinned to that date
// (it generates, lists generations and reads a media item), one that only reads the catalogue — each
// read into a usage file. The gate names the first, and not the second, for the images → media rename
// (from the baseline) and for an undeclared rename of Media.dim; a breaking change nobody touches says
// so; the command prints the consumers with --usage and is unchanged without it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRawClient } from '@mediagen/client';
import type { paths } from '@mediagen/client/versions/2024-09-04';
import { startValidatingProxy } from '@mediagen/conformance';
import { readUsageDir, usageAt, usageOfHar, writeUsageFile } from '@mediagen/conformance/usage';
import { startSandbox } from '@mediagen/mock';
import { ledger } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blastRadius, radiusSummary } from '../../scripts/api-check/consumers.mjs';
import { factsOf } from '../../scripts/api-check/facts.mjs';
import { checkAgainstBase } from '../../scripts/api-check/gate.mjs';
import { clone, type Doc } from './fixtures.js';

const KEY = 'sk-gate-usage-2291';
const root = join(import.meta.dirname, '..', '..');
const openapi = join(root, 'packages', 'schema', 'openapi');
const read = (file: string): Doc => JSON.parse(readFileSync(join(openapi, file), 'utf8'));
const newest = read('openapi.json');
const baseline = read('versions/baseline.json');

/** Records `app` at 2024-09-04 through the proxy and writes the consumer's usage file into `dir`. */
async function consumer(dir: string, name: string, app: (api: ReturnType<typeof createRawClient<paths>>) => Promise<void>): Promise<void> {
  const sandbox = await startSandbox({ apiKeys: [KEY], at: '2024-09-04' });
  const har = join(dir, `${name}.har`);
  const proxy = await startValidatingProxy({ upstream: sandbox.url, insecureUpstream: true, har });
  try {
    await app(createRawClient<paths>({ apiKey: KEY, baseUrl: proxy.url }));
  } finally {
    await proxy.stop();
    await sandbox.stop();
  }
  writeUsageFile(join(dir, 'usage', `${name}.json`), (await usageOfHar(har, name)).usage);
}

/** The newest document with Media.dim renamed dims (no ledger entry says so), and the LoRA listing gone. */
function nextDocument(): Doc {
  const doc = clone(newest);
  const media = doc.components.schemas.Media;
  media.properties = Object.fromEntries(Object.entries(media.properties).map(([k, v]) => [k === 'dim' ? 'dims' : k, v]));
  media.required = media.required.map((k: string) => (k === 'dim' ? 'dims' : k));
  delete doc.paths['/pub/v1/loras'];
  return doc;
}

describe('the gate names the consumers a breaking change would hit', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gate-usage-'));
    await consumer(dir, 'app-0904', async (api) => {
      const body = [{ prompt: { positive: 'a quiet harbour' }, model: 'JuggernautXL' }];
      const generated = (await api.POST('/pub/v1/generations', { body })).data!.data!;
      const media = generated.media[0]!;
      await api.GET('/pub/v1/generations', { params: { query: { media_id: media.id } } });
      await api.GET('/pub/v1/generations/media/{media_id}', { params: { path: { media_id: media.id } } });
    });
    await consumer(dir, 'catalogue-reader', async (api) => {
      await api.GET('/pub/v1/models');
      await api.GET('/pub/v1/voices');
    });
  }, 600_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const radius = (baseDoc: Doc, nextDoc: Doc, gateLedger = ledger) => {
    const gate = checkAgainstBase({ baseDoc, nextDoc, ledger: gateLedger, changesets: [] });
    const usages = readUsageDir(join(dir, 'usage')).map((u) => usageAt(u, gate.baseVersion));
    return { gate, list: blastRadius(gate.changes, usages, factsOf(baseDoc)), consumers: usages.length };
  };
  const hitsOf = (list: ReturnType<typeof blastRadius>, where: string) => list.find((r) => r.change.where === where)?.hits;

  it('for the images → media rename, the 2024-09-04 client and no one else', async () => {
    const { list } = radius(baseline, newest);
    expect(hitsOf(list, 'GET /pub/v1/generations 200 data[].images')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    expect(hitsOf(list, 'POST /pub/v1/generations 200 data.images')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    expect(hitsOf(list, 'GET /pub/v1/generations query parameter image_id')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    expect(hitsOf(list, 'GET /pub/v1/generations/media/{media_id} 200 data.size')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    // Every breaking change of that step is the 2024-09-04 client's at most.
    expect(list.flatMap((r) => r.hits.map((h) => h.consumer)).filter((c) => c !== 'app-0904')).toEqual([]);
  });

  it('for an undeclared rename of a response field, the consumers whose usage reads it, and no consumer that does not', async () => {
    const { gate, list, consumers } = radius(newest, nextDocument());
    expect(gate.failures).toContain('breaking: GET /pub/v1/generations 200 data[].media[].dim removed (no ledger entry after 2025-05-07)');
    expect(hitsOf(list, 'GET /pub/v1/generations 200 data[].media[].dim')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    expect(hitsOf(list, 'GET /pub/v1/generations/media/{media_id} 200 data.dim')).toEqual([{ consumer: 'app-0904', calls: 1 }]);
    // getGeneration returns Media too, but neither consumer read a generation.
    expect(hitsOf(list, 'GET /pub/v1/generations/{generation_id} 200 data.media[].dim')).toEqual([]);
    expect(hitsOf(list, 'GET /pub/v1/loras')).toEqual([]);
    const summary = radiusSummary(list, consumers);
    expect(summary[0]).toBe('[api:check] consumers: 2 usage file(s); what each breaking change would break');
    expect(summary).toContain('  GET /pub/v1/generations 200 data[].media[].dim (removed): 1 consumer, 1 call — app-0904 (1 call)');
    expect(summary).toContain("  GET /pub/v1/loras (removed): no consumer's traffic touches it");
    expect(summary.join('\n')).not.toContain('catalogue-reader');
  });

  it('a removed operation hits whoever calls it', async () => {
    const doc = clone(newest);
    delete doc.paths['/pub/v1/voices'];
    expect(hitsOf(radius(newest, doc).list, 'GET /pub/v1/voices')).toEqual([{ consumer: 'catalogue-reader', calls: 1 }]);
  });

  it('npm run api:check -- --usage DIR prints the consumers; without --usage the gate says what it said before', async () => {
    const run = (args: string[]) =>
      spawnSync(
        process.execPath,
        [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=@mediagen/source', 'scripts/api-check/cli.mjs', '--base', 'HEAD', ...args],
        {
          cwd: root,
          encoding: 'utf8',
          // Only a hang: a run took 20 s at a load of 25 here; three of them stay within the test's limit.
          timeout: 180_000,
        },
      );
    const withUsage = run(['--usage', join(dir, 'usage')]);
    expect(withUsage.stderr).toBe('');
    expect(withUsage.stdout).toContain('[api:check] consumers: 2 usage file(s); what each breaking change would break');
    const without = run([]);
    expect(without.status).toBe(withUsage.status);
    expect(without.stdout).not.toContain('consumers');
    const missing = run(['--usage', join(dir, 'nowhere')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`[api:check] usage folder ${join(dir, 'nowhere')}: cannot be read (ENOENT)\n`);
  }, 600_000);
});
