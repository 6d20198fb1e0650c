// A tap for the proxy tests: a loopback server that records every request exactly as it arrived
// (method, raw URL, headers, body bytes) and forwards it to a target, answering what the target
// answered. Two taps (before and after the validating proxy) show that what the client sent is what
// the upstream got.
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Tapped {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function startTap(target: string) {
  const seen: Tapped[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const out = request(new URL(req.url ?? '/', to), { method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
