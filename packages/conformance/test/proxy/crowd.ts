// A crowd of large answers through the proxy, for the memory test and the bench: an upstream that
// answers every request with the same large JSON body (one buffer, held by the upstream's process),
// and clients that ask at once and read every answer to its end without keeping it. With `together`,
// every answer is held back by its last byte until all of them were sent up to it: the proxy then has
// every answer in flight at once, the worst case for what it keeps.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LargeAnswers {
  url: string;
  stop(): Promise<void>;
}

/** An upstream whose every answer is a valid envelope of `bytes` bytes (a listing of voices). */
export async function largeAnswers(bytes: number, together?: number): Promise<LargeAnswers> {
  const item = '{"name":"a-voice","sample":"https://cdn.example/v.mp3"},';
  const head = '{"data":[';
  const tail = '{"name":"last"}],"err":null}';
  const count = Math.max(0, Math.floor((bytes - head.length - tail.length) / item.length));
  const body = Buffer.from(head + item.repeat(count) + tail);
  const held: (() => void)[] = [];
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    if (together === undefined) return void res.end(body);
    res.write(body.subarray(0, body.length - 1), () => {
      held.push(() => res.end(body.subarray(body.length - 1)));
      if (held.length >= together) for (const release of held.splice(0)) release();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `clients` requests at once through `proxyUrl`, each answer read to its end; the bytes each got. */
export function crowd(proxyUrl: string, clients: number, path = '/pub/v1/voices'): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<number>((resolve, reject) => {
          const out = request(`${proxyUrl}${path}`, { headers: { 'x-api-key': 'crowd-key' }, agent: false }, (res) => {
            let got = 0;
            res.on('data', (chunk: Buffer) => (got += chunk.length));
            res.on('end', () => resolve(got));
            res.on('error', reject);
          });
          out.on('error', reject);
          out.end();
        }),
    ),
  );
}
