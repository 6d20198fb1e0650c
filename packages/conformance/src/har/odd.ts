// Entries of a recording no command can take as they are, told apart by the one reader of recordings
// (read.ts), which says each by its index: one that is not an HTTP exchange (a browser export holds
// `data:`, `javascript:` and `file:` entries), skipped by every command; one whose body nests deeper than
// a recursive walk (the ledger's transforms, a clone) can go (an answer nested 100,000 deep), counted here
// without parsing it, skipped by the commands that walk bodies (usage, upgrade).

import { nestsDeeperThan } from '@mediagen/schema/util';

/** The deepest nesting a body may have to be walked: far beyond any answer of the API. */
export const MAX_JSON_DEPTH = 256;

/** The scheme of a URL (`https:`, `data:`), or undefined when it is not one. */
export function schemeOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

/** The note of an entry that is not an HTTP exchange (skipped by every command), or undefined. */
export function notHttp(where: string, url: string): string | undefined {
  const scheme = schemeOf(url);
  if (scheme === 'http:' || scheme === 'https:') return undefined;
  return `${where}.request.url: ${scheme ? `a ${scheme.slice(0, 16)} URL` : 'not a URL'}, not an HTTP exchange: skipped`;
}

/** The note of an entry a body of which nests past MAX_JSON_DEPTH (skipped by what walks bodies), or undefined. */
export function tooDeep(where: string, bodies: { requestBody?: string; responseText: string }): string | undefined {
  if (bodies.requestBody !== undefined && nestsDeeperThan(bodies.requestBody, MAX_JSON_DEPTH))
    return `${where}: its request body nests more than ${MAX_JSON_DEPTH} levels deep`;
  if (nestsDeeperThan(bodies.responseText, MAX_JSON_DEPTH)) return `${where}: its answer nests more than ${MAX_JSON_DEPTH} levels deep`;
  return undefined;
}
