// --watch: both mocks follow a copy of the emitted document. When the file changes (or is only
// touched), Prism is restarted on it and the front reads its routes again; the sandbox reads its
// API version from it again and answers in that version's shapes, keeping what it holds.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFor, startMock, startSandbox } from '../../src/index.js';
import { START_WITHIN_MS, start, waitFor } from '../cli-process.js';
import { call } from '../helpers.js';

type Document = { info: Record<string, unknown>; paths: Record<string, unknown> };
type ModelsItem = { get: { responses: { 200: { content: { 'application/json': { examples: { docs: { value: { data: { name: string }[] } } } } } } } } };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-watch-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the newest document, changed by `edit`. */
function copyOfDocument(name: string): { path: string; rewrite(edit: (document: Document) => void): void; touch(): void } {
  const path = join(dir, name);
  copyFileSync(documentFor().path, path);
  return {
    path,
    rewrite(edit) {
      const document = JSON.parse(readFileSync(path, 'utf8')) as Document;
      edit(document);
      writeFileSync(path, JSON.stringify(document));
    },
    touch() {
      const later = new Date(Date.now() + 5_000);
      utimesSync(path, later, later);
    },
  };
}

/** Waits for `check`; the limit only catches a hang: a restart is a Prism start (see START_WITHIN_MS). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = START_WITHIN_MS / 2): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Prism with watch', () => {
  it('restarts Prism on the changed document, and on a touched one', async () => {
    const copy = copyOfDocument('prism.json');
    const told: string[] = [];
    const mock = await startMock({ document: copy.path, watch: true, onReload: (message) => told.push(message) });
    try {
      const before = await call(mock.url, 'get', '/pub/v1/models');
      expect(JSON.stringify(before.body)).not.toContain('WatchedModel');
      const firstPid = mock.pid;
      copy.rewrite((document) => {
        const example = (document.paths['/pub/v1/models'] as ModelsItem).get.responses[200].content['application/json'].examples.docs.value;
        example.data[0]!.name = 'WatchedModel';
      });
      await until(async () => JSON.stringify((await call(mock.url, 'get', '/pub/v1/models')).body).includes('WatchedModel'), 'the new example is answered');
      expect(mock.pid).not.toBe(firstPid);
      expect(mock.reloads).toBe(1);
      expect(mock.restarts).toBe(0);
      copy.touch();
      await until(() => mock.reloads === 2 && told.length === 2, 'a touch restarts it too');
      expect(told).toEqual([expect.stringMatching(/^document changed; Prism restarted on /), expect.stringMatching(/^document changed; Prism restarted on /)]);
      await until(async () => (await call(mock.url, 'get', '/pub/v1/models')).status === 200, 'it answers again');
    } finally {
      await mock.stop();
    }
  });
});

describe('the sandbox with watch', () => {
  it('reads its API version from the changed document and keeps its records', async () => {
    const copy = copyOfDocument('sandbox.json');
    const sandbox = await startSandbox({ document: copy.path, watch: true, credits: 100 });
    try {
      const newest = (JSON.parse(readFileSync(copy.path, 'utf8')) as Document).info['x-api-version'];
      expect(sandbox.version).toBe(newest);
      const made = await call(sandbox.url, 'post', '/pub/v1/generations', { body: [{ model: 'JuggernautXL', prompt: { positive: 'x' } }] });
      const id = made.body.data.generation_id as string;
      expect((await call(sandbox.url, 'get', `/pub/v1/generations/${id}`)).body.data.media).toBeInstanceOf(Array);
      copy.rewrite((document) => {
        document.info['x-api-version'] = 'baseline';
      });
      await until(() => sandbox.reloads === 1, 'the sandbox read the document again');
      expect(sandbox.version).toBe('baseline');
      // Before 2024-09-04 a generation lists `images`; the one made before the change is still there.
      const after = await call(sandbox.url, 'get', `/pub/v1/generations/${id}`);
      expect(after.body.data.images).toBeInstanceOf(Array);
      expect(after.body.data.media).toBeUndefined();
      copy.touch();
      await until(() => sandbox.reloads === 2, 'a touch reads it again');
    } finally {
      await sandbox.stop();
    }
  });

  it('media-mock --stateful --watch says so on stderr', async () => {
    const copy = copyOfDocument('cli.json');
    const run = start(['--stateful', '--quiet', '--watch', '--document', copy.path]);
    await waitFor(run, /listening on/);
    copy.rewrite((document) => {
      document.info['x-api-version'] = '2024-11-08';
    });
    await until(() => /document changed; answering as of 2024-11-08/.test(run.stderr()), 'the line on stderr');
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});
