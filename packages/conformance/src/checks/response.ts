// Checks judged on every response: status code, content type, envelope, schema, renamed fields and
// (on targets that compute pages) pagination. Each returns verdicts, never throws.
import { ErrorEnvelope, formatIssue, type OperationSpec, validate } from '@mediagen/schema';
import type { Exchange } from '../engine/http.js';
import type { Verdict as BaseVerdict } from './define.js';

/** A verdict without its check id: each check's judge in registry/ names itself. */
type Verdict = Omit<BaseVerdict, 'check'>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (object: Record<string, unknown>, key: string) => Object.hasOwn(object, key);
export const isSuccess = (status: number) => status >= 200 && status < 300;

export function declaredStatuses(op: OperationSpec): number[] {
  return [op.success.status, ...op.errors];
}

/**
 * Client errors a server may plausibly pick for a request it refuses: the sources do not say which
 * of them each operation uses, so choosing 400 over 422 (or 404 over 400) is not a fault.
 */
export const PLAUSIBLE_CLIENT_ERRORS: readonly number[] = [400, 401, 402, 403, 404, 405, 409, 413, 415, 422, 429];
/** Server errors: the envelope of any 5xx is part of the contract; not_a_server_error judges whether one was deserved. */
export const SERVER_ERRORS: readonly number[] = [500, 502, 503, 504];

export function checkStatusCode(op: OperationSpec, exchange: Exchange): Verdict {
  if (exchange.status === 0) return { ok: false, message: `no response: ${exchange.error ?? 'unknown error'}` };
  const declared = declaredStatuses(op);
  if (declared.includes(exchange.status)) return { ok: true };
  if (PLAUSIBLE_CLIENT_ERRORS.includes(exchange.status) || SERVER_ERRORS.includes(exchange.status)) return { ok: true };
  return {
    ok: false,
    message: `status ${exchange.status} is not declared for ${op.operationId} (declared: ${declared.join(', ')}, or any plausible client error)`,
  };
}

/** A 5xx to a request the contract allows. */
export function checkNotServerError(exchange: Exchange): Verdict | undefined {
  if (exchange.status === 0) return undefined;
  if (exchange.status < 500) return { ok: true };
  const err = errorObject(exchange.json);
  return { ok: false, message: `a request the contract allows answered ${exchange.status}${err ? ` (${err.code}: ${err.message})` : ''}` };
}

export function checkContentType(exchange: Exchange): Verdict {
  const type = exchange.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') return { ok: true };
  return {
    ok: false,
    message: `content type is ${exchange.contentType ? JSON.stringify(exchange.contentType) : 'missing'}, expected "application/json" (status ${exchange.status})`,
  };
}

/** The error object of a failure body, when it has the documented shape. */
export function errorObject(json: unknown): { code: string; message: string } | undefined {
  if (!isObject(json) || !isObject(json.err)) return undefined;
  const { code, message } = json.err;
  return typeof code === 'string' && code.length > 0 && typeof message === 'string' ? { code, message } : undefined;
}

export function checkEnvelope(exchange: Exchange): Verdict {
  const fail = (message: string): Verdict => ({ ok: false, message: `status ${exchange.status}: ${message}` });
  if (exchange.json === undefined) return fail(exchange.jsonError ?? 'body is not JSON');
  const body = exchange.json;
  if (!isObject(body)) return fail(`body is ${Array.isArray(body) ? 'an array' : typeof body}, expected an object with data/err`);
  if (isSuccess(exchange.status)) {
    if (!has(body, 'data') || body.data === undefined) return fail('success body has no `data`');
    if (has(body, 'err') && body.err !== undefined) {
      if (!isObject(body.err)) return fail('`err` is not an object');
      if (Object.keys(body.err).length > 0 && !errorObject(body)) return fail('`err` is neither {} nor { code, message }');
    }
    return { ok: true };
  }
  if (!has(body, 'err')) return fail('failure body has no `err`');
  if (!isObject(body.err)) return fail('`err` is not an object');
  if (typeof body.err.code !== 'string' || body.err.code.length === 0) return fail('`err.code` is not a non-empty string');
  if (typeof body.err.message !== 'string') return fail('`err.message` is not a string');
  return { ok: true };
}

export function checkResponseSchema(op: OperationSpec, exchange: Exchange): Verdict {
  if (exchange.json === undefined) {
    return { ok: false, message: `status ${exchange.status}: ${exchange.jsonError ?? 'body is not JSON'}` };
  }
  const success = isSuccess(exchange.status);
  const result = validate(success ? op.success.schema : ErrorEnvelope, exchange.json);
  if (result.success) return { ok: true };
  const first = result.errors[0]!;
  const more = result.errors.length > 1 ? ` (+${result.errors.length - 1} more)` : '';
  return {
    ok: false,
    path: [...first.path],
    paths: result.errors.map((e) => [...e.path]),
    message: `status ${exchange.status}, ${success ? `${op.operationId} success schema` : 'ErrorEnvelope'}: ${formatIssue(first)}${more}`,
  };
}

const LEGACY_MEDIA_FIELDS: Record<string, string> = { size: 'dim', image_size: 'dim' };

/** Current names present and legacy names absent in a media item at `where`. */
function mediaItemProblems(item: unknown, where: string, problems: string[]): void {
  if (!isObject(item)) return;
  for (const [legacy, current] of Object.entries(LEGACY_MEDIA_FIELDS)) {
    if (has(item, legacy)) problems.push(`${where}.${legacy}: legacy name (now \`${current}\`)`);
  }
  if (!has(item, 'dim')) problems.push(`${where}.dim: missing`);
  if (!has(item, 'type')) problems.push(`${where}.type: missing`);
}

function generationProblems(generation: unknown, where: string, problems: string[]): void {
  if (!isObject(generation)) return;
  if (has(generation, 'images')) problems.push(`${where}.images: legacy name (now \`media\`)`);
  if (!has(generation, 'media')) {
    problems.push(`${where}.media: missing`);
    return;
  }
  if (Array.isArray(generation.media)) generation.media.forEach((item, i) => mediaItemProblems(item, `${where}.media[${i}]`, problems));
}

/** The renamed fields of 2024-09-04, in responses that carry generations or media. */
export function checkRenamedFields(op: OperationSpec, exchange: Exchange): Verdict | undefined {
  if (!op.carriesMedia || !isSuccess(exchange.status) || !isObject(exchange.json)) return undefined;
  const data = exchange.json.data;
  const problems: string[] = [];
  if (op.operationId === 'getMedia') mediaItemProblems(data, 'data', problems);
  else if (op.operationId === 'listGenerations') {
    if (Array.isArray(data)) data.forEach((g, i) => generationProblems(g, `data[${i}]`, problems));
  } else generationProblems(data, 'data', problems);
  if (problems.length === 0) return { ok: true };
  const more = problems.length > 1 ? ` (+${problems.length - 1} more)` : '';
  return { ok: false, message: `${problems[0]}${more}` };
}

/** Page and page_size honoured by a paged listing (only judged when the request asked for them). */
export function checkPagination(op: OperationSpec, exchange: Exchange): Verdict | undefined {
  if (!op.paged || !isSuccess(exchange.status) || !isObject(exchange.json)) return undefined;
  const query = exchange.request.query ?? {};
  if (query.page_size === undefined && query.page === undefined) return undefined;
  const pageSize = query.page_size === undefined ? undefined : Number(query.page_size);
  const page = query.page === undefined ? 1 : Number(query.page);
  const { data, pagination } = exchange.json;
  const fail = (message: string): Verdict => ({ ok: false, message });
  if (!Array.isArray(data)) return undefined;
  if (pageSize !== undefined && data.length > pageSize) return fail(`asked for page_size=${pageSize}, got ${data.length} items`);
  if (isObject(pagination)) {
    if (pageSize !== undefined && pagination.page_size !== pageSize) {
      return fail(`asked for page_size=${pageSize}, pagination.page_size is ${JSON.stringify(pagination.page_size)}`);
    }
    if (pagination.page !== page) return fail(`asked for page=${page}, pagination.page is ${JSON.stringify(pagination.page)}`);
    if (typeof pagination.total === 'number' && pageSize !== undefined) {
      const expected = Math.max(0, Math.min(pageSize, pagination.total - (page - 1) * pageSize));
      if (data.length !== expected)
        return fail(`total ${pagination.total}, page ${page} of size ${pageSize} should hold ${expected} items, got ${data.length}`);
    }
  }
  return { ok: true };
}
