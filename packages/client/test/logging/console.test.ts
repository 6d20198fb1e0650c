// `logger: console` as users pass it: a real Console (node:console, the class of the global one)
// writing to streams the test reads. A console prints every argument it is given, so a line logged
// without details must not be followed by `undefined`, and one with details shows them as given.
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { createClient } from '@mediagen/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY } from '../support/client.js';
import { envelope, errorEnvelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A Console whose output (stdout and stderr alike: debug and info go to one, warn to the other) is kept as lines. */
function capturedConsole(): { console: Console; lines: () => string[] } {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { console: new Console({ stdout: sink, stderr: sink, colorMode: false }), lines: () => text.split('\n').filter((line) => line !== '') };
}

describe('logger: console', () => {
  it('prints clean lines: no `undefined` after a debug line, details only when there are some', async () => {
    server.on('GET', '/pub/v1/generations/gen_log', [
      { status: 503, json: errorEnvelope('service_unavailable', 'busy') },
      { json: envelope({ id: 'gen_log', media: [] }) },
    ]);
    server.on('GET', '/pub/v1/generations/gen_log/status', { json: envelope({ status: 'success' }) });
    const { console: logger, lines } = capturedConsole();
    const client = createClient({ apiKey: API_KEY, baseUrl: server.url, retryBaseDelayMs: 1, retryMaxDelayMs: 2, logger });

    await client.generations.get('gen_log');
    await client.deprecated.getGenerationStatus('gen_log').catch(() => undefined);

    const printed = lines();
    const debug = printed.filter((line) => /^getGeneration: (GET .*|\d{3} in \d+ ms)$/.test(line));
    // Two attempts, each a line before and a line after.
    expect(debug).toHaveLength(4);
    expect(debug[0]).toBe('getGeneration: GET /pub/v1/generations/{generation_id} (attempt 1)');
    expect(debug[1]).toMatch(/^getGeneration: 503 in \d+ ms$/);
    expect(printed.some((line) => /^getGeneration: 503 service_unavailable\. Retrying in \d+ ms \(retry 1 of 2\)\./.test(line))).toBe(true);
    // The deprecation warning keeps its details (the code), printed after the message.
    expect(printed.some((line) => line.startsWith('getGenerationStatus: ') && line.includes("code: 'deprecated_operation'"))).toBe(true);
    expect(printed.filter((line) => /\bundefined\b/.test(line))).toEqual([]);
    expect(printed.join('\n')).not.toContain(API_KEY);
  });
});
