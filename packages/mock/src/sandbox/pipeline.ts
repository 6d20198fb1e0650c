// What every API request of the sandbox goes through, in order: latency, fault injection, the API
// key, the JSON body, the contract's verdict (validation/request.ts, shared with the Prism front, so
// both mocks word an invalid request alike), the account's own checks (references), the handler,
// and the answer shaped for the API version served. Also the answers themselves: JSON with the
// sandbox's own headers, and every failure in the `{ err: { code, message } }` envelope.
import { downgradeResponse, type OperationSpec } from '@mediagen/schema';
import { API_KEY_HEADER } from '@mediagen/schema/util';
import { errorBody, MOCK_HEADER, scrub } from '../edge/envelope.js';
import { parseJsonBody } from '../edge/json.js';
import { EDGE_LIMITS } from '../edge/limits.js';
import { checkRequest, queryObject, type Versioning } from '../validation/request.js';
import { UploadRefused } from './assets.js';
import type { SandboxParts } from './parts.js';
import { generationContext } from './references.js';
import { HttpError, invalid, type Reply, refused } from './reply.js';
import { stream } from './rng.js';
import { BudgetError, NotFoundError } from './store.js';

/**
 * Every answer names its mock, and no browser may guess another type (HTML, script) for it. Set
 * where each response is built: changing a response's headers afterwards costs a Headers object
 * per call.
 */
export const OWN_HEADERS = { [MOCK_HEADER]: 'sandbox', 'x-content-type-options': 'nosniff' };
const JSON_HEADERS = { 'content-type': 'application/json', ...OWN_HEADERS };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: HttpError): Response {
  return jsonResponse(error.status, errorBody(error.status, error.message, error.code), error.headers);
}

/** Runs `run`, answering any failure in the envelope (never a stack trace). */
export async function answered(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    if (error instanceof NotFoundError) return errorResponse(new HttpError(404, error.message));
    if (error instanceof BudgetError) return errorResponse(new HttpError(503, error.message, 'budget_exceeded'));
    if (error instanceof UploadRefused) return errorResponse(new HttpError(403, error.message));
    return errorResponse(new HttpError(500, `internal error: ${scrub((error as Error)?.message ?? String(error))}`));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A handler seen from the pipeline, which calls it only with what its operation's schemas accepted. */
export type ValidatedHandler = (call: { params: unknown; query: unknown; body: unknown }) => Reply<unknown>;

async function readJson(request: Request): Promise<unknown> {
  const read = parseJsonBody(await request.text(), EDGE_LIMITS.jsonDepth);
  if (!read.ok) throw new HttpError(400, read.message);
  return read.value;
}

export type Pipeline = (op: OperationSpec, handler: ValidatedHandler | undefined, request: Request, params: Record<string, string>) => Promise<Response>;

export function apiPipeline(parts: SandboxParts, versioning: () => Versioning | undefined): Pipeline {
  const { options } = parts;
  const faults = stream(options.seed, 'faults');
  return async (op, handler, request, rawParams) => {
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    // One draw per API request, whether faults are on or not, keeps the stream aligned across runs.
    if (faults() < options.faults.errorRate) {
      if (options.faults.slowMs > 0) await sleep(options.faults.slowMs);
      const status = options.faults.status;
      throw new HttpError(status, 'injected fault (sandbox)', undefined, status === 429 || status === 503 ? { 'retry-after': '1' } : undefined);
    }
    const key = request.headers.get(API_KEY_HEADER);
    if (key === null || !options.apiKeys.includes(key)) throw new HttpError(401, key === null ? 'missing API key (X-API-KEY)' : 'invalid API key');
    if (!handler) throw new HttpError(501, `${op.operationId} is not implemented by the sandbox`, 'not_implemented');

    const served = versioning();
    const body = op.body ? await readJson(request) : undefined;
    const context = op.generationBody ? generationContext(parts.store, parts.catalogue, options.plan) : undefined;
    const verdict = checkRequest(op, { params: rawParams, query: queryObject(new URL(request.url).searchParams), body }, { versioning: served, context });
    if (!verdict.ok) throw refused(options.refusalStatus, verdict.message);
    if (op.generationBody) {
      const references = parts.references.checkReferences(verdict.body as Parameters<typeof parts.references.checkReferences>[0]);
      if (references.length > 0) throw invalid(references, options.refusalStatus);
    }
    const reply = handler(verdict);
    const shaped = served ? downgradeResponse(served.plan, op.operationId, reply.status, reply.body, served.version).body : reply.body;
    return jsonResponse(reply.status, shaped, reply.headers);
  };
}
