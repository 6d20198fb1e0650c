// Tools installed from npm into .tools/<name> (git-ignored, kept between runs) at exact versions:
// the root tests' Node 22 and the local registry of the release rehearsal. Each is installed once,
// under a lock (a directory made atomically by mkdir, holding its holder's pid; a lock whose holder
// is gone is taken over), and a marker says what was installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function holderAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Made but not yet signed: its holder is writing the pid right now.
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Runs `work` while holding the lock `lock` (a directory path), waiting up to `timeoutMs` for it. */
export async function withLock(lock, work, timeoutMs = 1_800_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (!holderAlive(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting for the lock ${lock} after ${timeoutMs} ms`);
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function npmInstall(cwd) {
  return new Promise((resolve, reject) => {
    const args = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefer-offline', '--loglevel=error'];
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // Only a hang: an install under the load of several test runs took minutes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 1_200_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

/** Installs `manifest` ({ dependencies, overrides? }) into .tools/<name> unless its marker says it is there; resolves with the dir. */
export async function ensureTools(name, manifest) {
  const dir = join(root, '.tools', name);
  const marker = join(dir, 'installed.json');
  const wanted = JSON.stringify(manifest);
  const installed = () => existsSync(marker) && readFileSync(marker, 'utf8') === wanted;
  if (installed()) return dir;
  return withLock(`${dir}.lock`, async () => {
    if (installed()) return dir;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `tools-${name}`, private: true, ...manifest }, null, 2));
    const r = await npmInstall(dir);
    if (r.code !== 0) throw new Error(`npm install in .tools/${name} exited ${r.code ?? r.signal}\n${r.output.slice(-3000)}`);
    writeFileSync(marker, wanted);
    return dir;
  });
}
