// Latency of generate and list on the sandbox holding 100 and 10,000 generations, and their ratio
// (printed, not asserted). In-process (`app.request`), so only the sandbox's own work is measured;
// bounded: ROUNDS requests per measurement.
import { createSandbox } from '../src/sandbox/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const KEY = 'sandbox-key';
const ITEM = [{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse at dusk' } }];

function filled(generations: number) {
  const sandbox = createSandbox({ credits: 1e12, seed: 7 });
  for (let i = 0; i < generations; i++) sandbox.parts.generations.generate(ITEM, 0);
  return sandbox;
}

async function median(run: () => Response | Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const response = await run();
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
const rows: [string, number, number][] = [];
for (const [name, request] of [
  ['generate', (app: ReturnType<typeof createSandbox>['app']) => app.request('/pub/v1/generations', { method: 'POST', headers, body: JSON.stringify(ITEM) })],
  ['list (page 2 of 10)', (app: ReturnType<typeof createSandbox>['app']) => app.request('/pub/v1/generations?page=2&page_size=10', { headers })],
] as const) {
  const small = filled(100);
  const large = filled(10_000);
  await median(() => request(small.app)); // warm-up
  rows.push([name, await median(() => request(small.app)), await median(() => request(large.app))]);
}

console.log(`sandbox latency by generations held (median of ${ROUNDS}, in-process)`);
console.log('operation             100 gens   10,000 gens   ratio');
for (const [name, few, many] of rows) {
  console.log(`${name.padEnd(20)} ${few.toFixed(3).padStart(8)} ms ${many.toFixed(3).padStart(10)} ms ${(many / few).toFixed(2).padStart(7)}×`);
}
