// Runs a sandbox in its own process for the throughput benchmark, so that the load generator and
// the server do not share an event loop (Prism has its own process too). Prints the URL, then waits.
import { startSandbox } from '../src/index.js';

const sandbox = await startSandbox();
console.log(`listening on ${sandbox.url}`);
const stop = () => void sandbox.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
