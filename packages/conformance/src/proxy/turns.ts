// A connection's requests in turn. A client may pipeline requests on a kept-alive connection; their
// answers go back in order, so a request waits for the answer before it. When that answer ended the
// connection (a refusal, a failed forward), the request is dropped unforwarded and the connection
// closed: the upstream never sees a request whose answer the client cannot get (for a generate, a
// spend with no answer).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectionEnded } from './answer.js';

export type Turns = (req: IncomingMessage, res: ServerResponse, handle: () => Promise<void>) => Promise<void>;

export function connectionTurns(): Turns {
  const lastOn = new WeakMap<object, Promise<void>>();
  return (req, res, handle) => {
    const before = lastOn.get(req.socket);
    // The next request on the connection waits for this answer, not for its judging.
    let answered: (() => void) | undefined;
    lastOn.set(
      req.socket,
      new Promise<void>((resolve) => {
        answered = resolve;
        res.once('close', resolve);
      }),
    );
    const turn = () => {
      if (!connectionEnded(req)) return handle();
      // The answer before it is out: the connection ends now, with nothing after it forwarded.
      req.socket.end();
      answered?.();
      return Promise.resolve();
    };
    return before ? before.then(turn) : turn();
  };
}
