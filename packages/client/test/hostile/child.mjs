// One call of the client against a hostile server, in a process of its own so that its peak memory
// can be read: `node child.mjs '<job as JSON>'` (a Job of hostile.test.ts). It imports the client by
// its name, as an application does: the build (dist/). Prints one JSON line (an Outcome): how the call
// ended (the error's class, message and fields, or the value), how long it took and the process's
// peak RSS (getrusage's ru_maxrss), then exits without waiting for sockets the server keeps open.
import { createClient, MediaGenError } from '@mediagen/client';

const job = JSON.parse(process.argv[2]);
const client = createClient({ apiKey: 'sk_hostile_0123456789abcdef', baseUrl: job.baseUrl, ...job.options });

async function run() {
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
let outcome;
try {
  outcome = { ok: true, value: await run() };
} catch (error) {
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => typeof value !== 'object'));
  outcome = { ok: false, name: error?.name, typed: error instanceof MediaGenError, message: String(error?.message), fields };
}
const result = { ...outcome, elapsedMs: performance.now() - started, startRssBytes, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
