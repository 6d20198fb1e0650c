// The hostile peers of the proxy tests, all real servers on loopback: an upstream that answers with raw
// bytes (a status line or header no client side can carry, a 101, silence) and counts the sockets open
// on its side; an origin that must never be reached (it records whatever reaches it); and a client that
// sends a request as raw bytes (a request target no fetch would send) and reads the raw answer.
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';

/** What the raw upstream does with one request: raw bytes to answer with, or `silent` (never answers). */
export type RawAnswer = string | Buffer | 'silent';

export interface RawUpstream {
  url: string;
  /** Requests seen: the request line and headers, as they arrived. */
  readonly seen: string[];
  /** Sockets open on the upstream's side now. */
  readonly open: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  stop(): Promise<void>;
}

/** An upstream speaking raw HTTP/1.1: `answer` picks the bytes for each request by its head. */
export async function rawUpstream(answer: (head: string) => RawAnswer): Promise<RawUpstream> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.slice(0, end);
      buffered = '';
      seen.push(head);
      const bytes = answer(head);
      if (bytes !== 'silent') socket.end(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    get open() {
      return sockets.size;
    },
    get accepted() {
      return accepted;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer as raw bytes, with whatever status line and extra header lines are given. */
export function rawJson(statusLine: string, body: unknown = { data: [], err: null }, extraHeaders = ''): string {
  const text = JSON.stringify(body);
  return `${statusLine}\r\ncontent-type: application/json\r\n${extraHeaders}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`;
}

export interface Elsewhere {
  /** `host:port` of this origin. */
  host: string;
  /** What reached it: method, URL and headers of each request. */
  readonly seen: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  stop(): Promise<void>;
}

/** An origin the proxy must never send anything to (on 127.0.0.2, another loopback address). */
export async function elsewhere(): Promise<Elsewhere> {
  const seen: Elsewhere['seen'] = [];
  const server = createHttpServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[],"err":null}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    host: `127.0.0.2:${(server.address() as { port: number }).port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawReply {
  status: number;
  head: string;
  body: string;
}

/** Sends `text` as raw bytes to `url`'s host and reads the answer until the connection closes (or `waitMs`). */
export function rawRequest(url: string, text: string, waitMs = 60_000): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.from(text, 'latin1')));
    let got = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const end = got.indexOf('\r\n\r\n');
      const head = end < 0 ? got : got.slice(0, end);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: end < 0 ? '' : got.slice(end + 4) });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => {
      got += chunk.toString('latin1');
      // One answer is enough: a proxy that keeps the connection open is not waited for.
      const end = got.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(got.slice(0, end))?.[1];
      if (end >= 0 && length !== undefined && Buffer.byteLength(got.slice(end + 4), 'latin1') >= Number(length)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}
