// The media-mock command, run as a real process (the built bin, as users run it): help, usage errors
// (one line, exit 2, no stack trace), and both modes started and stopped by a signal (exit 0).
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_LIMITS, SANDBOX_DEFAULTS } from '../../src/index.js';
import { start, waitFor } from '../cli-process.js';
import { call } from '../helpers.js';

// Each case is its own process; run them side by side.
describe.concurrent('usage', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = start(['--help']);
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toMatch(/^Usage: media-mock/);
    expect(run.stdout()).toContain('--stateful');
    expect(run.stdout()).toContain('Exit codes:');
    // The Prefer header, the new flags, and defaults read from the one place they are kept.
    for (const text of [
      'Prefer: code=404',
      'Prefer: example=<name>',
      'Prefer: dynamic=true',
      '--quiet',
      '--cors <origin>',
      '--cors-credentials',
      '--public-url',
      '--watch',
    ]) {
      expect(run.stdout()).toContain(text);
    }
    expect(run.stdout()).toContain(
      `--max-upload-total <n>  bytes of uploaded files held (default ${SANDBOX_DEFAULTS.budgets.uploadTotalBytes / 1024 / 1024}MiB)`,
    );
    expect(run.stdout()).toContain(`(default ${EDGE_LIMITS.bodyTimeoutMs}); 408 after`);
  });

  it.each([
    [['--bogus'], "media-mock: Unknown option '--bogus'"],
    [['--port', 'abc'], 'media-mock: --port must be a port number from 0 to 65535, got "abc"'],
    [['--seed', '3'], 'media-mock: --seed is a sandbox knob: add --stateful'],
    [['--stateful', '--dynamic'], 'media-mock: --dynamic is for Prism; the sandbox (--stateful) answers from its own state'],
    [['--stateful', '--failure-rate', '2'], 'media-mock: --failure-rate must be a share from 0 to 1, got "2"'],
    [['extra'], 'media-mock: Unexpected argument'],
    [['--max-upload-total', '1GB', '--stateful'], 'media-mock: --max-upload-total must be a size in bytes ≥ 1 (e.g. 1048576, 512KiB, 64MiB), got "1GB"'],
    [['--max-uploads', '5'], 'media-mock: --max-uploads is a sandbox knob: add --stateful'],
    [['--quiet', '--verbose'], 'media-mock: --quiet and --verbose cannot be given together'],
    [['--cors', 'evil'], 'media-mock: --cors must be a URL such as http://localhost:4010, got "evil"'],
  ])('%j exits 2 with a one-line message and the usage', async (args, message) => {
    const run = start(args);
    expect(await run.exit).toBe(2);
    const lines = run.stderr().split('\n');
    expect(lines[0]).toContain(message);
    expect(run.stderr()).toContain('Usage: media-mock');
    expect(run.stderr()).not.toMatch(/^\s+at /m);
  });
});

describe('serving', () => {
  let holder: Server;
  let takenPort: number;
  beforeAll(async () => {
    holder = createServer();
    takenPort = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)));
  });
  afterAll(() => new Promise((resolve) => holder.close(resolve)));

  it('--stateful serves the sandbox until SIGTERM, then exits 0', async () => {
    const run = start(['--stateful', '--api-key', 'cli-key', '--seed', '5', '--credits', '7']);
    const [, url] = await waitFor(run, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const estimate = await call(url!, 'post', '/pub/v1/generations/estimate', { key: 'cli-key', body: [{ model: 'Flux' }] });
    expect(estimate.body.data).toEqual({ estimated: 3, balance: 7 });
    expect((await call(url!, 'get', '/pub/v1/models')).status).toBe(401);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });

  it('a taken port exits 2 with one line naming it', async () => {
    const run = start(['--stateful', '--port', String(takenPort)]);
    expect(await run.exit).toBe(2);
    expect(run.stderr().trim()).toBe(
      `media-mock: port ${takenPort} on 127.0.0.1 is already in use; choose another with --port (or leave it out for a free one)`,
    );
  });

  it('Prism (the default) serves until SIGINT, then exits 0 and leaves no process behind', async () => {
    const run = start([]);
    const [, url] = await waitFor(run, /Prism \(newest document\) listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await call(url!, 'get', '/pub/v1/voices')).status).toBe(200);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    await expect(fetch(`${url}/pub/v1/voices`)).rejects.toThrow();
  });
});

describe.concurrent('the request log', () => {
  it.each([
    ['sandbox', ['--stateful', '--api-key', 'secret-key-123']],
    ['prism', []],
  ])('%s: one line per request by default (method, path, status, time), never the key; none with --quiet', async (_, args) => {
    const loud = start(args);
    const quiet = start([...args, '--quiet']);
    const [[, loudUrl], [, quietUrl]] = await Promise.all([waitFor(loud, /listening on (\S+)/), waitFor(quiet, /listening on (\S+)/)]);
    for (const url of [loudUrl!, quietUrl!]) {
      await call(url, 'get', '/pub/v1/models?page=2', { key: 'secret-key-123' });
      await call(url, 'get', '/pub/v1/nowhere', { key: 'secret-key-123' });
    }
    // The log line may follow the answer: waited for (a minute catches a hang), not assumed after a guess.
    const deadline = Date.now() + 60_000;
    while (!/nowhere/.test(loud.stdout()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = loud.stdout().split('\n').slice(1).filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/pub\/v1\/models → 200 \(\d+\.\d ms\)$/),
      expect.stringMatching(/^GET \/pub\/v1\/nowhere → 404 \(\d+\.\d ms\)$/),
    ]);
    expect(loud.stdout()).not.toContain('secret-key-123');
    expect(quiet.stdout().split('\n').filter(Boolean)).toHaveLength(1);
    loud.child.kill('SIGTERM');
    quiet.child.kill('SIGTERM');
    expect(await loud.exit).toBe(0);
    expect(await quiet.exit).toBe(0);
  });

  it('SIGHUP (a closed terminal) stops it like Ctrl-C: exit 0', async () => {
    const run = start(['--stateful', '--quiet']);
    await waitFor(run, /listening on/);
    run.child.kill('SIGHUP');
    expect(await run.exit).toBe(0);
  });
});
