// What the schema finds in a request (its errors, its warnings, the rules it could not check for lack
// of facts), judged once per distinct request: a run decides what each request is for, infers it
// again for what it reads and polls, judges its recording again offline, and the self-test's runs
// send the same requests target after target. The judgement is a pure function of the operation, the
// request's parts and the target's facts, so identical inputs share one result (bounded, oldest out).
import { checkOperationRequest, type GenerationContext, type Issue, type OperationSpec } from '@mediagen/schema';

/** Shared between callers: read it, never change it. */
export interface RequestFindings {
  readonly errors: readonly Issue[];
  readonly warnings: readonly Issue[];
  readonly unchecked: readonly string[];
}

export interface JudgedParts {
  body?: unknown;
  query?: Record<string, unknown> | undefined;
}

/** Requests remembered, and the characters of their keys all told; past either the least recently used go. */
const MAX_ENTRIES = 2_048;
const MAX_TOTAL_KEY_CHARS = 4_000_000;
/** A request whose key is longer is judged afresh each time (a huge body is not kept). */
const MAX_KEY_CHARS = 16_384;

const remembered = new Map<string, RequestFindings>();
let keptChars = 0;

/**
 * Appends a key that tells apart any two values the schema could judge differently (-0, NaN, an
 * undefined field, an array's hole all stay distinct), or returns false for a value that is not plain
 * data (a class instance, a function, a bigint) or is too large to key.
 */
function writeKey(value: unknown, parts: string[], budget: { left: number }, depth: number): boolean {
  if (depth > 64 || budget.left < 0) return false;
  let text: string;
  switch (typeof value) {
    case 'string':
      text = JSON.stringify(value);
      break;
    case 'number':
      text = Object.is(value, -0) ? '-0' : String(value);
      break;
    case 'boolean':
      text = value ? 'true' : 'false';
      break;
    case 'undefined':
      text = 'undefined';
      break;
    case 'object': {
      if (value === null) {
        text = 'null';
        break;
      }
      if (Array.isArray(value)) {
        parts.push('[');
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return false;
          if (i > 0) parts.push(',');
          if (!writeKey(value[i], parts, budget, depth + 1)) return false;
        }
        parts.push(']');
        budget.left -= value.length + 2;
        return budget.left >= 0;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      parts.push('{');
      let first = true;
      for (const key of Object.keys(value)) {
        const name = JSON.stringify(key);
        parts.push(first ? name : `,${name}`, ':');
        budget.left -= name.length + 2;
        first = false;
        if (!writeKey((value as Record<string, unknown>)[key], parts, budget, depth + 1)) return false;
      }
      parts.push('}');
      budget.left -= 2;
      return budget.left >= 0;
    }
    default:
      return false;
  }
  parts.push(text);
  budget.left -= text.length;
  return budget.left >= 0;
}

/** Facts that never change (frozen when marked so), each with its key once written (null: not to be keyed). */
const fixedFacts = new WeakMap<GenerationContext, { key?: string | null }>();

/**
 * Marks facts that will never change (a history's facts as of now), frozen through: their key is
 * written once, not for every request judged with them.
 */
export function fixedContext<T extends GenerationContext>(context: T): T {
  const catalogue = context.catalogue;
  if (catalogue) {
    for (const list of [catalogue.models, catalogue.styles, catalogue.loras]) {
      if (!list) continue;
      for (const item of list) Object.freeze(item);
      Object.freeze(list);
    }
    Object.freeze(catalogue);
  }
  if (context.inputs) {
    for (const input of Object.values(context.inputs)) Object.freeze(input);
    Object.freeze(context.inputs);
  }
  Object.freeze(context);
  fixedFacts.set(context, {});
  return context;
}

/** The key of the facts a generation body is judged with, or undefined when they are too large to key. */
function factsKey(context: GenerationContext, facts: GenerationContext): string | undefined {
  const write = () => {
    const out: string[] = [];
    return writeKey(facts, out, { left: MAX_KEY_CHARS }, 0) ? out.join('') : undefined;
  };
  const fixed = fixedFacts.get(context);
  if (!fixed) return write();
  if (fixed.key === undefined) fixed.key = write() ?? null;
  return fixed.key ?? undefined;
}

/** The key of one judgement, or undefined when it is not to be remembered. */
function keyOf(op: OperationSpec, parts: JudgedParts, context: GenerationContext | undefined, facts: GenerationContext | undefined): string | undefined {
  const out: string[] = [op.operationId, '\n'];
  const budget = { left: MAX_KEY_CHARS };
  if (!writeKey(parts.body, out, budget, 0)) return undefined;
  out.push('\n');
  if (!writeKey(parts.query, out, budget, 0)) return undefined;
  // The facts reach the generation rules only (a generation body, when one is given).
  if (op.generationBody && parts.body !== undefined && context !== undefined && facts !== undefined) {
    const key = factsKey(context, facts);
    if (key === undefined) return undefined;
    out.push('\n', key);
  }
  return out.join('');
}

/**
 * The schema's findings in a request's query and body (path parameters aside): a generation body with
 * the target's facts when given (its listings and uploaded inputs; never a plan: the caller's plan is
 * not known).
 */
export function requestFindings(op: OperationSpec, parts: JudgedParts, context?: GenerationContext): RequestFindings {
  const facts = context ? { ...(context.catalogue ? { catalogue: context.catalogue } : {}), ...(context.inputs ? { inputs: context.inputs } : {}) } : undefined;
  const key = keyOf(op, parts, context, facts);
  if (key !== undefined) {
    const known = remembered.get(key);
    if (known) {
      // Most recently used last: the oldest is the first the bound drops.
      remembered.delete(key);
      remembered.set(key, known);
      return known;
    }
  }
  const { errors, warnings, unchecked } = checkOperationRequest(op, { body: parts.body, query: parts.query }, facts ? { context: facts } : {});
  const findings: RequestFindings = { errors, warnings, unchecked };
  if (key !== undefined) {
    remembered.set(key, findings);
    keptChars += key.length;
    while (remembered.size > MAX_ENTRIES || keptChars > MAX_TOTAL_KEY_CHARS) {
      const oldest = remembered.keys().next().value!;
      remembered.delete(oldest);
      keptChars -= oldest.length;
    }
  }
  return findings;
}
