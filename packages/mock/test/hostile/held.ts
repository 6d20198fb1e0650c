// A connection that holds one of a mock's places for as long as the test wants: kept alive, and asking
// again a quarter of a second after each answer, so the mock's idle timeout (5 s) never ends it and no
// body timer runs on it. Used to fill the connection cap before the connections meant to be over it
// arrive: counted, not raced against a timer.
import { connect } from 'node:net';
import { answered, head } from './harness.js';

export interface Held {
  /** Status of the first answer; 0 when the connection closed before one (Node refused it unanswered). */
  readonly status: number;
  /** The mock closed it (a held connection never is until released). */
  readonly closed: boolean;
  /** Closes it. */
  release(): void;
}

const ASK_EVERY_MS = 250;

/** Opens a held connection to `port`; resolves once it is answered (or closed unanswered). */
export function hold(port: number): Promise<Held> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let first: number | undefined;
    let closed = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    const held: Held = {
      get status() {
        return first ?? 0;
      },
      get closed() {
        return closed;
      },
      release() {
        clearTimeout(next);
        socket.destroy();
      },
    };
    // A path no operation has: answered 404 by the edge itself, without Prism or a handler.
    const ask = () => socket.writable && socket.write(head('GET', '/held', port));
    socket.on('connect', ask);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!answered(text)) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      text = '';
      if (first === undefined) {
        first = status;
        resolve(held);
      }
      next = setTimeout(ask, ASK_EVERY_MS);
    });
    socket.on('close', () => {
      closed = true;
      clearTimeout(next);
      resolve(held);
    });
    socket.on('error', () => {
      // reported by 'close'
    });
  });
}
