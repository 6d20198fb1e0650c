// Ports on the loopback interface: a free one, or a check that a chosen one can be bound.
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

/** Resolves when `port` can be bound on `host`; PortInUseError when it is taken or not allowed. */
export async function assertPortFree(host: string, port: number): Promise<void> {
  try {
    await tryListen(host, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') throw new PortInUseError(host, port, error);
    throw error;
  }
}

export function checkPort(port: number | undefined): void {
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new RangeError(`port must be a whole number from 0 to 65535, got ${port}`);
  }
}
