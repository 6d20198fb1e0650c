// `media-conformance proxy` as a process: it says where it listens, prints one line per failed
// obligation (curl with the key masked), and on Ctrl-C the summary, exiting 1 when an obligation
// failed; a non-https upstream is refused in one line with exit code 2.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@mediagen/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenTargets, startProxy } from '../../src/selftest/index.js';
import { conformanceBin } from '../support/built.js';

const SECRET = 'sk-live-DO-NOT-LEAK-proxy-cli-77';

describe('media-conformance proxy', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let broken: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    sandbox = await startSandbox({ apiKeys: [SECRET] });
    broken = await startProxy(sandbox.url, brokenTargets.find((t) => t.id === 'missing-err-on-failure')!.rewrite, SECRET);
  });
  afterAll(async () => {
    await broken?.stop();
    await sandbox?.stop();
  });

  it('prints violations as exchanges end, and the summary on Ctrl-C (exit 1)', async () => {
    const har = join(await mkdtemp(join(tmpdir(), 'proxy-cli-')), 'traffic.har');
    const evidence = `${har}.evidence.json`;
    const child = spawn(
      process.execPath,
      // The upstream is the suite's sandbox (it sends the mock's marker header): its evidence is merged only when asked, kept apart.
      [
        conformanceBin(),
        'proxy',
        '--upstream',
        broken.url,
        '--insecure-upstream',
        '--port',
        '0',
        '--har',
        har,
        '--evidence',
        evidence,
        '--evidence-apart',
        '--no-color',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const match = /validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`exited early: ${err}`)));
    });
    // A failure without the err envelope (the broken server), and a served request.
    await (await fetch(`${url}/pub/v1/generations/nope`, { headers: { 'x-api-key': SECRET } })).text();
    await (await fetch(`${url}/pub/v1/voices`, { headers: { 'x-api-key': SECRET } })).text();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(1);
    expect(out).toMatch(/✗ getGeneration › envelope_conformance · failure_has_err \((interface|live-docs)\)/);
    // One line per violation: operation, check, rule, basis, what was wrong, the curl (key masked).
    expect(out).toMatch(
      /^✗ getGeneration › envelope_conformance · failure_has_err \(\S+\): .+ · curl -X GET '.*\/pub\/v1\/generations\/nope' -H 'X-API-KEY: \*\*\*'$/m,
    );
    expect(out).toContain('envelope_conformance');
    expect(out + err).not.toContain(SECRET);
    const recorded = await readFile(har, 'utf8');
    expect(JSON.parse(recorded).log.entries).toHaveLength(2);
    expect(recorded).not.toContain(SECRET);
    const kept = JSON.parse(await readFile(evidence, 'utf8'));
    expect(kept.format).toBe('mediagen-evidence/1');
    for (const entry of Object.values(kept.assumptions) as { runs: { apart?: string }[] }[]) expect(entry.runs.every((r) => r.apart === 'mock')).toBe(true);
    // Every file written is announced; the skips are counted by reason, one line each.
    expect(out).toContain(`har report: ${har}`);
    const skipped = out.slice(out.indexOf('Skipped (operation × check, by reason)')).split('\n\n')[0]!.split('\n').slice(1);
    expect(skipped.length).toBeGreaterThan(0);
    expect(new Set(skipped.map((line) => line.replace(/^\s*\d+\s+/, '').replace(/ \([^)]*\)$/, ''))).size).toBe(skipped.length);
  });

  it('refuses an upstream that is not https in one line (exit 2)', () => {
    const run = spawnSync(process.execPath, [conformanceBin(), 'proxy', '--upstream', 'http://api.example'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/not https: the API key would travel in clear \(give --insecure-upstream/);
  });
});
