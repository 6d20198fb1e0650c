// `pnpm bench` (first half): per-call overhead of the client against bare openapi-fetch (the
// library it calls through) and of openapi-fetch against raw fetch, on the same loopback server (in
// a child process, so it does not share the benchmark's event loop), measured in one run. Each
// round warms every side up, then runs them in alternating blocks (the order of the sides rotates
// and reverses from block to block), times each call on its own and takes medians, so drift,
// pauses and other work on a shared machine hit every side alike. Several rounds show how much the
// figures move. Printed, not asserted.
//
// Ratios: (a) the client with its defaults (a 60 s timeout per attempt) against bare openapi-fetch
// given the same timeout (an AbortController and a 60 s timer, cleared after the body): the goal;
// (b) the same without a timeout on either side (`timeoutMs: 0`); (c) bare openapi-fetch against
// raw fetch, both without a timeout: what the library costs; (d) the same, both with the timeout.
//
// Before and after: MEDIAGEN_BENCH_BASELINE=<an earlier src/index.ts of this package> adds that
// client with its defaults as a side of its own, in the same run, and (a0) its ratio to bare
// openapi-fetch, so a change is measured against what it changes under the same load:
//   mkdir -p .baseline && git archive <commit> src | tar -x -C .baseline
//   MEDIAGEN_BENCH_BASELINE=.baseline/src/index.ts npm run bench
// (.baseline/ sits in the package so that its imports resolve; it is git-ignored.)
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type paths } from '@mediagen/client';
import createFetchClient from 'openapi-fetch';

const ROUNDS = Number(process.env.MEDIAGEN_BENCH_ROUNDS ?? 3);
/** Timed calls per side and round. */
const CALLS = Number(process.env.MEDIAGEN_BENCH_CALLS ?? 6_000);
const WARMUP = Number(process.env.MEDIAGEN_BENCH_WARMUP ?? 1_000);
const BLOCK = 50;
const GOAL = 1.1;
const API_KEY = 'bench-key-0123456789';
const TIMEOUT_MS = 60_000;

const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const port = await new Promise<number>((resolve, reject) => {
  child.once('message', (message) => resolve((message as { port: number }).port));
  child.once('error', reject);
});
const baseUrl = `http://127.0.0.1:${port}`;

const url = `${baseUrl}/pub/v1/generations/gen_01`;
type Data = { generation_id: string };
/** What a caller would write by hand: the header, the envelope's data. */
const raw = async (): Promise<Data> => {
  const response = await fetch(url, { headers: { 'X-API-KEY': API_KEY } });
  const body = (await response.json()) as { data: Data };
  return body.data;
};
/** The same with a timeout per call: one AbortController and timer, cleared after the body. */
const withTimeout = async <T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
};
const rawTimeout = () =>
  withTimeout(async (signal) => {
    const response = await fetch(url, { headers: { 'X-API-KEY': API_KEY }, signal });
    return ((await response.json()) as { data: Data }).data;
  });
/** Bare openapi-fetch, as its documentation shows it: the key as a default header, `data.data` out. */
const bare = createFetchClient<paths>({ baseUrl, headers: { 'X-API-KEY': API_KEY } });
const params = { path: { generation_id: 'gen_01' } };
const openapiFetch = async (): Promise<Data> => (await bare.GET('/pub/v1/generations/{generation_id}', { params })).data!.data;
const openapiFetchTimeout = () => withTimeout(async (signal) => (await bare.GET('/pub/v1/generations/{generation_id}', { params, signal })).data!.data);
const client = createClient({ apiKey: API_KEY, baseUrl });
const noTimeout = createClient({ apiKey: API_KEY, baseUrl, timeoutMs: 0 });
const BASELINE = process.env.MEDIAGEN_BENCH_BASELINE;
/** An earlier version of the client (its createClient), when asked for. */
const baseline = BASELINE
  ? ((await import(pathToFileURL(resolve(BASELINE)).href)) as { createClient: typeof createClient }).createClient({ apiKey: API_KEY, baseUrl })
  : undefined;
type Call = () => Promise<Data>;
const sides: Record<string, Call> = {
  raw,
  rawTimeout,
  openapiFetch,
  openapiFetchTimeout,
  client: () => client.generations.get('gen_01'),
  clientNoTimeout: () => noTimeout.generations.get('gen_01'),
  ...(baseline ? { baseline: () => baseline.generations.get('gen_01') } : {}),
};
type Side = string;
const names = Object.keys(sides);

async function timed(side: Side): Promise<number> {
  const started = performance.now();
  const data = await sides[side]!();
  const elapsed = performance.now() - started;
  if (data.generation_id !== 'gen_01') throw new Error('unexpected answer');
  return elapsed * 1000;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The block order: rotated by one each block, reversed every other block. */
const orderOf = (block: number): Side[] => {
  const rotated = names.map((_, i) => names[(i + block) % names.length]!);
  return block % 2 ? rotated.reverse() : rotated;
};

async function round(): Promise<Record<Side, number>> {
  for (let i = 0; i < WARMUP; i += BLOCK) for (const side of orderOf(i / BLOCK)) for (let j = 0; j < BLOCK; j++) await timed(side);
  const samples = Object.fromEntries(names.map((side) => [side, [] as number[]])) as Record<Side, number[]>;
  for (let block = 0; block * BLOCK < CALLS; block++) {
    for (const side of orderOf(block)) for (let j = 0; j < BLOCK; j++) samples[side]!.push(await timed(side));
  }
  return Object.fromEntries(names.map((side) => [side, median(samples[side]!)])) as Record<Side, number>;
}

interface Ratio {
  label: string;
  side: Side;
  against: Side;
}
const RATIOS: Ratio[] = [
  ...(baseline ? [{ label: '(a0) baseline client / openapi-fetch, 60 s timeout', side: 'baseline', against: 'openapiFetchTimeout' }] : []),
  { label: '(a) client / openapi-fetch, 60 s timeout', side: 'client', against: 'openapiFetchTimeout' },
  { label: '(b) client / openapi-fetch, no timeout', side: 'clientNoTimeout', against: 'openapiFetch' },
  { label: '(c) openapi-fetch / raw fetch, no timeout', side: 'openapiFetch', against: 'raw' },
  { label: '(d) openapi-fetch / raw fetch, 60 s timeout', side: 'openapiFetchTimeout', against: 'rawTimeout' },
];
const ratioOf = (medians: Record<Side, number>, r: Ratio) => medians[r.side]! / medians[r.against]!;
const fmt = (medians: Record<Side, number>, r: Ratio) => {
  const delta = medians[r.side]! - medians[r.against]!;
  return `${ratioOf(medians, r).toFixed(3)}× (${delta >= 0 ? '+' : ''}${delta.toFixed(1)} µs)`;
};

console.log(
  `Per-call overhead (loopback server in a child process, GET getGeneration; ${ROUNDS} rounds of ${WARMUP} warm-up and ${CALLS} timed calls per side, in alternating blocks of ${BLOCK}; medians)`,
);
const rounds: Record<Side, number>[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const medians = await round();
  rounds.push(medians);
  console.log(
    `  round ${i + 1}: ${RATIOS.map((r) => `${r.label.split(' ')[0]} ${fmt(medians, r)}`).join('  ')}   medians µs: ${names.map((side) => `${side} ${medians[side]!.toFixed(1)}`).join(', ')}`,
  );
}
child.disconnect();

for (const r of RATIOS) {
  const values = rounds.map((medians) => ratioOf(medians, r));
  console.log(
    `  ${r.label.padEnd(44)} median ${median(values).toFixed(3)}×, ${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}× over ${ROUNDS} rounds`,
  );
}
const goal = RATIOS.find((r) => r.side === 'client')!;
const met = rounds.filter((medians) => ratioOf(medians, goal) <= GOAL).length;
console.log(`  goal ≤ ${GOAL.toFixed(2)}× for (a): met in ${met} of ${ROUNDS} rounds`);
