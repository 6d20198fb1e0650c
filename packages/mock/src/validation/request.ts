// The contract's verdict on a request, shared by both mocks so they word it alike and agree on it:
// the request is read in the shapes of the API version served (with the ledger's transforms: a
// field newer than that version is refused), then judged by the schema package's
// `checkOperationRequest` (path parameters, query and body with the contract's schemas, a generation
// request with all of its rules). Every issue is printed in the schema package's path-precise form
// (`[0].video_anyone.prompt: at most 500 characters`), issues joined with `; `. Only what the request
// itself shows is judged here; what needs an account's data (does that asset exist?) is the
// sandbox's own check, after this one.
import {
  checkOperationRequest,
  downgradeRequest,
  type GenerationContext,
  type Issue,
  type OperationSpec,
  type TransformPlan,
  upgradeRequest,
  VersionIncompatibleError,
} from '@mediagen/schema';
import { formatIssue } from '@mediagen/schema/util';

/** Serve and accept the shapes of an older API version. */
export interface Versioning {
  /** A version key: `baseline` or a ledger date. */
  version: string;
  plan: TransformPlan;
}

export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The parsed JSON body, or undefined when the operation takes none. */
  body: unknown;
}

export type RequestVerdict = { ok: true; params: unknown; query: unknown; body: unknown } | { ok: false; message: string };

/**
 * The statuses a mock may answer a request the contract refuses with. Neither source says which the
 * service uses: a live-like server answers 400, and the mocks 422 by default (our assumption, the
 * status the contract's error responses describe as "breaks a rule"). `--refusal-status` picks.
 */
export const REFUSAL_STATUSES = [400, 422] as const;
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];
export const DEFAULT_REFUSAL_STATUS: RefusalStatus = 422;
/** The `err.code` of a refusal, whichever its status: what it is, not how it was answered. */
export const REFUSAL_CODE = 'validation_error';

/** The refusal status of the options (the default when undefined); a RangeError names any other. */
export function refusalStatusOf(value: number | undefined, name = 'refusalStatus'): RefusalStatus {
  const status = value ?? DEFAULT_REFUSAL_STATUS;
  if (!(REFUSAL_STATUSES as readonly number[]).includes(status)) throw new RangeError(`${name} must be 400 or 422, got ${value}`);
  return status as RefusalStatus;
}

/** The one wording of a list of issues. */
export const issuesMessage = (issues: readonly Issue[]): string => issues.map(formatIssue).join('; ');

/** The query string as an object: one value per name (the last one given). */
export function queryObject(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of search) out[name] = value;
  return out;
}

/** The request read in the newest shapes; a field newer than the version served is refused as that version would. */
function inNewestShapes(op: OperationSpec, parts: RequestParts, versioning: Versioning): { query: Record<string, unknown>; body: unknown } | string {
  const upgraded = upgradeRequest(versioning.plan, op.operationId, { body: parts.body, query: parts.query }, versioning.version);
  const newest = { body: upgraded.body, query: upgraded.query ?? {} };
  try {
    downgradeRequest(versioning.plan, op.operationId, newest, versioning.version);
  } catch (error) {
    if (error instanceof VersionIncompatibleError) return error.message;
    throw error;
  }
  return newest;
}

/** Judges a request for `op`; on success, its parts as the schemas parsed them (newest shapes). */
export function checkRequest(op: OperationSpec, parts: RequestParts, options: { versioning?: Versioning; context?: GenerationContext } = {}): RequestVerdict {
  let { query, body } = parts;
  if (options.versioning) {
    const newest = inNewestShapes(op, parts, options.versioning);
    if (typeof newest === 'string') return { ok: false, message: newest };
    ({ query, body } = newest);
  }
  const checked = checkOperationRequest(op, { params: parts.params, query, body }, { context: options.context, whole: true });
  if (!checked.value) return { ok: false, message: issuesMessage(checked.errors) };
  return { ok: true, ...checked.value };
}
