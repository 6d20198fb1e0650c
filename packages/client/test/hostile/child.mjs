// One call of the client against a hostile server, in a process of its own so that its peak memory
// can be read: `node --import tsx child.ts '<job as JSON>'`. Prints one JSON line: how the call
// ended (the error's class, message and fields, or the value), how long it took and the process's
// peak RSS (getrusage's ru_maxrss), then exits without waiting for sockets the server keeps open.
import { createClient, MediaGenError } from '../../src/index.js';

export interface Job {
  baseUrl: string;
  options?: Record<string, unknown>;
  call: 'get' | 'deleteImage' | 'paginate' | 'uploadFile';
  args: string[];
}

export interface Outcome {
  ok: boolean;
  /** The error's class name, when the call failed. */
  name?: string;
  /** Whether the error is one of the client's classes (MediaGenError). */
  typed?: boolean;
  message?: string;
  fields?: Record<string, unknown>;
  /** What a successful call returned, in short. */
  value?: unknown;
  elapsedMs: number;
  /** RSS when the child was ready to call, and its peak over the whole run. */
  startRssBytes: number;
  maxRssBytes: number;
}

const job = JSON.parse(process.argv[2]!) as Job;
const client = createClient({ apiKey: 'sk_hostile_0123456789abcdef', baseUrl: job.baseUrl, ...job.options });

async function run(): Promise<unknown> {
  const [a = '', b = ''] = job.args;
  switch (job.call) {
    case 'get':
      return (await client.generations.get(a)).generation_id;
    case 'deleteImage':
      return client.deprecated.deleteImage(a, b);
    case 'paginate': {
      let items = 0;
      for await (const _ of client.paginate(client.resources.models)) items++;
      return items;
    }
    case 'uploadFile':
      return (await client.assets.uploadFile({ bytes: new Uint8Array(1024), size: { width: 1, height: 1 } })).id;
  }
}

const startRssBytes = process.memoryUsage().rss;
const started = performance.now();
let outcome: Omit<Outcome, 'elapsedMs' | 'startRssBytes' | 'maxRssBytes'>;
try {
  outcome = { ok: true, value: await run() };
} catch (error) {
  const e = error as Error & Record<string, unknown>;
  const fields = Object.fromEntries(Object.entries(e).filter(([, value]) => typeof value !== 'object'));
  outcome = { ok: false, name: e?.name, typed: error instanceof MediaGenError, message: String(e?.message), fields };
}
const result: Outcome = { ...outcome, elapsedMs: performance.now() - started, startRssBytes, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
