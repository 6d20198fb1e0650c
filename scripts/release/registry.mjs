// A local npm registry for the release rehearsal: verdaccio (installed into .tools/verdaccio at an
// exact version that runs on Node 20) on a free loopback port, with its storage and config in a
// directory of the caller's, no uplinks (it serves only what is published to it and never asks
// another registry), and one user whose token goes into an npmrc that names only this registry.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureTools } from '../tools.mjs';

/** A TCP port on 127.0.0.1 that was free a moment ago (verdaccio cannot pick its own and say which). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The local registry's install. verdaccio-audit asks for node-fetch by the dist-tag `cjs`, which not
 * every registry mirror serves: the override names the version that tag points at.
 */
export const VERDACCIO = { dependencies: { verdaccio: '6.8.0' }, overrides: { 'verdaccio-audit': { 'node-fetch': '2.7.0' } } };

/** Where verdaccio says it listens. */
const LISTENING = /http address - (http:\/\/127\.0\.0\.1:\d+)\//;

/**
 * Starts verdaccio with storage and config in `dir` (an existing directory), waits for it to listen
 * (up to `timeoutMs`), creates a user, and writes `dir/npmrc` with its token. Resolves with the
 * registry's URL (ending in `/`), the npmrc's path, and `stop()`.
 */
export async function startRegistry(dir, { timeoutMs = 120_000 } = {}) {
  const tools = await ensureTools('verdaccio', VERDACCIO);
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const config = [
    `storage: ${join(dir, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${join(dir, 'htpasswd')}`,
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'log: { type: stdout, format: pretty, level: warn }',
  ].join('\n');
  writeFileSync(join(dir, 'config.yaml'), config);
  const bin = join(tools, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const listen = `127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, [bin, '--config', join(dir, 'config.yaml'), '--listen', listen], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ended = new Promise((done) => child.on('close', (code, signal) => done({ code, signal })));
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`verdaccio did not say where it listens within ${timeoutMs} ms\n${output.slice(-2000)}`)), timeoutMs);
    const look = (chunk) => {
      output += chunk;
      const match = LISTENING.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('error', reject);
    void ended.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`verdaccio exited ${code ?? signal} before listening\n${output.slice(-2000)}`));
    });
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended;
    clearTimeout(killer);
  };
  try {
    const user = await fetch(`${base}/-/user/org.couchdb.user:rehearsal`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'rehearsal', password: 'rehearsal-password' }),
    });
    const { token } = await user.json();
    if (!user.ok || !token) throw new Error(`verdaccio did not create a user: ${user.status}`);
    const url = `${base}/`;
    const npmrc = join(dir, 'npmrc');
    writeFileSync(npmrc, `registry=${url}\n${url.replace(/^http:/, '')}:_authToken=${token}\n`);
    return { url, npmrc, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
