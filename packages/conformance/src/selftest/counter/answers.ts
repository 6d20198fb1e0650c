// The generic counter-server of an assumed response field or constraint: wherever the element sits in
// an answer (a success body read with its operation's success schema, a failure with ErrorEnvelope),
// it puts a value that breaks exactly that constraint — the whole body then breaks no rule but the
// ones it was asked to break — and leaves everything else as the sandbox answered it. The element
// and its place are read from the schemas; nothing is written per field.
import { type ConstraintKind, ErrorEnvelope, elementAt, fieldConstraints, type OperationSpec, operationById, validate, type z } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { errFilled } from '../../model/answer.js';
import { isSuccess } from '../../model/exchange.js';
import { type ProxyRequest, type ProxyResponse, parseJson, type Rewrite } from '../proxy.js';

/** One assumption to refute in answers: its key and the response rules that would refute it. */
export interface AnswerTarget {
  key: string;
  rules: readonly string[];
}

type Path = (string | number)[];
const DELETE = Symbol('delete');

/** Values that break a constraint of each kind, gentlest first (null breaks a type without making err or data look filled). */
const CANDIDATES: Record<ConstraintKind, readonly unknown[]> = {
  enum: ['counter_value'],
  range: [-1, 0, -1_000_000, 1_000_000_000, 0.5],
  length: ['', [], 'x'.repeat(5_000)],
  type: [null, 12345, 'counter', true, {}],
  required: [DELETE],
};
/** Which rule of an assumption to try first: the narrowest break. */
const PREFERENCE: readonly ConstraintKind[] = ['enum', 'range', 'length', 'type', 'required'];

/** The rules of a target in the order they are tried, each with its element and kind. */
export function breakable(target: AnswerTarget): { rule: string; element: string; kind: ConstraintKind }[] {
  return target.rules
    .flatMap((rule) => {
      const constraint = fieldConstraints().get(rule);
      return constraint?.side === 'response' && constraint.element.includes('.') ? [{ rule, element: constraint.element, kind: constraint.kind }] : [];
    })
    .sort((a, b) => PREFERENCE.indexOf(a.kind) - PREFERENCE.indexOf(b.kind));
}

/** Paths of every object in a value, the root included, depth first (bounded). */
function objectPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 16) return out;
  if (isObject(value)) {
    out.push(prefix);
    for (const [key, item] of Object.entries(value)) objectPaths(item, [...prefix, key], out);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) objectPaths(item, [...prefix, i], out);
  }
  return out;
}

const at = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as never)[key] : undefined), root);

/** The issues of a body as `rule@path` strings. */
const issuesOf = (schema: z.ZodType, body: unknown): Set<string> => new Set(validate(schema, body).errors.map((i) => `${i.rule}@${i.path.join('.')}`));

/**
 * The answer's body with the element of `rule` broken at its last place in the answer (lists keep their
 * first items intact for whoever reads them): the first candidate value whose only new issue is that
 * rule at that place. Undefined when the element is nowhere in the answer or no value breaks it alone.
 */
function breakOnce(schema: z.ZodType, body: unknown, rule: string, element: string, kind: ConstraintKind): unknown {
  const field = element.slice(element.lastIndexOf('.') + 1);
  const before = issuesOf(schema, body);
  const places = objectPaths(body).filter((path) => elementAt(schema, [...path, field]) === element);
  for (const path of places.reverse()) {
    const holder = at(body, path) as Record<string, unknown>;
    if (kind !== 'type' && !Object.hasOwn(holder, field)) continue;
    for (const candidate of CANDIDATES[kind]) {
      const copy = structuredClone(body);
      const target = at(copy, path) as Record<string, unknown>;
      if (candidate === DELETE) delete target[field];
      else target[field] = structuredClone(candidate);
      const added = [...issuesOf(schema, copy)].filter((issue) => !before.has(issue));
      if (added.length > 0 && added.every((issue) => issue === `${rule}@${[...path, field].join('.')}`)) return copy;
    }
  }
  return undefined;
}

/**
 * Pagination is what `page_honoured` (the live docs) reads of an answer to a request that asked for a
 * page: a break there is left to answers that asked for none.
 */
const readByStatedRule = (request: ProxyRequest, element: string) =>
  element.startsWith('Pagination.') && (request.query.has('page') || request.query.has('page_size'));

/** The schema an answer is read with: the operation's success envelope when it served the request, else ErrorEnvelope. */
export const answerSchema = (op: OperationSpec, status: number, json: unknown): z.ZodType =>
  isSuccess(status) && !errFilled(json) ? op.success.schema : ErrorEnvelope;

/** The body of an answer with each target broken where it can be, or undefined when none could be. */
export function breakAnswer(op: OperationSpec, request: ProxyRequest, response: ProxyResponse, targets: readonly AnswerTarget[]): unknown {
  const json = parseJson(response);
  if (!isObject(json) || (!isSuccess(response.status) && response.status < 400)) return undefined;
  const schema = answerSchema(op, response.status, json);
  let body: unknown = json;
  let changed = false;
  for (const target of targets) {
    for (const { rule, element, kind } of breakable(target)) {
      if (readByStatedRule(request, element)) continue;
      const broken = breakOnce(schema, body, rule, element, kind);
      if (broken === undefined) continue;
      body = broken;
      changed = true;
      break;
    }
  }
  return changed ? body : undefined;
}

/** A server that breaks each target's response constraint wherever its element appears in an answer. */
export function breakAnswers(targets: readonly AnswerTarget[]): Rewrite {
  return {
    response: (request, response) => {
      const op = request.operationId ? operationById(request.operationId) : undefined;
      const body = op ? breakAnswer(op, request, response, targets) : undefined;
      return body === undefined ? response : { ...response, body: JSON.stringify(body) };
    },
  };
}
