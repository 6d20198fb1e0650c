// JSON request bodies within the edge's bounds: nesting is measured by a scan of the text (no
// recursion, so no depth can exhaust the stack) before anything parses or walks it.

import { nestsDeeperThan } from '@mediagen/schema/util';

export { nestsDeeperThan };

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Parses a request body: the error message says what is wrong, never where in our code. */
export function parseJsonBody(text: string, maxDepth: number): JsonRead {
  if (text.trim() === '') return { ok: false, message: 'request body is required (JSON)' };
  if (nestsDeeperThan(text, maxDepth)) return { ok: false, message: `request body nests deeper than ${maxDepth} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `request body is not valid JSON (${(error as Error).message})` };
  }
}
