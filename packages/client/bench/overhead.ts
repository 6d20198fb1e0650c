// `pnpm bench` (first half): per-call overhead of the client against raw fetch, on the same
// loopback server, measured in one run. Calls alternate one by one between the two (the order flips
// every pair) after a warm-up, each call is timed on its own, and the figures are medians, so
// drift and pauses on a shared machine hit both sides alike.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createClient } from '@mediagen/client';

const PAIRS = Number(process.env.MEDIAGEN_BENCH_PAIRS ?? 10_000);
const WARMUP = 2_000;
const GOAL = 1.1;
const API_KEY = 'bench-key-0123456789';

const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const port = await new Promise<number>((resolve, reject) => {
  child.once('message', (message) => resolve((message as { port: number }).port));
  child.once('error', reject);
});
const baseUrl = `http://127.0.0.1:${port}`;

const url = `${baseUrl}/pub/v1/generations/gen_01`;
/** What a caller would write by hand: the header, the envelope's data. */
const raw = async () => {
  const response = await fetch(url, { headers: { 'X-API-KEY': API_KEY } });
  const body = (await response.json()) as { data: { generation_id: string } };
  return body.data;
};
/** The same with the timeout the client applies by default (an AbortSignal per call). */
const rawWithTimeout = async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 60_000);
  try {
    const response = await fetch(url, { headers: { 'X-API-KEY': API_KEY }, signal: controller.signal });
    const body = (await response.json()) as { data: { generation_id: string } };
    return body.data;
  } finally {
    clearTimeout(timer);
  }
};
const client = createClient({ apiKey: API_KEY, baseUrl });
const noTimeout = createClient({ apiKey: API_KEY, baseUrl, timeoutMs: 0 });
const sides = {
  raw,
  rawWithTimeout,
  client: () => client.generations.get('gen_01'),
  clientNoTimeout: () => noTimeout.generations.get('gen_01'),
};
type Side = keyof typeof sides;

async function timed(side: Side): Promise<number> {
  const started = performance.now();
  const data = await sides[side]();
  const elapsed = performance.now() - started;
  if (data.generation_id !== 'gen_01') throw new Error('unexpected answer');
  return elapsed * 1000;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const names = Object.keys(sides) as Side[];
for (let i = 0; i < WARMUP; i++) for (const side of names) await timed(side);
const samples = Object.fromEntries(names.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
for (let i = 0; i < PAIRS; i++) {
  const order = i % 2 === 0 ? names : [...names].reverse();
  for (const side of order) samples[side].push(await timed(side));
}
child.disconnect();

const rawMedian = median(samples.raw);
const line = (label: string, side: Side) => {
  const m = median(samples[side]);
  return `  ${label.padEnd(34)} median ${m.toFixed(1).padStart(6)} µs/call  ${side === 'raw' ? '' : `ratio ${(m / rawMedian).toFixed(3)}×  (+${(m - rawMedian).toFixed(1)} µs)`}`;
};
const ratio = median(samples.client) / rawMedian;
console.log(`Per-call overhead vs raw fetch (loopback server in a child process, GET getGeneration, ${PAIRS} interleaved calls each, ${WARMUP} warm-up)`);
console.log(line('raw fetch + json', 'raw'));
console.log(line('raw fetch + json + 60 s timeout', 'rawWithTimeout'));
console.log(line('@mediagen/client (defaults)', 'client'));
console.log(line('@mediagen/client (timeoutMs: 0)', 'clientNoTimeout'));
console.log(`  goal ≤ ${GOAL.toFixed(2)}× for the defaults: ${ratio <= GOAL ? 'met' : 'not met'}`);
