// `media-conformance proxy --usage FILE --consumer NAME` as a process in front of a sandbox: on Ctrl-C it
// merges what the traffic used into the consumer's usage file (a second session adds to it), the key
// never reaches the file, and a consumer name that is not one stops it before it listens (exit 2).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUsageFile } from '../../src/usage/index.js';
import { conformanceBin } from '../support/built.js';

const KEY = 'sk-live-proxy-usage-DO-NOT-KEEP-31';

/** One proxy session: start, send `paths`, Ctrl-C; its exit code and output. */
async function session(upstream: string, usage: string, paths: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [conformanceBin(), 'proxy', '--upstream', upstream, '--insecure-upstream', '--port', '0', '--usage', usage, '--consumer', 'mobile-app'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`exited early: ${out}`)));
  });
  for (const path of paths) await (await fetch(`${url}${path}`, { headers: { 'x-api-key': KEY } })).text();
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.kill('SIGINT');
  });
  return { code, out };
}

describe('the proxy keeps a consumer’s usage', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [KEY], at: '2024-09-04' });
    dir = await mkdtemp(join(tmpdir(), 'proxy-usage-'));
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('merges each session into the usage file when it stops', async () => {
    const file = join(dir, 'usage', 'mobile-app.json');
    const first = await session(sandbox.url, file, ['/pub/v1/models?page=1', '/pub/v1/generations?media_id=none']);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`usage of mobile-app: 2 exchanges merged into ${file} (2 in all)`);
    const second = await session(sandbox.url, file, ['/pub/v1/voices']);
    expect(second.out).toContain('(3 in all)');
    const usage = readUsageFile(file);
    expect(usage).toMatchObject({ consumer: 'mobile-app', exchanges: 3 });
    expect(Object.keys(usage.operations)).toEqual(['listGenerations', 'listModels', 'listVoices']);
    expect(usage.operations.listGenerations!.sent.query).toEqual({ media_id: 1 });
    expect(usage.operations.listGenerations!.version).toMatchObject({ lowest: '2024-09-04' });
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('none');
  });

  it('refuses a consumer name that is not one, before listening (exit 2)', () => {
    const run = spawnSync(
      process.execPath,
      [conformanceBin(), 'proxy', '--upstream', sandbox.url, '--insecure-upstream', '--usage', join(dir, 'x.json'), '--consumer', '../x'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^media-conformance: --consumer must name the consumer: a letter or digit, then letters, digits/);
  });
});
