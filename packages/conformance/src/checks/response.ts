// The judges of every response: status code, content type, envelope, schema, renamed fields and (on
// targets that compute pages) pagination. Each returns assertions about named rules, never throws.
import {
  ErrorEnvelope,
  elementAt,
  formatIssue,
  type OperationSpec,
  provenanceOf,
  successStatusRule,
  type VersionKey,
  validate,
  weakestAlong,
} from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { errFilled, errorObject, served } from '../model/answer.js';
import { type Exchange, isSuccess, sentBody } from '../model/exchange.js';
import { type Assertion, assertThat, broken, holds } from '../model/verdict.js';
import { namesAt } from './names.js';

export { errFilled, errorObject, said, served } from '../model/answer.js';

/** No answer: the reason names the rule (a redirect elsewhere is no answer at the service's origin, which is ours). */
export function noAnswer(exchange: Exchange): Assertion {
  const error = exchange.error ?? 'no response';
  return broken(exchange.redirectedTo !== undefined ? 'answers_at_its_origin' : 'answers_requests', `no answer: ${error}`);
}

export function checkStatusCode(op: OperationSpec, exchange: Exchange): Assertion[] {
  if (exchange.status === 0) return [noAnswer(exchange)];
  if (isSuccess(exchange.status) && !served(exchange)) {
    return [broken('failure_status_error', `answered ${exchange.status} with an error in err: a failure under a success status`)];
  }
  if (isSuccess(exchange.status)) {
    return [
      assertThat(successStatusRule(op.operationId), exchange.status === op.success.status, `success answered ${exchange.status}, not ${op.success.status}`),
    ];
  }
  if (exchange.status < 400) return [broken('answers_requests', `answered ${exchange.status}, neither a success nor an error`)];
  return [holds('failure_status_error')];
}

export function checkContentType(exchange: Exchange): Assertion[] {
  const type = exchange.contentType?.split(';')[0]?.trim().toLowerCase();
  const rule = served(exchange) ? 'success_is_json' : 'failure_is_json';
  return [
    assertThat(
      rule,
      type === 'application/json',
      `content type is ${exchange.contentType ? JSON.stringify(exchange.contentType) : 'missing'}, expected "application/json" (status ${exchange.status})`,
    ),
  ];
}

export function checkEnvelope(exchange: Exchange): Assertion[] {
  const at = `status ${exchange.status}`;
  // An answer cut at our own budget says nothing of its envelope: no source bounds an answer's size (the run's notes name the budget).
  if (exchange.truncated) return [];
  if (exchange.json === undefined) return [broken('envelope_is_object', `${at}: ${exchange.jsonError ?? 'body is not JSON'}`)];
  const body = exchange.json;
  if (!isObject(body)) return [broken('envelope_is_object', `${at}: body is ${Array.isArray(body) ? 'an array' : typeof body}, not the data/err envelope`)];
  const out: Assertion[] = [holds('envelope_is_object')];
  if (Object.hasOwn(body, 'err') && body.err !== undefined && body.err !== null) {
    out.push(assertThat('err_is_object', isObject(body.err), `${at}: err is ${Array.isArray(body.err) ? 'an array' : typeof body.err}, not an object`));
  }
  if (served(exchange)) {
    out.push(assertThat('success_has_data', Object.hasOwn(body, 'data') && body.data !== undefined, `${at}: success body has no data`));
    return out;
  }
  out.push(assertThat('failure_has_err', errFilled(body), `${at}: the failure carries no error in err`));
  if (errFilled(body)) out.push(assertThat('failure_err_code_message', errorObject(body) !== undefined, `${at}: err is not { code, message }`));
  return out;
}

/** The rule a whole body's shape holds to: its root component's type rule (`GenerationEnvelope.type`). */
const shapeRule = (op: OperationSpec, success: boolean) => `${(success ? elementAt(op.success.schema, []) : 'ErrorEnvelope') ?? op.operationId}.type`;

export function checkResponseSchema(op: OperationSpec, exchange: Exchange): Assertion[] {
  if (exchange.json === undefined) return [];
  const success = served(exchange);
  const schema = success ? op.success.schema : ErrorEnvelope;
  const result = validate(schema, exchange.json);
  if (result.success) return [holds(shapeRule(op, success))];
  const what = success ? `${op.operationId} success schema` : 'ErrorEnvelope';
  // A field is as firm as the weakest container it sits in: inside one no source shows, a mismatch is a verdict on that container.
  return result.errors.map((issue) => {
    const weakest = issue.source === 'assumption' ? undefined : weakestAlong(schema, issue.path);
    return {
      rule: issue.rule,
      ok: false,
      message: `status ${exchange.status}, ${what}: ${formatIssue(issue)}`,
      path: [...issue.path],
      ...(weakest !== undefined ? { via: `${weakest}.type` } : {}),
    };
  });
}

/**
 * The renamed fields, in responses that carry generations or media, judged in the names of the API
 * version `at` (`--at`; default the newest) on the body as the server sent it: that version's names
 * are there (the interface; an answer in another date's names fails where a stated rename differs);
 * the names it replaced are no longer sent beside them (ours: a server may keep an alias).
 */
export function checkRenamedFields(op: OperationSpec, exchange: Exchange, at?: VersionKey): Assertion[] | undefined {
  if (!op.carries || !served(exchange)) return undefined;
  const names = namesAt(op.operationId, exchange.status, sentBody(exchange), at);
  return [
    assertThat('current_field_names', names.missing.length === 0, names.missing.join('; ')),
    assertThat('legacy_field_names_gone', names.legacy.length === 0, names.legacy.join('; ')),
  ];
}

/** Whether the sources show the operation's page parameters (list generations, list characters), or they are ours. */
const documentedPaging = (op: OperationSpec) => op.query !== undefined && provenanceOf(op.query.shape.page_size ?? op.query)?.source !== 'assumption';

/** Page and page_size honoured by a paged listing (only judged when the request asked for them). */
export function checkPagination(op: OperationSpec, exchange: Exchange): Assertion[] | undefined {
  if (!op.paged || !served(exchange) || !isObject(exchange.json)) return undefined;
  const query = exchange.request.query ?? {};
  if (query.page_size === undefined && query.page === undefined) return undefined;
  const { data, pagination } = exchange.json;
  if (!Array.isArray(data)) return undefined;
  // Listings whose page parameters are ours are judged on an assumption.
  const rule = documentedPaging(op) ? 'page_honoured' : 'page_honoured_where_assumed';
  const pageSize = query.page_size === undefined ? undefined : Number(query.page_size);
  const page = query.page === undefined ? 1 : Number(query.page);
  const problems: string[] = [];
  if (pageSize !== undefined && data.length > pageSize) problems.push(`asked for page_size=${pageSize}, got ${data.length} items`);
  if (isObject(pagination)) {
    if (pageSize !== undefined && pagination.page_size !== pageSize) {
      problems.push(`asked for page_size=${pageSize}, pagination.page_size is ${JSON.stringify(pagination.page_size)}`);
    }
    if (pagination.page !== page) problems.push(`asked for page=${page}, pagination.page is ${JSON.stringify(pagination.page)}`);
    if (typeof pagination.total === 'number' && pageSize !== undefined) {
      const expected = Math.max(0, Math.min(pageSize, pagination.total - (page - 1) * pageSize));
      if (data.length !== expected)
        problems.push(`total ${pagination.total}, page ${page} of size ${pageSize} should hold ${expected} items, got ${data.length}`);
    }
  }
  return [assertThat(rule, problems.length === 0, problems[0] ?? '')];
}
