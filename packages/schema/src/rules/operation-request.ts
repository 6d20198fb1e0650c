// The one judgement of a request for an operation, shared by the client's validator, the mocks,
// media-validate and the conformance suite: its path parameters, query and body each against the
// operation's schemas; a generation body (generate, estimate) with every generation rule, with the
// facts the caller gives (a plan only when given); any other body with its schema and the fields the
// contract does not name (warnings with a did-you-mean, errors under `strict`). Issues keep their
// rule ids, sources and path-precise paths; nothing here words or orders them for a reader.
import type { OperationSpec } from '../operations.js';
import { checkGenerationRequest, checkRequestBody, type GenerationContext } from './check.js';
import { type Issue, validate } from './issues.js';

/**
 * The parts of a request, as seen. A part left undefined is not judged (a recording without the
 * body, a caller that only has the body), unless `whole` says the parts are the whole request.
 */
export interface OperationRequestParts {
  /** The path parameters, decoded (`operationFor` gives them). */
  params?: Record<string, unknown> | undefined;
  /** The query, one value per name. */
  query?: Record<string, unknown> | undefined;
  /** The parsed JSON body. */
  body?: unknown;
}

export interface OperationRequestOptions {
  /** Facts for the generation rules that need them; a rule whose facts are missing is named in `unchecked`. */
  context?: GenerationContext | undefined;
  /** Fields the contract does not name are errors, not warnings. */
  strict?: boolean | undefined;
  /**
   * The parts are the whole request: a part left undefined is one the request does not carry (no path
   * parameters, no query string, no body) and is judged so; an operation that takes a body needs one.
   */
  whole?: boolean | undefined;
}

/** The parts as the schemas parsed them (defaults applied); a part without a schema as given. */
export interface OperationRequestValue {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
}

export interface OperationRequestResult {
  ok: boolean;
  /** Path parameters' issues first, then the query's, then the body's. */
  errors: Issue[];
  /** Unknown fields (unless `strict`) and, for a generation body, fields its kind ignores. */
  warnings: Issue[];
  /** Rules skipped because the context lacked their facts, e.g. `[0].batch_size: plan maximum (no plan given)`. */
  unchecked: string[];
  /** Set when `ok`. */
  value?: OperationRequestValue;
}

type Judged<T> = { errors: Issue[]; warnings: Issue[]; unchecked: string[]; value: T };

/** A path-parameter or query object against its schema; an object without a schema (or not given) is kept as it is. */
function judgeObject(schema: OperationSpec['params'], value: Record<string, unknown> | undefined): Judged<Record<string, unknown> | undefined> {
  if (!schema || value === undefined) return { errors: [], warnings: [], unchecked: [], value };
  const parsed = validate(schema, value);
  return { errors: parsed.errors, warnings: [], unchecked: [], value: parsed.success ? parsed.data : value };
}

function judgeBody(op: OperationSpec, body: unknown, given: boolean, options: OperationRequestOptions): Judged<unknown> {
  if (!op.body || !given) return { errors: [], warnings: [], unchecked: [], value: body };
  if (op.generationBody) {
    const checked = checkGenerationRequest(body, { ...options.context, ...(options.strict ? { strict: true } : {}) });
    return { errors: checked.errors, warnings: checked.warnings, unchecked: checked.unchecked, value: checked.value };
  }
  const checked = checkRequestBody(op.body, body, options.strict ? { strict: true } : {});
  return { errors: checked.errors, warnings: checked.warnings, unchecked: checked.unchecked, value: checked.value };
}

/** Judges a request for `op`: every part given (or, with `whole`, every part), every issue found. */
export function checkOperationRequest(op: OperationSpec, parts: OperationRequestParts, options: OperationRequestOptions = {}): OperationRequestResult {
  const whole = options.whole === true;
  const params = judgeObject(op.params, parts.params ?? (whole ? {} : undefined));
  const query = judgeObject(op.query, parts.query ?? (whole ? {} : undefined));
  const body = judgeBody(op, parts.body, whole || parts.body !== undefined, options);
  const judged = [params, query, body];
  const errors = judged.flatMap((part) => part.errors);
  const result: OperationRequestResult = {
    ok: errors.length === 0,
    errors,
    warnings: judged.flatMap((part) => part.warnings),
    unchecked: judged.flatMap((part) => part.unchecked),
  };
  if (result.ok) result.value = { params: params.value, query: query.value, body: body.value };
  return result;
}
