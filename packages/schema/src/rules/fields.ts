// The constraints the zod schemas carry, as rules: every field of every request and response object
// yields `Element.kind` rules (`GenerationItem.steps.range`, `Prompt.positive.required`), each with
// the basis its field's provenance gives. Nothing here is written by hand: the table is walked from
// the operations' request and response schemas, and a zod issue is mapped back to its rule by
// walking the same schema along the path.
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi';
import { ErrorEnvelope } from '../common.js';
import { ledger } from '../ledger/changes.js';
import { operationList } from '../operations.js';
import { assumption, type ConstraintKind, type Provenance, provenanceOf, sharedParameterName } from '../provenance.js';
import type { z } from '../zod.js';
import { constraintsOf, defOf, refId, unwrap } from './zod-fields.js';

export type Side = 'request' | 'response';

export interface FieldConstraint {
  /** `GenerationItem.steps.range`. */
  id: string;
  element: string;
  kind: ConstraintKind;
  side: Side;
  provenance: Provenance;
  description: string;
  /** Ledger date that brought the field (or an object holding it) in. */
  since?: string;
}
/** Dates of `field_added`, keyed `Schema.field`. */
function addedDates(): Map<string, string> {
  const out = new Map<string, string>();
  for (const change of ledger) {
    for (const instruction of change.instructions) {
      if (instruction.op === 'field_added') out.set(`${instruction.schema}.${instruction.field}`, change.date);
    }
  }
  return out;
}
/** `getGeneration.path.generation_id`: a path parameter, required by the path its source shows. */
const PATH_PARAMETER = /\.path\.[^.]+$/;

function basisFor(provenance: Provenance, kind: ConstraintKind, side: Side, element: string): Provenance {
  const own = provenance.constraints?.[kind];
  if (own) return own;
  if (kind === 'required' && side === 'request' && !PATH_PARAMETER.test(element)) {
    const [parent, field] = [element.slice(0, element.lastIndexOf('.')), element.slice(element.lastIndexOf('.') + 1)];
    return assumption(`no source marks it required: the service rejects ${parent} without ${field}`);
  }
  const { constraints: _constraints, ...basis } = provenance;
  return basis;
}

interface Table {
  constraints: Map<string, FieldConstraint>;
  /** Element → side and provenance, for mapping issues. */
  elements: Map<string, { side: Side; provenance: Provenance; since?: string }>;
  /** The elements that are fields (not the root of a body or a response). */
  fields: Set<string>;
  /** Fields whose schema carries no provenance. */
  unrecorded: Set<string>;
  /** The schema of each field element (its example, its bounds). */
  schemas: Map<string, z.ZodType>;
}

/**
 * The element each field schema stands for (`GenerationItem.steps`, `listGenerations.query.page`),
 * named as the walk first reaches it: a component's fields by the component, an operation's query and
 * path parameters by the operation, a parameter of a named set several operations share by the set
 * (`CatalogueQuery.type`; see parameterSet). Filled when the table is built, never at import.
 */
const names = new WeakMap<object, string>();
/** The owner name of an anonymous object (an operation's query or path parameters). */
const owners = new WeakMap<object, string>();

let table: Table | undefined;

function build(): Table {
  const added = addedDates();
  const constraints = new Map<string, FieldConstraint>();
  const elements: Table['elements'] = new Map();
  const fields = new Set<string>();
  const unrecorded = new Set<string>();
  const schemas = new Map<string, z.ZodType>();
  const seen = new Set<string>();

  const record = (element: string, schema: z.ZodType, provenance: Provenance, side: Side, since: string | undefined, inObject: boolean) => {
    if (elements.has(element)) return;
    elements.set(element, { side, provenance, ...(since ? { since } : {}) });
    const { inner, optional } = unwrap(schema);
    for (const [kind, text] of constraintsOf(inner, optional, inObject)) {
      const id = `${element}.${kind}`;
      constraints.set(id, {
        id,
        element,
        kind,
        side,
        provenance: basisFor(provenance, kind, side, element),
        description: `${element} ${text}`,
        ...(since ? { since } : {}),
      });
    }
  };

  const walk = (schema: z.ZodType, side: Side, since: string | undefined, owner?: string) => {
    const { inner } = unwrap(schema);
    const def = defOf(inner);
    if (def.type === 'array' && def.element) return walk(def.element, side, since);
    if (def.type === 'union' && def.options) return def.options.forEach((option) => walk(option, side, since));
    if (def.type !== 'object' || !def.shape) return;
    const name = refId(inner) ?? owner;
    if (owner && !refId(inner)) owners.set(inner, owner);
    for (const [field, fieldSchema] of Object.entries(def.shape)) {
      if (!names.has(fieldSchema)) names.set(fieldSchema, sharedParameterName(fieldSchema) ?? `${name ?? '(object)'}.${field}`);
      const element = names.get(fieldSchema)!;
      const fieldSince = added.get(element) ?? since;
      fields.add(element);
      if (!schemas.has(element)) schemas.set(element, fieldSchema);
      const own = provenanceOf(fieldSchema);
      if (!own) unrecorded.add(element);
      const provenance = own ?? assumption('no provenance recorded');
      record(element, fieldSchema, provenance, side, fieldSince, true);
      const key = `${side}:${element}`;
      if (seen.has(key)) continue;
      seen.add(key);
      walk(fieldSchema, side, fieldSince);
    }
  };

  const root = (schema: z.ZodType, side: Side, fallback: string, provenance: Provenance) => {
    const element = refId(unwrap(schema).inner) ?? fallback;
    record(element, schema, provenanceOf(schema) ?? provenance, side, undefined, false);
    walk(schema, side, undefined);
  };

  for (const op of operationList) {
    if (op.body) root(op.body, 'request', `${op.operationId}.body`, op.provenance);
    if (op.query) walk(op.query, 'request', undefined, `${op.operationId}.query`);
    if (op.params) walk(op.params, 'request', undefined, `${op.operationId}.path`);
  }
  for (const op of operationList) root(op.success.schema, 'response', `${op.operationId}.response`, op.provenance);
  // Neither source shows a failed request: that one answers a 4xx or 5xx status with this envelope is ours.
  root(ErrorEnvelope, 'response', 'ErrorEnvelope', assumption('failed requests answer a 4xx or 5xx status with the error envelope'));
  return { constraints, elements, fields, unrecorded, schemas };
}

const getTable = (): Table => (table ??= build());

/** Every constraint rule derived from the schemas, by id. */
export function fieldConstraints(): ReadonlyMap<string, FieldConstraint> {
  return getTable().constraints;
}

/** Element (and its side, provenance and date) of a schema-known element. */
export function elementInfo(element: string) {
  return getTable().elements.get(element);
}

/**
 * Every field the operations table reaches (`Schema.field`, `operationId.query.name`,
 * `operationId.path.name`) with its provenance, in walk order; `recorded` is false for a field whose
 * schema carries none (a gap the provenance tests fail on).
 */
export function fieldElements(): { element: string; provenance: Provenance; recorded: boolean }[] {
  const table = getTable();
  return [...table.fields].map((element) => {
    const info = table.elements.get(element)!;
    return { element, provenance: info.provenance, recorded: !table.unrecorded.has(element) };
  });
}

/** The schema of a field element (under its optional/default wrappers), if the table reaches it. */
export function schemaOf(element: string): z.ZodType | undefined {
  const schema = getTable().schemas.get(element);
  return schema ? unwrap(schema).inner : undefined;
}

/** Each field element's example, found once (every field of every judged request asks for it). */
const examples = new Map<string, unknown>();

/** The documented example value of a field element (its OpenAPI `example`), if any. */
export function exampleOf(element: string): unknown {
  if (examples.has(element)) return examples.get(element);
  const schema = getTable().schemas.get(element);
  if (!schema) return undefined;
  let example: unknown;
  for (let current: z.ZodType | undefined = schema, depth = 0; current && depth < 8 && example === undefined; depth++) {
    example = (getOpenApiMetadata(current as never) as { example?: unknown } | undefined)?.example;
    current = defOf(current).innerType ?? defOf(current).in;
  }
  examples.set(element, example);
  return example;
}

/** The element a field schema stands for, once the table is built. */
export function elementOf(schema: z.ZodType): string | undefined {
  getTable();
  return names.get(schema);
}

/**
 * Walks `path` down from `schema` (array items by index, object fields by name) while the schema
 * reaches; `step` sees each object field passed, its name, and the object schema holding it.
 */
function walkAlong(schema: z.ZodType, path: readonly PropertyKey[], step: (field: z.ZodType, name: string, holder: z.ZodType) => void): void {
  let current = unwrap(schema).inner;
  for (const segment of path) {
    const def = defOf(current);
    if (def.type === 'array' && def.element && typeof segment === 'number') current = unwrap(def.element).inner;
    else if (def.type === 'object' && def.shape && typeof segment === 'string' && Object.hasOwn(def.shape, segment)) {
      const field = def.shape[segment]!;
      step(field, segment, current);
      current = unwrap(field).inner;
    } else break;
  }
}

/**
 * The element a value at `path` (inside a value checked with `schema`) belongs to: the deepest
 * recorded field on the way, or the root's component name.
 */
export function elementAt(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  getTable();
  const root = unwrap(schema).inner;
  let owner = refId(root) ?? owners.get(root);
  walkAlong(schema, path, (field, name, holder) => {
    owner = names.get(field) ?? `${refId(holder) ?? owners.get(holder) ?? '(object)'}.${name}`;
  });
  return owner;
}

/** The field elements a value at `path` sits in, outermost first (`ListCharactersEnvelope.data`, `Character.name`). */
export function elementsAlong(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  getTable();
  const out: string[] = [];
  walkAlong(schema, path, (field) => {
    const element = names.get(field);
    if (element) out.push(element);
  });
  return out;
}

/**
 * The weakest link on the way to a value: the outermost field along `path` whose basis is an
 * assumption, if any. A documented field inside an assumed container (the items of a listing whose
 * shape no source shows) is only as firm as that container: a mismatch there is a verdict on it.
 */
export function weakestAlong(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  return elementsAlong(schema, path).find((element) => getTable().elements.get(element)?.provenance.source === 'assumption');
}

/** The constraint rule (id and basis) for an element and kind, derived when the table lacks it. */
export function constraintRule(element: string | undefined, kind: ConstraintKind): { id: string; provenance: Provenance } {
  const id = `${element ?? '(value)'}.${kind}`;
  const known = getTable().constraints.get(id);
  if (known) return { id, provenance: known.provenance };
  const info = element ? getTable().elements.get(element) : undefined;
  if (info) return { id, provenance: basisFor(info.provenance, kind, info.side, element!) };
  return { id, provenance: assumption('not part of the contract tables') };
}
