// Runtime transforms between the newest shape and any older version, driven by the compiled plan
// alone (no OpenAPI document needed). Inputs are never mutated: each function works on a deep copy.
import { clone, deepEqual, hasOwn, isObject, type JsonObject, renameKey, setOwn } from '../util/json.js';
import { BASELINE, resolveAgainst, type VersionKey } from './dates.js';
import type { OperationPlan, PlanChangeSteps, PlanPath, TransformPlan } from './plan.js';

/** A request field, query parameter or enum value used with a version that does not have it yet. */
export class VersionIncompatibleError extends Error {
  /** Where in the request, e.g. `[0].narrator` or `type` (a query parameter). */
  readonly path: string;
  readonly location: 'body' | 'query';
  /** Date of the ledger entry that introduced it, and that entry's name. */
  readonly since: string;
  readonly change: string;

  constructor(location: 'body' | 'query', path: string, since: string, change: string) {
    super(`${path}: not available before ${since} (${change})`);
    this.name = 'VersionIncompatibleError';
    this.location = location;
    this.path = path;
    this.since = since;
    this.change = change;
  }
}

export interface TransformResult {
  body: unknown;
  /** Whether anything was renamed, filled in or removed. */
  changed: boolean;
}

export interface RequestParts {
  body?: unknown;
  query?: Record<string, unknown>;
}

export interface RequestResult {
  body: unknown;
  query: Record<string, unknown> | undefined;
}

type Trail = (string | number)[];

/** Calls `visit` for each value at `path` (`'*'` = every array item), with its concrete trail. */
export function forEachAt(root: unknown, path: PlanPath, visit: (value: unknown, trail: Trail) => void): void {
  const trail: Trail = [];
  const go = (value: unknown, depth: number): void => {
    if (depth === path.length) {
      visit(value, trail);
      return;
    }
    const segment = path[depth]!;
    if (segment === '*') {
      if (!Array.isArray(value)) return;
      for (let i = 0; i < value.length; i++) {
        trail.push(i);
        go(value[i], depth + 1);
        trail.pop();
      }
    } else if (isObject(value) && hasOwn(value, segment)) {
      trail.push(segment);
      go(value[segment], depth + 1);
      trail.pop();
    }
  };
  go(root, 0);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `[0].character.mode`, `type`, `items["odd key"]`. */
export function formatTrail(trail: readonly (string | number)[]): string {
  let out = '';
  for (const segment of trail) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(root)' : out;
}

function versionIndex(plan: TransformPlan, version: string): number {
  const key = resolveAgainst(
    plan.changes.map((change) => change.date),
    version,
  );
  return key === BASELINE ? -1 : plan.changes.findIndex((change) => change.date === key);
}

/** Entries of a location newer than `version`, oldest first. */
function newerThan(plan: TransformPlan, list: readonly PlanChangeSteps[] | undefined, version: string): readonly PlanChangeSteps[] {
  const index = versionIndex(plan, version);
  if (!list || list.length === 0) return [];
  if (index < 0) return list;
  const date = plan.changes[index]!.date;
  return list.filter((entry) => entry.date > date);
}

export function responseSteps(operation: OperationPlan | undefined, status: number | string): readonly PlanChangeSteps[] | undefined {
  const responses = operation?.responses;
  if (!responses) return undefined;
  const code = String(status);
  return responses[code] ?? responses[`${code.charAt(0)}XX`] ?? responses[`${code.charAt(0)}xx`] ?? responses.default;
}

const changeName = (plan: TransformPlan, date: string): string => plan.changes.find((change) => change.date === date)?.name ?? date;

/** Forward: the body is in the shape just before `entry`; afterwards it is in the shape as of it. */
function applyUp(body: unknown, entry: PlanChangeSteps): boolean {
  let changed = false;
  for (const step of entry.steps) {
    const path = step.was ?? step.at;
    if (step.op === 'rename') {
      forEachAt(body, path, (value) => {
        if (isObject(value) && renameKey(value, step.from, step.to)) changed = true;
      });
    } else if (step.op === 'add' && hasOwn(step, 'default') && step.default !== undefined) {
      forEachAt(body, path, (value) => {
        if (isObject(value) && (!hasOwn(value, step.field) || value[step.field] === undefined)) {
          setOwn(value, step.field, clone(step.default));
          changed = true;
        }
      });
    }
  }
  return changed;
}

interface DowngradeContext {
  /** Set for requests, which refuse what the older version does not have; responses drop it. */
  location?: 'body' | 'query';
  plan: TransformPlan;
  /** Entries already undone (newer than the current one), oldest first, to report paths as sent. */
  later: readonly PlanChangeSteps[];
}

/** The concrete trail (in the shape as of some entry) expressed in the newest shape. */
function trailAsSent(trail: Trail, later: readonly PlanChangeSteps[]): Trail {
  const out = [...trail];
  for (const entry of later) {
    const replacements: [number, string][] = [];
    for (const step of entry.steps) {
      if (step.op !== 'rename') continue;
      const pattern = step.was ?? step.at;
      if (out.length <= pattern.length || out[pattern.length] !== step.from) continue;
      let matches = true;
      for (let i = 0; i < pattern.length && matches; i++) {
        matches = pattern[i] === '*' ? typeof out[i] === 'number' : pattern[i] === out[i];
      }
      if (matches) replacements.push([pattern.length, step.to]);
    }
    for (const [position, name] of replacements) out[position] = name;
  }
  return out;
}

/** Backward: the body is in the shape as of `entry`; afterwards it is in the shape just before it. */
function applyDown(body: unknown, entry: PlanChangeSteps, context: DowngradeContext): boolean {
  let changed = false;
  const refuse = (trail: Trail): never => {
    throw new VersionIncompatibleError(context.location!, formatTrail(trailAsSent(trail, context.later)), entry.date, changeName(context.plan, entry.date));
  };
  for (const step of entry.steps) {
    if (step.op === 'rename') {
      forEachAt(body, step.at, (value) => {
        if (isObject(value) && renameKey(value, step.to, step.from)) changed = true;
      });
    } else if (step.op === 'add') {
      forEachAt(body, step.at, (value, trail) => {
        if (!isObject(value) || !hasOwn(value, step.field)) return;
        const present = value[step.field];
        // A value the upgrade would fill in anyway (or an explicit undefined) carries no information.
        const implied = present === undefined || (step.default !== undefined && deepEqual(present, step.default));
        if (context.location !== undefined && !implied) refuse([...trail, step.field]);
        delete value[step.field];
        changed = true;
      });
    } else if (context.location !== undefined) {
      forEachAt(body, step.at, (value, trail) => {
        if (value === step.value) refuse(trail);
      });
    }
  }
  return changed;
}

function upgradeValue(plan: TransformPlan, list: readonly PlanChangeSteps[] | undefined, value: unknown, from: VersionKey): TransformResult {
  const body = clone(value);
  let changed = false;
  for (const entry of newerThan(plan, list, from)) if (applyUp(body, entry)) changed = true;
  return { body, changed };
}

function downgradeValue(
  plan: TransformPlan,
  list: readonly PlanChangeSteps[] | undefined,
  value: unknown,
  to: VersionKey,
  location: 'body' | 'query' | undefined,
): TransformResult {
  const body = clone(value);
  let changed = false;
  const entries = newerThan(plan, list, to);
  for (let i = entries.length - 1; i >= 0; i--) {
    const context: DowngradeContext = { plan, later: entries.slice(i + 1) };
    if (location !== undefined) context.location = location;
    if (applyDown(body, entries[i]!, context)) changed = true;
  }
  return { body, changed };
}

/** A response body of version `from` brought to the newest shape. */
export function upgradeResponse(plan: TransformPlan, operationId: string, status: number | string, body: unknown, from: VersionKey): TransformResult {
  return upgradeValue(plan, responseSteps(plan.operations[operationId], status), body, from);
}

export interface DowngradeResponseOptions {
  /**
   * Refuse (throw `VersionIncompatibleError`) instead of dropping a field the version lacks, and
   * refuse enum values it lacks (by default they pass through). For bodies that must be exactly
   * representable at `to`, such as documentation examples.
   */
  strict?: boolean;
}

/**
 * A response body of the newest shape as version `to` returns it: renamed fields get their old
 * names and fields the version lacks are dropped (values it would fill in on upgrade included).
 */
export function downgradeResponse(
  plan: TransformPlan,
  operationId: string,
  status: number | string,
  body: unknown,
  to: VersionKey,
  options: DowngradeResponseOptions = {},
): TransformResult {
  return downgradeValue(plan, responseSteps(plan.operations[operationId], status), body, to, options.strict ? 'body' : undefined);
}

/**
 * A request (body and query) of the newest shape as version `to` expects it. Throws
 * `VersionIncompatibleError` for a field, query parameter or enum value that `to` does not have.
 */
export function downgradeRequest(plan: TransformPlan, operationId: string, request: RequestParts, to: VersionKey): RequestResult {
  const operation = plan.operations[operationId];
  const body = request.body === undefined ? undefined : downgradeValue(plan, operation?.body, request.body, to, 'body').body;
  const query = request.query === undefined ? undefined : (downgradeValue(plan, operation?.query, request.query, to, 'query').body as JsonObject);
  return { body, query };
}

/** A request (body and query) of version `from` brought to the newest shape. */
export function upgradeRequest(plan: TransformPlan, operationId: string, request: RequestParts, from: VersionKey): RequestResult {
  const operation = plan.operations[operationId];
  const body = request.body === undefined ? undefined : upgradeValue(plan, operation?.body, request.body, from).body;
  const query = request.query === undefined ? undefined : (upgradeValue(plan, operation?.query, request.query, from).body as JsonObject);
  return { body, query };
}
