// Starting and stopping Prism: a dated document, clean stops, and typed errors for a taken port,
// a missing document and a document Prism cannot serve.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentNotFoundError, MockError, PortInUseError, PrismStartError, type RunningMock, startMock } from '../../src/index.js';
import { call } from '../helpers.js';

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a Prism serving the document of an API date', () => {
  let prism: RunningMock;
  beforeAll(async () => {
    prism = await startMock({ at: '2024-09-03', dynamic: false });
  });
  afterAll(() => prism?.stop());

  it('resolves the date to its version and serves that document', () => {
    expect(prism.version).toBe('baseline');
    expect(prism.document).toMatch(/versions[\\/]baseline\.json$/);
  });

  it('answers in the shapes of that date (images, size)', async () => {
    const answer = await call(prism.url, 'get', '/pub/v1/generations/gen_01');
    expect(answer.status).toBe(200);
    expect(answer.body.data.images).toBeInstanceOf(Array);
    expect(answer.body.data.media).toBeUndefined();
    expect(answer.body.data.images[0].size).toEqual({ height: 512, width: 512 });
  });

  it('stops cleanly: the process exits and the port is free again', async () => {
    const { pid, port } = prism;
    expect(alive(pid)).toBe(true);
    await prism.stop();
    await prism.stop(); // a second stop is harmless
    expect(alive(pid)).toBe(false);
    const probe = createServer();
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    await new Promise((resolve) => probe.close(resolve));
  });
});

describe('startup failures are typed errors', () => {
  let dir: string;
  let holder: Server;
  let takenPort: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mock-test-'));
    holder = createServer();
    takenPort = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => holder.close(resolve));
  });

  it('a taken port: PortInUseError naming it', async () => {
    const error = await startMock({ port: takenPort }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as PortInUseError).code).toBe('port_in_use');
    expect((error as Error).message).toContain(String(takenPort));
  });

  it('a missing document: DocumentNotFoundError', async () => {
    const error = await startMock({ document: join(dir, 'absent.json') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentNotFoundError);
    expect((error as MockError).code).toBe('document_not_found');
  });

  it('an invalid date: MockError invalid_version', async () => {
    const error = await startMock({ at: '2024-02-30' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MockError);
    expect((error as MockError).code).toBe('invalid_version');
  });

  it('a document Prism refuses: PrismStartError carrying Prism\u2019s output', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, JSON.stringify({ openapi: '3.1.0', info: { title: 'empty', version: '1' }, paths: {} }));
    const error = await startMock({ document: empty }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrismStartError);
    const failure = error as PrismStartError;
    expect(failure.code).toBe('prism_failed');
    expect(failure.output).toMatch(/No operations found/);
    expect(failure.message).toMatch(/Prism exited before listening/);
  });
});
