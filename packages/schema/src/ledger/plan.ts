// The transform plan: for every operation, where in its request body, query and responses each
// ledger entry's instructions apply, as JSON paths. It is plain JSON, small enough to ship with a
// client that never sees an OpenAPI document; transform.ts applies it.
import { deref, isObject, type JsonObject, resolvePointer, schemaRefName } from '../util/json.js';
import { ledger as defaultLedger } from './changes.js';
import type { Instruction, VersionChange } from './instructions.js';
import { structuralDocuments } from './revert.js';
import { componentSchemas, listOperations } from './schemas.js';

/** A property name, or `'*'` for every item of an array. */
export type PathSegment = string;
export type PlanPath = readonly PathSegment[];

/**
 * One place where an entry applies. `at` is the location in the shape as of the entry (the newer
 * shape); `was` is the same location in the shape just before it, given only when it differs.
 * For `rename` and `add`, the location is the object holding the field; for `enum`, the value.
 */
export type PlanStep =
  | { readonly op: 'rename'; readonly at: PlanPath; readonly was?: PlanPath; readonly from: string; readonly to: string }
  | {
      readonly op: 'add';
      readonly at: PlanPath;
      readonly was?: PlanPath;
      readonly field: string;
      /** Filled in on upgrade when the field is absent. Absent: the field stays absent. */
      readonly default?: unknown;
    }
  | { readonly op: 'enum'; readonly at: PlanPath; readonly was?: PlanPath; readonly value: string };

/** The steps of one ledger entry for one location; deepest locations first. */
export interface PlanChangeSteps {
  readonly date: string;
  readonly steps: readonly PlanStep[];
}

/** Per operation: ledger entries (oldest first) that touch the request body, the query or a response. */
export interface OperationPlan {
  readonly body?: readonly PlanChangeSteps[];
  /** The query string as one object: parameter names are its properties. */
  readonly query?: readonly PlanChangeSteps[];
  /** By status code as written in the document (`'200'`, `'4XX'`, `'default'`). */
  readonly responses?: { readonly [status: string]: readonly PlanChangeSteps[] };
}

export interface TransformPlan {
  /** The ledger entries, oldest first. */
  readonly changes: readonly { readonly date: string; readonly name: string }[];
  /** Operations (by operationId) that at least one entry touches. */
  readonly operations: { readonly [operationId: string]: OperationPlan };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface EntryIndex {
  renamed: Map<string, Map<string, string>>;
  added: Map<string, Map<string, Extract<Instruction, { op: 'field_added' }>>>;
  enums: Map<string, string[]>;
  paramRenamed: Map<string, Map<string, string>>;
  paramAdded: Map<string, Set<string>>;
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

function indexEntry(change: VersionChange): EntryIndex {
  const index: EntryIndex = {
    renamed: new Map(),
    added: new Map(),
    enums: new Map(),
    paramRenamed: new Map(),
    paramAdded: new Map(),
  };
  for (const instruction of change.instructions) {
    switch (instruction.op) {
      case 'field_renamed':
        getOrCreate(index.renamed, instruction.schema, () => new Map()).set(instruction.to, instruction.from);
        break;
      case 'field_added':
        getOrCreate(index.added, instruction.schema, () => new Map()).set(instruction.field, instruction);
        break;
      case 'enum_value_added':
        getOrCreate(index.enums, instruction.schema, () => []).push(instruction.value);
        break;
      case 'param_renamed':
        // Only the query string is a data location; path and header renames change the documents only.
        if (instruction.in !== 'query') break;
        for (const operationId of instruction.operations) {
          getOrCreate(index.paramRenamed, operationId, () => new Map()).set(instruction.to, instruction.from);
        }
        break;
      case 'param_added':
        if (instruction.in !== 'query') break;
        for (const operationId of instruction.operations) getOrCreate(index.paramAdded, operationId, () => new Set()).add(instruction.name);
        break;
    }
  }
  return index;
}

const samePath = (a: PlanPath, b: PlanPath): boolean => a.length === b.length && a.every((segment, i) => segment === b[i]);

/** Walks schemas of the document as of one entry and records where that entry's instructions apply. */
class StepCollector {
  readonly steps: PlanStep[] = [];
  private readonly seen = new Set<string>();
  private readonly schemas: JsonObject;

  constructor(
    private readonly document: JsonObject,
    private readonly index: EntryIndex,
  ) {
    this.schemas = componentSchemas(document) ?? {};
  }

  add(step: PlanStep): void {
    const key = JSON.stringify(step);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.steps.push(step);
  }

  private record(name: string, at: PlanPath, was: PlanPath): void {
    const where = samePath(at, was) ? { at } : { at, was };
    for (const [to, from] of this.index.renamed.get(name) ?? []) this.add({ op: 'rename', ...where, from, to });
    for (const [field, instruction] of this.index.added.get(name) ?? []) {
      const step: Mutable<Extract<PlanStep, { op: 'add' }>> = { op: 'add', ...where, field };
      if (instruction.upgradeDefault !== undefined) step.default = instruction.upgradeDefault;
      this.add(step);
    }
    for (const value of this.index.enums.get(name) ?? []) this.add({ op: 'enum', ...where, value });
  }

  /**
   * `owner` is the component whose own properties `node` lists (inline combinator members keep
   * it; property and item schemas do not). `stack` holds the components being walked, against cycles.
   */
  walk(node: unknown, at: PlanPath, was: PlanPath, owner: string | undefined, stack: readonly string[]): void {
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      const name = schemaRefName(node.$ref);
      if (name === undefined) {
        this.walk(resolvePointer(this.document, node.$ref), at, was, undefined, stack);
        return;
      }
      if (stack.includes(name)) return;
      this.record(name, at, was);
      this.walk(this.schemas[name], at, was, name, [...stack, name]);
      return;
    }
    const properties = node.properties;
    if (isObject(properties)) {
      const renamed = owner === undefined ? undefined : this.index.renamed.get(owner);
      const added = owner === undefined ? undefined : this.index.added.get(owner);
      for (const key of Object.keys(properties)) {
        // Nothing under a field this entry adds matters to this entry: older bodies do not have it.
        if (added?.has(key)) continue;
        this.walk(properties[key], [...at, key], [...was, renamed?.get(key) ?? key], undefined, stack);
      }
    }
    if (isObject(node.items)) this.walk(node.items, [...at, '*'], [...was, '*'], undefined, stack);
    if (Array.isArray(node.prefixItems)) for (const item of node.prefixItems) this.walk(item, [...at, '*'], [...was, '*'], undefined, stack);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const members = node[key];
      if (Array.isArray(members)) for (const member of members) this.walk(member, at, was, owner, stack);
    }
    for (const key of ['then', 'else'] as const) this.walk(node[key], at, was, owner, stack);
  }

  /** Sorted deepest first, so that applying them in order never invalidates a later path. */
  sorted(): PlanStep[] {
    return this.steps
      .map((step, i) => ({ step, i }))
      .sort((a, b) => b.step.at.length - a.step.at.length || a.i - b.i)
      .map(({ step }) => step);
  }
}

function jsonSchemaOf(document: JsonObject, holder: unknown): unknown {
  const resolved = deref(document, holder);
  if (!isObject(resolved) || !isObject(resolved.content)) return undefined;
  const content = resolved.content;
  const mediaType = Object.keys(content).find((type) => /json/i.test(type));
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  return isObject(media) ? media.schema : undefined;
}

function operationStepsForEntry(document: JsonObject, operation: JsonObject, operationId: string, index: EntryIndex) {
  const body = new StepCollector(document, index);
  body.walk(jsonSchemaOf(document, operation.requestBody), [], [], undefined, []);

  const query = new StepCollector(document, index);
  const renamedParams = index.paramRenamed.get(operationId);
  const addedParams = index.paramAdded.get(operationId);
  for (const [to, from] of renamedParams ?? []) query.add({ op: 'rename', at: [], from, to });
  for (const name of addedParams ?? []) query.add({ op: 'add', at: [], field: name });
  if (Array.isArray(operation.parameters)) {
    for (const raw of operation.parameters) {
      const parameter = deref(document, raw);
      if (!isObject(parameter) || parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      const name = parameter.name;
      if (addedParams?.has(name)) continue;
      const was = [renamedParams?.get(name) ?? name];
      query.walk(parameter.schema, [name], was, undefined, []);
      // A single value of an array parameter arrives as a scalar: check items at the parameter too.
      const schema = deref(document, parameter.schema);
      if (isObject(schema) && isObject(schema.items)) query.walk(schema.items, [name], was, undefined, []);
    }
  }

  const responses: Record<string, PlanStep[]> = {};
  if (isObject(operation.responses)) {
    for (const status of Object.keys(operation.responses)) {
      const collector = new StepCollector(document, index);
      collector.walk(jsonSchemaOf(document, operation.responses[status]), [], [], undefined, []);
      if (collector.steps.length > 0) responses[status] = collector.sorted();
    }
  }
  return { body: body.sorted(), query: query.sorted(), responses };
}

/** Compiles the plan from structurally derived documents (index i + 1 = document as of ledger[i]). */
export function planFromDocuments(documents: readonly JsonObject[], ledger: readonly VersionChange[]): TransformPlan {
  const operations: Record<string, Mutable<OperationPlan>> = {};
  const order: string[] = [];
  for (let i = 0; i < ledger.length; i++) {
    const change = ledger[i]!;
    const document = documents[i + 1]!;
    const index = indexEntry(change);
    for (const { operationId, operation } of listOperations(document)) {
      const steps = operationStepsForEntry(document, operation, operationId, index);
      const statuses = Object.keys(steps.responses);
      if (steps.body.length === 0 && steps.query.length === 0 && statuses.length === 0) continue;
      let plan = operations[operationId];
      if (!plan) {
        plan = {};
        operations[operationId] = plan;
        order.push(operationId);
      }
      if (steps.body.length > 0) plan.body = [...(plan.body ?? []), { date: change.date, steps: steps.body }];
      if (steps.query.length > 0) plan.query = [...(plan.query ?? []), { date: change.date, steps: steps.query }];
      if (statuses.length > 0) {
        const responses: Record<string, readonly PlanChangeSteps[]> = { ...(plan.responses ?? {}) };
        for (const status of statuses) responses[status] = [...(responses[status] ?? []), { date: change.date, steps: steps.responses[status]! }];
        plan.responses = responses;
      }
    }
  }
  const ordered: Record<string, OperationPlan> = {};
  for (const operationId of order) ordered[operationId] = operations[operationId]!;
  return { changes: ledger.map(({ date, name }) => ({ date, name })), operations: ordered };
}

/**
 * Compiles the transform plan: for every operation, the JSON paths in its request body, query and
 * responses where each ledger entry applies. Validates the ledger against the document on the way.
 */
export function compilePlan(newest: object, ledger: readonly VersionChange[] = defaultLedger): TransformPlan {
  return planFromDocuments(structuralDocuments(newest, ledger), ledger);
}
