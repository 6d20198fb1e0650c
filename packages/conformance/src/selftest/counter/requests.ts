// The generic counter-servers of an assumed request rule. A lenient acceptor: a request whose only
// errors (the schema package's `checkOperationRequest`, part by part) are rules it tolerates is served
// as the same request with each offending value put right — another case of it, its element's
// documented example, or nothing; the operation's example request where nothing else does — so the
// sandbox still judges everything else (the names it lists, the inputs it holds) and its state stays
// consistent. A narrow reader: a request the contract allows only by such a rule (`assumptionsRelied`)
// is refused. Any other request goes through untouched.
import { assumptionsRelied, checkOperationRequest, elementAt, exampleOf, type Issue, type OperationSpec, operationById, type z } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { type ProxyRequest, parseJson, type Rewrite } from '../proxy.js';
import { refusal } from '../rewrites.js';

type Path = readonly (string | number)[];
type Part = 'query' | 'body';

/** The body of the operation's first example request (a generation body for generate and estimate). */
const exampleBody = (op: OperationSpec): unknown => {
  const first = Object.values(op.requestExamples ?? {})[0];
  return first === undefined ? undefined : structuredClone(first.value);
};

/** The issues of one part of the request, judged alone. */
function issuesOf(op: OperationSpec, part: Part, value: unknown): Issue[] {
  if (value === undefined) return [];
  return checkOperationRequest(op, part === 'query' ? { query: value as Record<string, unknown> } : { body: value }).errors;
}

const DROP = Symbol('drop');

/** What a lenient reader makes of the value at `path`, in the order tried: another case of it, its element's documented example, nothing. */
function readings(op: OperationSpec, part: Part, path: Path, current: unknown): unknown[] {
  const schema = part === 'query' ? op.query : op.body;
  const element = schema ? elementAt(schema as z.ZodType, path as PropertyKey[]) : undefined;
  const example = (element === undefined ? undefined : exampleOf(element)) ?? (part === 'query' ? op.exampleQuery?.[String(path[0])] : undefined);
  const cases = typeof current === 'string' ? [current.toLowerCase(), current.toUpperCase()].filter((v) => v !== current) : [];
  return [...cases, ...(example === undefined ? [] : [example]), DROP];
}

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((key, i) => key === b[i]);

/** Sets (or drops) the value at a non-empty path; false when its holder is not there. */
function put(root: unknown, path: Path, value: unknown): boolean {
  let holder: unknown = root;
  for (const key of path.slice(0, -1)) holder = isObject(holder) || Array.isArray(holder) ? (holder as never)[key] : undefined;
  if (!isObject(holder) && !Array.isArray(holder)) return false;
  const last = path[path.length - 1]!;
  if (value === DROP) delete (holder as Record<string | number, unknown>)[last];
  else (holder as Record<string | number, unknown>)[last] = structuredClone(value);
  return true;
}

/**
 * The part with every issue put right, one at a time (the first reading that clears the issue's
 * place); else the operation's example request for a body; undefined when nothing makes it valid.
 */
function repaired(op: OperationSpec, part: Part, value: unknown, issues: readonly Issue[]): unknown {
  let working = structuredClone(value);
  for (const issue of issues) {
    if (issue.path.length === 0) break;
    const current = issue.path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as never)[key] : undefined), working);
    for (const reading of readings(op, part, issue.path, current)) {
      const copy = structuredClone(working);
      if (!put(copy, issue.path, reading)) continue;
      if (!issuesOf(op, part, copy).some((left) => samePath(left.path, issue.path))) {
        working = copy;
        break;
      }
    }
  }
  if (issuesOf(op, part, working).length === 0) return working;
  const example = part === 'body' ? exampleBody(op) : undefined;
  return example !== undefined && issuesOf(op, part, example).length === 0 ? example : undefined;
}

const queryObject = (query: URLSearchParams): Record<string, unknown> => Object.fromEntries(query);

/** The request as a lenient server reads it when every error it has is one of `tolerated`; otherwise unchanged. */
function leniently(request: ProxyRequest, tolerated: ReadonlySet<string>): ProxyRequest {
  const op = request.operationId ? operationById(request.operationId) : undefined;
  if (!op) return request;
  const query = queryObject(request.query);
  const body = parseJson(request);
  const issues = { query: issuesOf(op, 'query', query), body: issuesOf(op, 'body', body) };
  const all = [...issues.query, ...issues.body];
  if (all.length === 0 || !all.every((issue) => tolerated.has(issue.rule))) return request;
  let changed = request;
  if (issues.query.length > 0) {
    const fixed = repaired(op, 'query', query, issues.query);
    if (fixed === undefined) return request;
    changed = { ...changed, query: new URLSearchParams(Object.entries(fixed as Record<string, unknown>).map(([k, v]) => [k, String(v)])) };
  }
  if (issues.body.length > 0) {
    const fixed = repaired(op, 'body', body, issues.body);
    if (fixed === undefined) return request;
    changed = { ...changed, body: JSON.stringify(fixed) };
  }
  return changed;
}

/** The assumptions a request the contract allows relies on (`assumptionsRelied` of its query and body), as verdict keys. */
function reliedOn(op: OperationSpec, request: ProxyRequest, keyOf: (relied: string) => string): string[] {
  const body = parseJson(request);
  return [
    ...(op.query ? assumptionsRelied(op.query, queryObject(request.query)) : []),
    ...(op.body && body !== undefined ? assumptionsRelied(op.body, body) : []),
  ].map(keyOf);
}

/** A server that serves a request whose only errors are the `tolerated` rules, as the same request put right. */
export function lenientAcceptor(tolerated: Iterable<string>): Rewrite {
  const rules = new Set(tolerated);
  return { request: (request) => leniently(request, rules) };
}

/**
 * A server that refuses (in the envelope) a request with its key that the contract allows only by one
 * of the assumptions `refused` (verdict keys; `keyOf` turns what `assumptionsRelied` names into one).
 */
export function narrowReader(refused: Iterable<string>, keyOf: (relied: string) => string): Rewrite {
  const keys = new Set(refused);
  return {
    request: (request, tools) => {
      const op = request.operationId ? operationById(request.operationId) : undefined;
      return op && request.headers['x-api-key'] === tools.apiKey && reliedOn(op, request, keyOf).some((key) => keys.has(key))
        ? refusal(422, 'validation_error', 'the request relies on a reading this server does not share')
        : request;
    },
  };
}
