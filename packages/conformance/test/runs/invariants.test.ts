// Live safety as invariants, each with a test on loopback: the key stays on its origin, the credit cap
// is hard, cleanup always runs (stateless targets, a signal to the real CLI process), one bad exchange
// fails only itself, the key is masked as a value, loopback is decided on addresses, a media-mock is
// recognised, and the HAR record holds every exchange without the key.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock, startSandbox } from '@mediagen/mock';
import { describe, expect, it } from 'vitest';
import { cli, runConformance } from '../../src/index.js';
import { brokenTargets } from '../../src/selftest/index.js';
import { jsonReply, type ProxyResponse } from '../../src/selftest/proxy.js';
import { conformanceBin } from '../support/built.js';
import { failures, recordingProxy, result } from '../support/helpers.js';

/** A server on another loopback origin that records what reaches it. */
async function otherOrigin() {
  const seen: { url: string; key: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[],"err":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the key stays on its origin', () => {
  it('does not follow a redirect to another origin: the exchange fails and the other origin sees nothing', async () => {
    const sandbox = await startSandbox({ apiKeys: ['origin-key'] });
    const other = await otherOrigin();
    const proxy = await recordingProxy(sandbox.url, 'origin-key', {
      request: (request) =>
        request.operationId === 'listVoices' || request.operationId === 'deleteGeneration'
          ? { status: 307, headers: { location: `${other.url}${request.path}`, 'content-type': 'application/json' }, body: '{}' }
          : request,
    });
    try {
      const report = await runConformance({
        baseUrl: proxy.url,
        apiKey: 'origin-key',
        maxExamples: 0,
        operations: ['listVoices', 'deleteGeneration', 'listModels'],
      });
      expect(other.seen).toEqual([]);
      // Answering elsewhere refutes an assumption (no source says the service never redirects); the key never went along.
      const verdict = report.provenance.find((p) => p.element === 'rule:answers_at_its_origin');
      expect(verdict?.status).toBe('refuted');
      expect(verdict?.evidence).toMatch(/redirect 307 to another origin .* not followed/);
      expect(report.stopped).toBeUndefined();
      expect(JSON.stringify(report)).not.toContain('origin-key');
    } finally {
      await proxy.stop();
      await other.stop();
      await sandbox.stop();
    }
  });
});

describe('the credit cap is hard', () => {
  it('an accept-everything spender charges at most --max-credits 1, and the report says what was spent', async () => {
    const sandbox = await startSandbox({ apiKeys: ['spend-key'], credits: 10_000 });
    const spender = brokenTargets.find((t) => t.id === 'accept-everything-spender')!;
    const proxy = await recordingProxy(sandbox.url, 'spend-key', spender.rewrite);
    try {
      const before = sandbox.state.credits;
      const report = await runConformance({ baseUrl: proxy.url, apiKey: 'spend-key', mode: 'full', maxCredits: 1, maxExamples: 10 });
      const charged = before - sandbox.state.credits;
      console.log(`accept-everything spender under --max-credits 1: charged ${charged}, report says ${report.budget.spent}`);
      expect(charged).toBeLessThanOrEqual(1);
      expect(report.budget.spent).toBe(charged);
      // Nothing that can spend went out unpriced: every generate request follows an estimate of its body.
      proxy.seen.forEach((r, i) => {
        if (r.operationId !== 'generateMedia') return;
        expect(
          proxy.seen
            .slice(0, i)
            .reverse()
            .find((p) => p.operationId === 'estimateGeneration')?.body,
        ).toBe(r.body);
      });
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});

describe('cleanup always runs', () => {
  it('on a target treated as stateless (--stateless)', async () => {
    const sandbox = await startSandbox({ apiKeys: ['clean-key'] });
    try {
      const report = await runConformance({ baseUrl: sandbox.url, apiKey: 'clean-key', stateful: false, maxExamples: 4 });
      expect(report.cleanup.created).toBeGreaterThan(0);
      // Nothing the run made is left (the document's example generation gen_01 may be the delete examples' target).
      expect([...sandbox.state.generations.keys()].filter((id) => id !== 'gen_01')).toEqual([]);
      // Characters cannot be deleted through the API: they are listed, not forgotten.
      expect(report.cleanup.leftover.every((l) => l.startsWith('character'))).toBe(true);
    } finally {
      await sandbox.stop();
    }
  });

  it('when the real CLI process gets SIGINT: it cleans up, writes its reports and exits 130', async () => {
    const sandbox = await startSandbox({ apiKeys: ['signal-key'], delays: { pendingMs: 10, completeMs: 30 } });
    const dir = await mkdtemp(join(tmpdir(), 'conformance-signal-'));
    const bin = conformanceBin();
    let child: ChildProcess | undefined;
    try {
      const generationsBefore = sandbox.state.generations.size;
      child = spawn(
        process.execPath,
        [
          bin,
          '--base-url',
          sandbox.url,
          '--api-key',
          'signal-key',
          '--max-examples',
          '50',
          '--reporter',
          'console',
          '--reporter',
          `json=${join(dir, 'report.json')}`,
          '--reporter',
          `junit=${join(dir, 'report.xml')}`,
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
      // Signal once the run has created things: after the first operation line.
      await new Promise<void>((resolve) => {
        child!.stdout!.on('data', (chunk) => {
          stdout += chunk;
          if (/^(ok|FAIL) /m.test(stdout)) resolve();
        });
      });
      expect(sandbox.state.generations.size).toBeGreaterThan(generationsBefore);
      child.kill('SIGINT');
      const code = await exited;
      expect(code, stderr).toBe(130);
      expect(stderr).toMatch(/SIGINT: stopping, cleaning up/);
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
      expect(report.interrupted).toBe('SIGINT');
      expect(report.ok).toBe(false);
      expect(await readFile(join(dir, 'report.xml'), 'utf8')).toMatch(/^<\?xml/);
      expect(sandbox.state.generations.size).toBe(generationsBefore);
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await sandbox.stop();
    }
  }, 600_000);
});

describe('one bad exchange fails only itself', () => {
  it.each([
    ['reset', 'the connection is reset mid-body'],
    ['stall', 'the body never ends'],
    ['garbage', 'the body is not JSON'],
  ] as const)('%s: %s', async (kind, _what) => {
    const sandbox = await startSandbox({ apiKeys: ['bad-key'] });
    // A raw server in front of the sandbox, so a response can be cut or stalled half-way: the first
    // exchange of the voices goes bad, the others are served (a stalled one holds its request for the
    // whole time limit: one of them shows it, a dozen only made the run a minute longer).
    let bad = 0;
    const server = createServer(async (req, res) => {
      if (req.url?.startsWith('/pub/v1/voices') && bad++ === 0) {
        if (kind === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"data": [ garbage');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"data": [');
        if (kind === 'reset') setTimeout(() => res.socket?.destroy(), 20);
        return; // stall: never ends
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      const upstream = await fetch(`${sandbox.url}${req.url}`, { method: req.method!, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      const body = await upstream.text();
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const report = await runConformance({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'bad-key',
        maxExamples: 0,
        // Ends the stalled answers; far above what any other answer takes on a loaded machine (at 1 s the
        // probe and the other operations' answers were cut too, and failed as if they were the bad ones).
        budgets: { timeoutMs: 5_000 },
        operations: ['listVoices', 'listModels', 'getGeneration'],
      });
      const failed = failures(report);
      expect(bad).toBeGreaterThan(1);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((f) => f.startsWith('listVoices'))).toBe(true);
      expect(result(report, 'listModels', 'content_type_conformance')?.outcome).toBe('passed');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.stop();
    }
  });
});

describe('the key is masked as a value', () => {
  it('a one-character key leaves every report parseable and every word whole', async () => {
    const sandbox = await startSandbox({ apiKeys: ['k'] });
    const dir = await mkdtemp(join(tmpdir(), 'conformance-mask-'));
    const echo = await recordingProxy(sandbox.url, 'k', {
      // The server echoes the key back in its failures.
      response: (request, response): ProxyResponse =>
        response.status >= 400 ? jsonReply(response.status, { err: { code: 'bad', message: `key ${request.headers['x-api-key'] ?? ''} said no` } }) : response,
    });
    try {
      let stdout = '';
      const code = await cli(
        [
          '--base-url',
          echo.url,
          '--api-key',
          'k',
          '--max-examples',
          '2',
          '--operation',
          'listModels,getMedia',
          '--reporter',
          'console',
          '--reporter',
          `json=${join(dir, 'r.json')}`,
          '--reporter',
          `junit=${join(dir, 'r.xml')}`,
          '--reporter',
          `har=${join(dir, 'r.har')}`,
        ],
        {
          stdout: (t) => void (stdout += t),
          stderr: () => {},
          env: {},
        },
      );
      expect(code).toBeLessThan(2);
      const json = await readFile(join(dir, 'r.json'), 'utf8');
      const report = JSON.parse(json);
      expect(report.operations[0].results.some((r: { outcome: string }) => r.outcome === 'skipped' || r.outcome === 'passed')).toBe(true);
      const xml = await readFile(join(dir, 'r.xml'), 'utf8');
      expect(xml).not.toContain('s***');
      expect(xml.match(/<testcase /g)?.length).toBeGreaterThan(0);
      // Every opened element closes: the XML stays well formed.
      expect(xml.match(/<testsuite /g)?.length).toBe(xml.match(/<\/testsuite>/g)?.length);
      expect(stdout).toContain('skipped');
      expect(stdout).not.toContain('s***ipped');
      const har = JSON.parse(await readFile(join(dir, 'r.har'), 'utf8'));
      expect(har.log.version).toBe('1.2');
      expect(har.log.entries.length).toBeGreaterThan(5);
      // The echoed key is masked inside the recorded bodies, and the header is always ***.
      const bodies = har.log.entries.map((e: { response: { content: { text: string } } }) => e.response.content.text).join('\n');
      expect(bodies).toContain('key *** said no');
      expect(bodies).not.toMatch(/key k said/);
      for (const entry of har.log.entries) {
        for (const header of entry.request.headers) if (header.name === 'x-api-key') expect(header.value).toBe('***');
      }
    } finally {
      await echo.stop();
      await sandbox.stop();
    }
  });
});

describe('the target', () => {
  it('is live or loopback by its resolved addresses; full mode on a name needs --mode full', async () => {
    const sandbox = await startSandbox({ apiKeys: ['name-key'] });
    try {
      const byName = sandbox.url.replace('127.0.0.1', 'localhost');
      const report = await runConformance({ baseUrl: byName, apiKey: 'name-key', maxExamples: 0, operations: ['listModels'] });
      expect(report.target).toMatchObject({ live: false, mode: 'read-only' });
      const full = await runConformance({ baseUrl: byName, apiKey: 'name-key', mode: 'full', maxExamples: 0, operations: ['listModels'] });
      expect(full.target).toMatchObject({ live: false, mode: 'full' });
    } finally {
      await sandbox.stop();
    }
  });

  it('recognises a media-mock serving Prism and passes out of the box, skipping what Prism cannot do', async () => {
    const prism = await startMock();
    const proxy = await recordingProxy(prism.url, 'any', {
      response: (_request, response) => ({ ...response, headers: { ...response.headers, 'x-mediagen-mock': 'prism' } }),
    });
    try {
      const report = await runConformance({ baseUrl: proxy.url, maxExamples: 4 });
      expect(report.target).toMatchObject({ kind: 'prism', stateful: false, recognised: 'media-mock (Prism)' });
      expect(failures(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(result(report, 'listModels', 'ignored_auth')?.reason).toMatch(/Prism/);
      expect(result(report, 'deleteMedia', 'use_after_free')?.reason).toMatch(/Prism is stateless/);
    } finally {
      await proxy.stop();
      await prism.stop();
    }
  });
});

describe('a media-mock serving the sandbox', () => {
  it('is recognised and judged as the stateful server it is, with its default key when none is given', async () => {
    const sandbox = await startSandbox();
    const proxy = await recordingProxy(sandbox.url, 'sandbox-key', {
      response: (_request, response) => ({ ...response, headers: { ...response.headers, 'x-mediagen-mock': 'sandbox' } }),
    });
    try {
      const report = await runConformance({ baseUrl: proxy.url, maxExamples: 2, maxCredits: 50 });
      expect(report.target).toMatchObject({ kind: 'sandbox', stateful: true, recognised: 'media-mock (sandbox)' });
      expect(failures(report)).toEqual([]);
      expect(result(report, 'deleteMedia', 'use_after_free')?.outcome).toBe('passed');
    } finally {
      await proxy.stop();
      await sandbox.stop();
    }
  });
});

describe('a dying target', () => {
  it('fails the exchanges after it died, still tries its cleanup and lists what it could not delete', async () => {
    const sandbox = await startSandbox({ apiKeys: ['dying-key'], delays: { pendingMs: 10, completeMs: 30 } });
    let stopped: Promise<void> | undefined;
    const report = await runConformance({
      baseUrl: sandbox.url,
      apiKey: 'dying-key',
      maxExamples: 0,
      onEvent: (event) => {
        // The target dies once the run has created its fixtures and judged an operation.
        if (event.type === 'operation') stopped ??= sandbox.stop();
      },
    });
    await stopped;
    expect(report.cleanup.created).toBeGreaterThan(0);
    expect(report.cleanup.leftover.length).toBeGreaterThan(0);
    expect(report.cleanup.leftover.some((l) => l.startsWith('generation'))).toBe(true);
    expect(report.ok).toBe(false);
  });
});
