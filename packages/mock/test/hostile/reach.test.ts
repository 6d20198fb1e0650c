// Who can reach a mock, and what they can make it do: requests straight to every port and socket
// its processes listen on (Prism's private socket included) must not kill it, a foreign `Host`
// (DNS rebinding) and a foreign `Origin` (any web page) are refused, CORS is answered only for the
// origins named, links never come from `Host`, and a 5,000-deep JSON body is one enveloped 400 in
// both mocks. Real `media-mock` processes, with their peak memory under a fixed ceiling.
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEY } from '../helpers.js';
import { alive, bodyOf, childrenOf, exchange, head, listeners, type MockProcess, peakRssMiB, startMockProcess } from './harness.js';

const CEILING_MIB = { mock: 260, prism: 320 };
const GOOD = 'http://good.example';
/** How long an answer that must come is waited for: a hang catcher, far past an answer on a loaded machine. */
const ANSWER_WAIT_MS = 60_000;
const PUBLIC = 'http://mock.test:9999';

let sandbox: MockProcess;
let prism: MockProcess;
let published: MockProcess;
beforeAll(async () => {
  [sandbox, prism, published] = await Promise.all([
    startMockProcess(['--stateful', '--quiet', '--cors', GOOD]),
    startMockProcess(['--quiet', '--cors', GOOD, '--cors-credentials']),
    startMockProcess(['--stateful', '--quiet', '--public-url', PUBLIC]),
  ]);
}, 600_000);
afterAll(async () => {
  const report: string[] = [];
  for (const [kind, mock] of [
    ['sandbox', sandbox],
    ['prism', prism],
  ] as const) {
    if (!mock) continue;
    report.push(`${kind}: ${peakRssMiB(mock.pid).toFixed(0)} MiB`);
    for (const child of childrenOf(mock.pid)) report.push(`${kind}'s child ${child}: ${peakRssMiB(child).toFixed(0)} MiB`);
  }
  console.info(`peak RSS after the reach cases: ${report.join(', ')}`);
  await Promise.all([sandbox?.stop(), prism?.stop(), published?.stop()]);
});

function healthy(mock: MockProcess) {
  expect(alive(mock.pid)).toBe(true);
  expect(mock.run.stderr()).not.toMatch(/stopped on its own/);
  expect(peakRssMiB(mock.pid)).toBeLessThan(CEILING_MIB.mock);
  for (const child of childrenOf(mock.pid)) expect(peakRssMiB(child)).toBeLessThan(CEILING_MIB.prism);
}

/** A request with a body framed by its real length. */
const withBody = (method: string, path: string, host: string, body: string) =>
  `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\nx-api-key: k\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;

/** Requests that knocked Prism over when it listened where anyone could reach it, and some more. */
const hostile = (host: string) => [
  `GET /pub/v1/generations/%zz HTTP/1.1\r\nhost: ${host}\r\nx-api-key: k\r\nconnection: close\r\n\r\n`,
  `GET /pub/v1/generations/media/%C0%AF HTTP/1.1\r\nhost: ${host}\r\nx-api-key: k\r\nconnection: close\r\n\r\n`,
  withBody('POST', '/pub/v1/assets/archive', host, '{"\u0100":1}'),
  withBody('POST', '/pub/v1/generations', host, `${'['.repeat(5000)}${']'.repeat(5000)}`),
  'BREW /coffee HTCPCP/1.0\r\n\r\n',
  '\u0000\u0001\u0002garbage\r\n\r\n',
];

describe('requests straight to every port and socket a mock opens', () => {
  it.each(['sandbox', 'prism'] as const)('%s: none of them can kill it; Prism answers only the front', async (kind) => {
    const mock = kind === 'sandbox' ? sandbox : prism;
    const pids = [mock.pid, ...childrenOf(mock.pid)];
    const { tcp, unix } = listeners(pids);
    // The front (or the sandbox) is the one TCP port; Prism, if any, listens on a socket in a private directory.
    expect(tcp).toEqual([mock.port]);
    expect(unix).toHaveLength(kind === 'prism' ? 1 : 0);
    for (const path of unix) expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    const prismPid = childrenOf(mock.pid)[0];
    for (const target of [...tcp, ...unix]) {
      // Six of these made the mock give up on Prism when it listened on a TCP port: twelve rounds here.
      for (let round = 0; round < 12; round++) {
        const host = typeof target === 'number' ? `127.0.0.1:${target}` : 'localhost';
        const answers = await Promise.all(hostile(host).map((request) => exchange(target, request, { limitMs: 5_000, until: 'answer' })));
        for (const answer of answers) expect(answer.status === 0 || answer.status >= 400).toBe(true);
        if (typeof target === 'string') for (const answer of answers.filter((a) => a.status > 0)) expect([400, 403]).toContain(answer.status);
      }
    }
    expect((await call(mock.url.origin, 'get', '/pub/v1/voices')).status).toBe(200);
    if (kind === 'prism') expect(childrenOf(mock.pid)[0]).toBe(prismPid);
    healthy(mock);
  });
});

describe.each(['sandbox', 'prism'] as const)('%s: Host and Origin', (kind) => {
  const mock = () => (kind === 'sandbox' ? sandbox : prism);

  it('refuses a Host that is not one of its names (DNS rebinding), in the envelope', async () => {
    const { port } = mock();
    for (const host of ['attacker.example', `attacker.example:${port}`, `127.0.0.1:${port + 1}`]) {
      const answer = await exchange(port, head('GET', '/pub/v1/models', port, { host, 'x-api-key': KEY }), { limitMs: ANSWER_WAIT_MS, until: 'answer' });
      expect(answer.status, host).toBe(421);
      expect(bodyOf(answer)?.err?.code).toBe('misdirected_request');
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
      const answer = await exchange(port, head('GET', '/pub/v1/models', port, { host, 'x-api-key': KEY, connection: 'close' }), {
        limitMs: ANSWER_WAIT_MS,
        until: 'answer',
      });
      expect(answer.status, host).toBe(200);
    }
    healthy(mock());
  });

  it('refuses requests and preflights from a page it was not told about', async () => {
    const { port } = mock();
    const plain = await exchange(port, head('GET', '/pub/v1/models', port, { origin: 'http://evil.example', 'x-api-key': KEY }), {
      limitMs: ANSWER_WAIT_MS,
      until: 'answer',
    });
    expect(plain.status).toBe(403);
    expect(bodyOf(plain)?.err?.code).toBe('origin_not_allowed');
    expect(plain.text).not.toMatch(/access-control-allow/i);
    const preflight = await exchange(
      port,
      head('OPTIONS', '/pub/v1/generations', port, {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key',
      }),
      { limitMs: ANSWER_WAIT_MS, until: 'answer' },
    );
    expect(preflight.status).toBe(403);
    expect(preflight.text).not.toMatch(/access-control-allow/i);
  });

  it('answers CORS for the origin it was told, with credentials only when asked', async () => {
    const { url } = mock();
    const preflight = await fetch(`${url.origin}/pub/v1/generations`, {
      method: 'OPTIONS',
      headers: { origin: GOOD, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe(kind === 'prism' ? 'true' : null);
    const answer = await fetch(`${url.origin}/pub/v1/models`, { headers: { origin: GOOD, 'x-api-key': KEY } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect(answer.headers.get('vary')).toMatch(/origin/i);
  });

  it('answers a 5,000-deep JSON body with one enveloped 400', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const answer = await call(mock().url.origin, 'post', '/pub/v1/generations', { rawBody: deep });
    expect(answer.status).toBe(400);
    expect(answer.body.err).toEqual({ code: 'bad_request', message: 'request body nests deeper than 64 levels' });
    healthy(mock());
  });
});

describe('links are built from the mock\u2019s own address, never from Host', () => {
  it('a request naming the sandbox as localhost still gets 127.0.0.1 links', async () => {
    const { port } = sandbox;
    const body = '{"size":{"height":8,"width":8}}';
    const answer = await exchange(
      port,
      `${head('POST', '/pub/v2/assets/upload', port, { host: `localhost:${port}`, 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': String(body.length), connection: 'close' })}${body}`,
      { limitMs: ANSWER_WAIT_MS, until: 'answer' },
    );
    expect(answer.status).toBe(201);
    const data = (bodyOf(answer) as { data: { url: string; upload_url: string } }).data;
    expect(data.upload_url.startsWith(`http://127.0.0.1:${port}/uploads/`)).toBe(true);
    expect(data.url.startsWith(`http://127.0.0.1:${port}/files/`)).toBe(true);
  });

  it('with --public-url, its host is accepted and links start with it', async () => {
    const { port } = published;
    const answer = await exchange(
      port,
      `${head('POST', '/pub/v2/assets/upload', port, { host: 'mock.test:9999', 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': '31', connection: 'close' })}{"size":{"height":8,"width":8}}`,
      { limitMs: ANSWER_WAIT_MS, until: 'answer' },
    );
    expect(answer.status).toBe(201);
    expect((bodyOf(answer) as { data: { upload_url: string } }).data.upload_url.startsWith(`${PUBLIC}/uploads/`)).toBe(true);
  });
});
