// Prism's generator loads @faker-js/faker, every locale of it, which was more than a third of the
// Prism host's start-up. A static mock starts without it (bin/prism-host.cjs defers it, and every
// parameter of the emitted documents has an example, so Prism generates none for the paths it prints
// at start-up); an answer that needs faker still gets it, loaded then.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFor } from '../../src/index.js';
import { FRONT_HEADER, type PrismProcess, prismEntry, spawnPrism } from '../../src/prism/process.js';

const PROBE = new URL('./fixtures/loaded-modules.cjs', import.meta.url).pathname;
/** The faker Prism's generator requires (another dependency of Prism's loads an older one, English only). */
const FAKER_DIR = (() => {
  // As require.cache names it: by its real path (the test runner may resolve through a symlink).
  const entry = realpathSync(createRequire(createRequire(prismEntry()).resolve('@stoplight/prism-http')).resolve('@faker-js/faker'));
  return entry.slice(0, entry.lastIndexOf('/@faker-js/faker/') + '/@faker-js/faker/'.length);
})();

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-faker-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Host {
  prism: PrismProcess;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  /** Ends the host (its stdin closes, as when the mock is gone) and lists the files of Prism's faker it loaded. */
  fakerFiles(): Promise<string[]>;
}

let serial = 0;
async function startHost(document: string, dynamic: boolean): Promise<Host> {
  serial += 1;
  const socket = join(dir, `prism-${serial}.sock`);
  const loaded = join(dir, `loaded-${serial}.json`);
  const secret = randomBytes(16).toString('hex');
  const saved = { options: process.env.NODE_OPTIONS, file: process.env.LOADED_MODULES_FILE };
  // The host inherits the environment at spawn, which happens before spawnPrism's first await.
  process.env.NODE_OPTIONS = `${saved.options ?? ''} --require ${PROBE}`.trim();
  process.env.LOADED_MODULES_FILE = loaded;
  let started: Promise<PrismProcess>;
  try {
    started = spawnPrism({ document, socket, secret, dynamic, startTimeoutMs: 120_000, killGraceMs: 5_000 });
  } finally {
    for (const [name, value] of [
      ['NODE_OPTIONS', saved.options],
      ['LOADED_MODULES_FILE', saved.file],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const prism = await started;
  return {
    prism,
    get: (path, headers = {}) =>
      new Promise((resolve, reject) => {
        const req = request({ socketPath: socket, path, headers: { ...headers, [FRONT_HEADER]: secret, 'x-api-key': 'faker-test' } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      }),
    async fakerFiles() {
      prism.child.stdin?.end();
      await prism.exited;
      return (JSON.parse(readFileSync(loaded, 'utf8')) as string[]).filter((file) => file.startsWith(FAKER_DIR));
    },
  };
}

describe('the Prism host loads faker only when an answer needs it', () => {
  it('static mock on the newest document: started and answered without reading a file of faker', async () => {
    const host = await startHost(documentFor().path, false);
    const answer = await host.get('/pub/v1/models');
    expect(answer.status).toBe(200);
    // The stand-in is registered under faker's entry file; nothing of faker itself was read.
    expect(await host.fakerFiles()).toHaveLength(1);
  });

  it('static mock, an answer generated with faker (x-faker, Prefer: dynamic=true): faker loads then, and the value is its', async () => {
    const document = join(dir, 'x-faker.json');
    writeFileSync(
      document,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'x-faker', version: '1' },
        paths: {
          '/names': {
            get: {
              responses: {
                200: {
                  description: 'a name',
                  content: {
                    'application/json': {
                      schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', 'x-faker': 'internet.email' } } },
                    },
                  },
                },
              },
            },
          },
        },
      }),
    );
    const host = await startHost(document, false);
    const generated = await host.get('/names', { prefer: 'dynamic=true' });
    expect(generated.status).toBe(200);
    expect(JSON.parse(generated.body).name).toMatch(/^\S+@\S+\.\S+$/);
    expect((await host.fakerFiles()).length).toBeGreaterThan(10);
  });

  it('dynamic mock: faker is loaded at start, as Prism does', async () => {
    const host = await startHost(documentFor().path, true);
    expect((await host.fakerFiles()).length).toBeGreaterThan(10);
  });
});
