// Prism's answers as the client gets them: the `{ err: { code, message } }` envelope for everything
// that is not one already (problem+json, Prism's server's own `{ error }`, text), Prism's request
// violations (its `sl-violations` header) as the message, never a stack trace or a local path. And
// the one change made to a body on its way to Prism: property names Node cannot put in a header.
import type { IncomingHttpHeaders } from 'node:http';
import { formatIssue, isObject } from '@mediagen/schema/util';
import { errorBody, scrub } from '../edge/envelope.js';

// Node refuses header values outside tab, 0x20-0x7E and 0x80-0xFF; Prism copies property names into
// its `sl-violations` header, so names with other characters are sent to it \u-escaped. No name the
// contract knows contains one, so the validation outcome is the same.
// eslint-disable-next-line no-control-regex
const NOT_HEADER_SAFE = /[^\x20-\x7e\x80-\xff]/g;
const escapeName = (name: string) => name.replace(NOT_HEADER_SAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function headerSafeNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(headerSafeNames);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[escapeName(name)] = headerSafeNames(inner);
  return out;
}

interface Violation {
  location?: unknown;
  message?: unknown;
  severity?: unknown;
}

/**
 * Prism's request violations of severity Error, in the one wording of the toolkit (the schema
 * package's `formatIssue`): `[0].steps: must be <= 3020`, `page_size: must be <= 50`.
 */
function violationsMessage(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header.replace(/^Too many violations! /, ''));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const lines = (parsed as Violation[])
    .filter((v) => v.severity === 'Error' && Array.isArray(v.location) && v.location[0] === 'request')
    .map((v) => {
      // ['request', 'body' | 'query' | 'path' | 'header', ...where]
      const path = (v.location as unknown[]).slice(2).map((part) => (typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : String(part)));
      return formatIssue({ path, message: String(v.message) });
    });
  return lines.length > 0 ? lines.join('; ') : undefined;
}

export interface Translated {
  status: number;
  body: unknown;
}

/**
 * Prism's answer as the client gets it: an envelope passes (with the violations as its message when
 * it is an error); problem+json, `{ error: … }` and anything not JSON become the error envelope.
 */
export function translateAnswer(status: number, headers: IncomingHttpHeaders, text: string): Translated {
  const validStatus = Number.isInteger(status) && status >= 200 && status <= 599 ? status : 500;
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const violations = violationsMessage(headers['sl-violations']);
  if (isObject(parsed) && !/problem\+json/.test(String(headers['content-type'])) && (isObject(parsed.err) || 'data' in parsed)) {
    if (validStatus >= 400 && isObject(parsed.err) && violations) {
      return { status: validStatus, body: { ...parsed, err: { ...parsed.err, message: scrub(violations) } } };
    }
    if (validStatus >= 400 && !isObject(parsed.err)) return { status: validStatus, body: errorBody(validStatus, 'the mock failed to answer') };
    return { status: validStatus, body: parsed };
  }
  const errorStatus = validStatus >= 400 ? validStatus : 500;
  if (isObject(parsed)) {
    // Prism's problem+json: { type, title, status, detail, validation? }; its server's own errors: { error: { message, stack } }.
    const problemStatus = typeof parsed.status === 'number' && parsed.status >= 400 && parsed.status <= 599 ? parsed.status : errorStatus;
    const inner = isObject(parsed.error) ? parsed.error : undefined;
    const message =
      violations ?? [parsed.title, parsed.detail, inner?.message].filter((part): part is string => typeof part === 'string' && part !== '').join(': ');
    return { status: problemStatus, body: errorBody(problemStatus, scrub(message) || 'the mock could not answer this request') };
  }
  return { status: errorStatus, body: errorBody(errorStatus, 'the mock could not answer this request') };
}
