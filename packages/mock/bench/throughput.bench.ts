// Throughput and start-up of the two mocks, measured in one run on the loopback interface:
// requests per second on the same listing (GET /pub/v1/models with the key) at a fixed concurrency
// of 8 for a fixed time each, their ratio, and how long each takes to start.
// Bounded: BENCH_SECONDS (default 2) per target, nothing but 127.0.0.1 is contacted.
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock, startSandbox } from '../src/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONCURRENCY = 8;
const PATH = '/pub/v1/models';
const KEY = 'sandbox-key';
const here = dirname(fileURLToPath(import.meta.url));

interface Load {
  requests: number;
  failures: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

function get(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: url.hostname, port: url.port, path: PATH, headers: { 'x-api-key': KEY } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CONCURRENCY workers issue requests back to back for SECONDS; counts answers and latencies. */
async function load(base: string): Promise<Load> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Warm up the connections and the server.
  await Promise.all(Array.from({ length: CONCURRENCY * 4 }, () => get(agent, url)));
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        const status = await get(agent, url).catch(() => 0);
        latencies.push(performance.now() - t);
        if (status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, failures, seconds, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

function spawnSandbox(): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--conditions=@mediagen/source', '--import', 'tsx', join(here, 'serve-sandbox.ts')], {
    cwd: join(here, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!, ms: performance.now() - started });
    });
    child.once('exit', (code) => reject(new Error(`sandbox process exited (${code}) before listening`)));
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (name: string, l: Load) =>
  `${name.padEnd(8)} ${l.rps.toFixed(0).padStart(7)} req/s  (${l.requests} requests in ${l.seconds.toFixed(2)} s, ${l.failures} failed, p50 ${ms(l.p50)}, p99 ${ms(l.p99)})`;

console.log(`mock throughput: GET ${PATH}, concurrency ${CONCURRENCY}, ${SECONDS} s per target, 127.0.0.1 only`);

// Start-up: the sandbox in-process (median of 5), the sandbox as its own process, Prism.
const inProcess: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const s = await startSandbox();
  inProcess.push(performance.now() - t);
  await s.stop();
}
inProcess.sort((a, b) => a - b);
const sandboxProcess = await spawnSandbox();
const prismStarted = performance.now();
const prism = await startMock();
const prismStartup = performance.now() - prismStarted;

let sandboxLoad: Load;
let prismLoad: Load;
try {
  sandboxLoad = await load(sandboxProcess.url);
  prismLoad = await load(prism.url);
} finally {
  await Promise.all([prism.stop(), stopChild(sandboxProcess.child)]);
}

console.log('');
console.log('throughput');
console.log(`  ${line('sandbox', sandboxLoad)}`);
console.log(`  ${line('prism', prismLoad)}`);
console.log(`  ratio    ${(sandboxLoad.rps / prismLoad.rps).toFixed(1)}× (sandbox / prism)`);
console.log('');
console.log('start-up');
console.log(`  sandbox  ${ms(inProcess[2]!)} in-process (median of 5), ${ms(sandboxProcess.ms)} as its own process (incl. Node and the TypeScript loader)`);
console.log(`  prism    ${ms(prismStartup)} (process start until "Prism is listening")`);
console.log('');
console.log(
  `BENCH ${JSON.stringify({
    sandboxRps: Math.round(sandboxLoad.rps),
    prismRps: Math.round(prismLoad.rps),
    ratio: +(sandboxLoad.rps / prismLoad.rps).toFixed(2),
    sandboxStartupMs: +inProcess[2]!.toFixed(1),
    sandboxProcessStartupMs: Math.round(sandboxProcess.ms),
    prismStartupMs: Math.round(prismStartup),
    failures: sandboxLoad.failures + prismLoad.failures,
  })}`,
);
if (sandboxLoad.failures + prismLoad.failures > 0) process.exitCode = 1;
