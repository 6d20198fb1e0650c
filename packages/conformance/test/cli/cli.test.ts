// The command line: arguments, exit codes (0 pass, 1 fail, 2 could not run) and no stack traces for
// user mistakes. Most runs are in-process; one spawns the real bin.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';
import { cli } from '../../src/index.js';
import { conformanceBin } from '../support/built.js';

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await cli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env, cwd: process.cwd() });
  return { code, stdout, stderr };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('media-conformance arguments', () => {
  it('prints help with every option and check id', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const option of ['--base-url', '--api-key', '--mode', '--max-credits', '--seed', '--only', '--skip', '--reporter', '--target', '--max-examples'])
      expect(stdout).toContain(option);
    expect(stdout).toContain('use_after_free');
    expect(stdout).toContain('Exit codes: 0');
  });

  it('parses repeatable and comma-separated lists, numbers and reporters', () => {
    const parsed = parseCli(
      [
        '--only',
        'auth_required,ignored_auth',
        '--only',
        'renamed_fields',
        '--skip',
        'use_after_free',
        '--seed',
        '9',
        '--max-examples',
        '0',
        '--reporter',
        'json=out/r.json',
        '--target',
        'sandbox',
      ],
      {},
      process.cwd(),
    );
    expect(parsed).toMatchObject({
      help: false,
      options: { only: ['auth_required', 'ignored_auth', 'renamed_fields'], skip: ['use_after_free'], seed: 9, maxExamples: 0, target: 'sandbox' },
      reporters: [{ kind: 'json', path: 'out/r.json' }],
    });
    expect(parseCli(['--base-url', 'http://127.0.0.1:1'], { MEDIAGEN_API_KEY: 'k' }, process.cwd())).toMatchObject({ options: { apiKey: 'k' } });
    expect(parseCli(['--strict', '--reporter', 'har=run.har', '--stateless'], {}, process.cwd())).toMatchObject({
      options: { strict: true, stateful: false },
      reporters: [{ kind: 'har', path: 'run.har' }],
    });
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--mode', 'sometimes'], /--mode must be read-only or full/],
    [['--seed=-1'], /--seed must be a whole number/],
    [['--max-examples', 'many'], /--max-examples must be a whole number/],
    [['--reporter', 'pdf'], /--reporter must be console, junit=PATH, json=PATH, html=PATH or har=PATH/],
    [['--target', 'live'], /--target must be prism or sandbox/],
    [['--only', 'made_up_check', '--target', 'sandbox'], /unknown check id: made_up_check/],
    [['--base-url', 'not a url', '--api-key', 'k'], /is not a URL/],
    [['--base-url', 'https://api.example.invalid'], /an API key is needed/],
    [['--base-url', 'https://api.example.invalid', '--api-key', 'k', '--mode', 'full'], /needs --max-credits/],
    [['--target', 'prism', '--base-url', 'http://127.0.0.1:1'], /either --base-url or --target/],
  ])('exits 2 without a stack trace for %j', async (args, message) => {
    const { code, stderr, stdout } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('exits 2 when the server cannot be reached', async () => {
    const port = await closedPort();
    const { code, stderr } = await run(['--base-url', `http://127.0.0.1:${port}`, '--api-key', 'k']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it('exits 2 when the key is refused, without printing it', async () => {
    const sandbox = await startSandbox();
    try {
      const { code, stderr } = await run(['--base-url', sandbox.url, '--api-key', 'wrong-secret-key']);
      expect(code).toBe(2);
      expect(stderr).toMatch(/refused the API key/);
      expect(stderr).not.toContain('wrong-secret-key');
    } finally {
      await sandbox.stop();
    }
  });

  it('exits 0 against the sandbox it starts and 1 against a broken server', async () => {
    const ok = await run(['--target', 'sandbox', '--max-examples', '4', '--operation', 'listModels,getMedia,deleteMedia']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^ok {3}GET \/pub\/v1\/models/m);
    expect(ok.stdout).toContain('Version fingerprint');
    expect(ok.stdout).toMatch(/PASSED: \d+ passed, 0 failed/);

    const sandbox = await startSandbox();
    const { startProxy, brokenTargets } = await import('../../src/selftest/index.js');
    const broken = brokenTargets.find((t) => t.id === 'teapot-on-valid-request')!;
    const proxy = await startProxy(sandbox.url, broken.rewrite, 'sandbox-key');
    try {
      const failed = await run([
        '--base-url',
        proxy.url,
        '--api-key',
        'sandbox-key',
        '--max-examples',
        '0',
        '--operation',
        'listVoices',
        '--only',
        'positive_data_acceptance',
      ]);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('listVoices › positive_data_acceptance');
      expect(failed.stdout).toContain('valid request not served: 418 (teapot: short and stout)');
      // Every failure names its rule and where the source says it.
      expect(failed.stdout).toMatch(/rule valid_request_served \(interface, interface § /);
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});

describe('the bin', () => {
  it('runs as a process: --help exits 0, a bad argument exits 2 without a stack', () => {
    const bin = conformanceBin();
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: media-conformance');
    const bad = spawnSync(process.execPath, [bin, '--max-credits', 'lots'], { encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('media-conformance: --max-credits must be a number ≥ 0, got "lots"');
  });
});
