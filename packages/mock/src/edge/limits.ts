// The bounds of the mocks' HTTP edge: how big, how deep, how slow and how many. The API documents
// no limit; these keep one client (or a local process, or a web page) from filling the memory of a
// mock or holding all of its sockets, and are far above any request the contract describes (a
// generation batch is a few kilobytes). Past a bound the edge answers in the envelope (413, 408,
// 503) and closes the connection.
import { withOverrides } from '@mediagen/schema/util';

export interface EdgeLimits {
  /** Largest JSON request body, in bytes (413 above). */
  jsonBodyBytes: number;
  /** Deepest nesting of arrays and objects in a JSON body (400 above). */
  jsonDepth: number;
  /** Bytes of request bodies being read at the same time, all connections together (503 above). */
  bodyBytesInFlight: number;
  /** The request line and headers must arrive within this (Node closes the connection after it). */
  headersTimeoutMs: number;
  /** The whole body must arrive within this, counted from the end of the headers (408 after it). */
  bodyTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  idleTimeoutMs: number;
  /** Open connections at once; the next one is answered 503 and closed. */
  maxConnections: number;
}

const MIB = 1024 * 1024;

/** The defaults, documented in the README's budget table. */
export const EDGE_LIMITS: Readonly<EdgeLimits> = Object.freeze({
  jsonBodyBytes: MIB,
  jsonDepth: 64,
  bodyBytesInFlight: 64 * MIB,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  idleTimeoutMs: 5_000,
  // Each connection to the Prism front can hold a second descriptor towards Prism: 256 stays well
  // under the common limit of 1,024 open files.
  maxConnections: 256,
});

/** The limits with `overrides` applied; a RangeError names a value that is not a whole number ≥ 1. */
export function resolveEdgeLimits(overrides: Partial<EdgeLimits> = {}): EdgeLimits {
  return withOverrides(EDGE_LIMITS, overrides, (name, value) => {
    if (!Object.hasOwn(EDGE_LIMITS, name)) throw new RangeError(`unknown edge limit "${name}"`);
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`limits.${name} must be a whole number ≥ 1, got ${value}`);
  });
}
