// JSON request bodies within the edge's bounds: nesting is measured by a scan of the text (no
// recursion, so no depth can exhaust the stack) before anything parses or walks it.

/** Whether arrays and objects in `text` nest deeper than `max` (strings are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

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
