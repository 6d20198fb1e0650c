// A write that fails never stops `media-conformance proxy` nor silences it (a HAR that is not a
// regular file is refused before it starts: the file layer writes regular files only); a stdout that
// cannot be written is said once and the proxy goes on serving; an evidence file that cannot be written is said in one line after the summary (exit 2), no stack trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { packageRoot } from '../hostile/suite-process.js';
import { type RawUpstream, rawJson, rawUpstream } from './peers.js';
import { freePort, startProxyProcess } from './process.js';

const SECRET = 'sk-live-DO-NOT-LEAK-writes-3141';
const REQUESTS = 5;

describe('media-conformance proxy when a write fails', () => {
  let upstream: RawUpstream;

  beforeAll(async () => {
    // A failure without the error in err: one violation line (at least) per exchange.
    upstream = await rawUpstream(() => rawJson('HTTP/1.1 404 Not Found', { data: null }));
  });
  afterAll(async () => {
    await upstream?.stop();
  });

  const failures = async (url: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(`${url}/pub/v1/generations/g${i}`, { headers: { 'x-api-key': SECRET } });
      await res.text();
      statuses.push(res.status);
    }
    return statuses;
  };

  it('a HAR path that is a device (/dev/full): refused before the proxy starts, in one line naming it, exit 2', async () => {
    let stderr = '';
    const io = { stdout: () => undefined, stderr: (t: string) => void (stderr += t), env: {}, cwd: packageRoot };
    const code = await main(['proxy', '--upstream', upstream.url, '--insecure-upstream', '--port', '0', '--har', '/dev/full'], io);
    expect(code).toBe(2);
    expect(stderr).toBe('media-conformance: --har: /dev/full is a character device, not a regular file: refused\n');
  });

  it('a stdout that cannot be written: said once on stderr, the proxy keeps serving and ends on Ctrl-C', async () => {
    const port = await freePort();
    const proxy = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', String(port)], { stdoutTo: '/dev/full' });
    expect(await failures(proxy.url)).toEqual(Array(REQUESTS).fill(404));
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    expect(exit.code).toBe(1);
    expect(
      proxy
        .stderr()
        .split('\n')
        .filter((line) => /output could not be written/.test(line)),
    ).toHaveLength(1);
    expect(proxy.stderr()).not.toMatch(/\n\s+at /);
  });

  it('an evidence file that cannot be written: one line after the summary, exit 2', async () => {
    const proxy = await startProxyProcess(['--upstream', upstream.url, '--insecure-upstream', '--port', '0', '--evidence', '/proc/self/evidence.json']);
    expect(await failures(proxy.url)).toEqual(Array(REQUESTS).fill(404));
    proxy.signal('SIGINT');
    const exit = await proxy.exited;
    expect(exit.code).toBe(2);
    expect(proxy.stdout()).toMatch(/FAILED: /);
    expect(proxy.stderr()).toMatch(/evidence file \/proc\/self\/evidence\.json/);
    expect(proxy.stderr()).not.toMatch(/\n\s+at /);
  });
});
