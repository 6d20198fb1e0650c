// The loopback server of the overhead benchmark, run in a child process so it does not share the
// benchmark's event loop. Answers every request with the contract's getGeneration example.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveDocsExamples } from '@mediagen/schema';

const body = JSON.stringify(liveDocsExamples.getGenerationResponse);

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': 'req_bench' });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
