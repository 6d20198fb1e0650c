// Ports and servers on the loopback interface: a free port, listening with a typed error for a
// taken one, closing with the connections held.
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { PortInUseError } from './errors.js';

export const DEFAULT_HOST = '127.0.0.1';

function tryListen(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

/** A port the OS says is free on `host` right now (bound with port 0, then released). */
export function freePort(host = DEFAULT_HOST): Promise<number> {
  return tryListen(host, 0);
}

/** Listens on `host`:`port` (0: a free one) and resolves with the port; PortInUseError when taken or not allowed. */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') reject(new PortInUseError(host, port, error));
      else reject(error);
    };
    server.once('error', onError);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Closes a server and the connections it holds; resolves at once when it is not listening. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The address to put in links to a server bound to `host`: a loopback one for the any-address. */
export const linkHost = (host: string): string => (host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host);

/** The URL of a server on `host`:`port`, without a trailing slash. */
export const originOf = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

export function checkPort(port: number | undefined): void {
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new RangeError(`port must be a whole number from 0 to 65535, got ${port}`);
  }
}
