// What a handler receives and answers. A handler is typed by its operation: its call carries the
// parsed parameters, query and body of that operation, and its reply must be that operation's
// success envelope (`ResponseOf<K>`), so the compiler checks the sandbox's answers against the
// contract. Anything else it answers is thrown as an HttpError.
import type { Issue, OperationId, OperationSpecOf, ResponseOf, z } from '@mediagen/schema';
import { codeFor } from '../edge/envelope.js';
import { issuesMessage, REFUSAL_CODE, type RefusalStatus } from '../validation/request.js';

/** An answer other than success: becomes the `{ err: { code, message } }` envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, code?: string, headers?: Record<string, string>) {
    // A refusal is an answer, not a fault: no stack is captured (it is never shown, and a run draws many).
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = depth;
    }
    this.name = 'HttpError';
    this.status = status;
    this.code = code ?? codeFor(status);
    this.headers = headers;
  }
}

/** A request refused as invalid, answered with the sandbox's refusal status (`refusalStatus`). */
export const refused = (status: RefusalStatus, message: string) => new HttpError(status, message, REFUSAL_CODE);
export const invalid = (issues: readonly Issue[], status: RefusalStatus) => refused(status, issuesMessage(issues));

/** A request part after validation (`undefined` when the operation has none). */
type Part<K extends OperationId, P extends 'params' | 'query' | 'body'> =
  OperationSpecOf<K> extends { [Q in P]: infer S extends z.ZodType } ? z.output<S> : undefined;

export interface Call<K extends OperationId> {
  params: Part<K, 'params'>;
  query: Part<K, 'query'>;
  body: Part<K, 'body'>;
}

export interface Reply<T> {
  status: number;
  body: T;
  headers?: Record<string, string>;
}

export type Handlers = { [K in OperationId]: (call: Call<K>) => Reply<ResponseOf<K>> };

/** The success envelope `{ data, err: {} }`, plus `extra` (pagination). */
export const ok = <D, E extends object = object>(data: D, status = 200, extra?: E): Reply<{ data: D; err: Record<string, never> } & E> => ({
  status,
  body: { data, err: {}, ...(extra as E) },
});
