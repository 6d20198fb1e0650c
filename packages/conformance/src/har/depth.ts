// How deep a JSON text nests, counted without parsing it (no recursion, no stack): a recording can hold
// an answer nested 100,000 deep, which a recursive walk (the ledger's transforms, a clone) cannot take.
// The one reader of recordings (read.ts) says such an entry by its index, and the commands that walk
// bodies (usage, upgrade) skip it with that line rather than stop.

/** The deepest nesting a body may have to be walked: far beyond any answer of the API. */
export const MAX_JSON_DEPTH = 256;

/** Whether `text` nests arrays and objects more than `max` deep (strings are skipped, escapes too). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
