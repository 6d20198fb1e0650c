// The front keeps no connection to Prism alive: each request it forwards has a connection of its own.
// A kept-alive one is closed by Prism once idle for its keep-alive timeout (5 s), and a request the
// front sent on it as that happened was reset: the front answered 503 "Prism is restarting" while
// Prism ran (seen with the mock's processes stalled by a loaded machine, after a pause of about 4 s
// between two requests). Judged by counting the connections an upstream on a private socket accepts,
// not by waiting for the idle timeout to race.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformPlan } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFor, readDocument } from '../../src/core/documents.js';
import { gateFor } from '../../src/edge/gate.js';
import { resolveEdgeLimits } from '../../src/edge/limits.js';
import { createFront, servedDocument } from '../../src/prism/front.js';
import { FRONT_HEADER } from '../../src/prism/process.js';
import { call } from '../helpers.js';

const SECRET = 'front-test-secret';
let dir: string;
let upstream: Server;
let front: Server;
let url: string;
let connections = 0;
const secrets: (string | undefined)[] = [];

const listening = (server: Server, ...args: unknown[]) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(...(args as [string]), () => resolve());
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mock-front-'));
  const socket = join(dir, 'prism.sock');
  // Stands in for Prism: any request is answered with an empty page, in Prism's own framing.
  upstream = createServer((req, res) => {
    secrets.push(req.headers[FRONT_HEADER] as string | undefined);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"err":{}}');
  });
  upstream.on('connection', () => connections++);
  await listening(upstream, socket);
  const served = servedDocument(readDocument(documentFor()), transformPlan);
  let port = 0;
  front = createFront({
    served: () => served,
    upstream: () => ({ socket, secret: SECRET }),
    limits: resolveEdgeLimits(),
    gate: gateFor({}, '127.0.0.1', () => port),
    refusalStatus: 422,
  });
  await listening(front, 0, '127.0.0.1');
  port = (front.address() as { port: number }).port;
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all([front, upstream].map((server) => server && new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('the front, towards Prism', () => {
  it('opens a connection of its own for each request it forwards, with the secret', async () => {
    for (let i = 0; i < 5; i++) expect((await call(url, 'get', '/pub/v1/voices')).status).toBe(200);
    expect(secrets).toEqual(Array.from({ length: 5 }, () => SECRET));
    expect(connections).toBe(5);
  });
});
