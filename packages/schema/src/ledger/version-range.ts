// Which versions a body is consistent with, read from the plan's paths alone: a field, value or name it
// shows that an entry brought (at least that entry) or that an entry renamed or removed (older than it).
import { hasOwn, isObject } from '../util/json.js';
import { BASELINE, type VersionKey } from './dates.js';
import type { PlanChangeSteps, TransformPlan } from './plan.js';
import { forEachAt, type RequestParts, responseSteps } from './transform.js';

/**
 * The versions a body is consistent with: at least `lowest` (a field, value or name it shows came
 * then) and at most `highest` (a name it shows was renamed after). Both bounds are version keys.
 */
export interface VersionRange {
  readonly lowest: VersionKey;
  readonly highest: VersionKey;
}

/** Bounds as version indices (-1 the baseline, i `plan.changes[i]`): at least `lowest`, older than `below`. */
interface Bounds {
  lowest: number;
  below: number;
  evidence: boolean;
}

/** Narrows `bounds` by what `body` shows at the plan's paths of one location (body, query or a response). */
function narrow(plan: TransformPlan, list: readonly PlanChangeSteps[] | undefined, body: unknown, bounds: Bounds): void {
  if (!list) return;
  const dates = plan.changes.map((change) => change.date);
  const atLeast = (index: number) => {
    bounds.evidence = true;
    if (index > bounds.lowest) bounds.lowest = index;
  };
  const olderThan = (index: number) => {
    bounds.evidence = true;
    if (index < bounds.below) bounds.below = index;
  };
  for (const entry of list) {
    const index = dates.indexOf(entry.date);
    if (index < 0) continue;
    for (const step of entry.steps) {
      if (step.op === 'rename') {
        forEachAt(body, step.at, (value) => {
          if (isObject(value) && hasOwn(value, step.to)) atLeast(index);
        });
        forEachAt(body, step.was ?? step.at, (value) => {
          if (isObject(value) && hasOwn(value, step.from)) olderThan(index);
        });
      } else if (step.op === 'add') {
        forEachAt(body, step.at, (value) => {
          if (isObject(value) && hasOwn(value, step.field) && value[step.field] !== undefined) atLeast(index);
        });
      } else {
        forEachAt(body, step.at, (value) => {
          if (value === step.value) atLeast(index);
        });
      }
    }
  }
}

function rangeOf(plan: TransformPlan, bounds: Bounds): VersionRange | undefined {
  if (!bounds.evidence || bounds.lowest > bounds.below - 1) return undefined;
  const key = (index: number): VersionKey => (index < 0 ? BASELINE : plan.changes[index]!.date);
  return { lowest: key(bounds.lowest), highest: key(bounds.below - 1) };
}

const noBounds = (plan: TransformPlan): Bounds => ({ lowest: -1, below: plan.changes.length, evidence: false });

/**
 * The versions whose shape a response body is consistent with, judged by renamed field names and by
 * added fields and enum values present at the plan's paths. `undefined` when nothing in the body
 * tells versions apart, or when what it shows is contradictory.
 */
export function responseVersionRange(plan: TransformPlan, operationId: string, status: number | string, body: unknown): VersionRange | undefined {
  const list = responseSteps(plan.operations[operationId], status);
  if (!list) return undefined;
  const bounds = noBounds(plan);
  narrow(plan, list, body, bounds);
  return rangeOf(plan, bounds);
}

/**
 * The versions a request (body and query) is consistent with: a field, parameter or enum value sent
 * that a version added, or a name sent that a later version renamed. `undefined` when nothing in it
 * tells versions apart, or when it contradicts itself.
 */
export function requestVersionRange(plan: TransformPlan, operationId: string, request: RequestParts): VersionRange | undefined {
  const operation = plan.operations[operationId];
  const bounds = noBounds(plan);
  if (request.body !== undefined) narrow(plan, operation?.body, request.body, bounds);
  if (request.query !== undefined) narrow(plan, operation?.query, request.query, bounds);
  return rangeOf(plan, bounds);
}

/**
 * The version whose shape a response body has: the newest version consistent with what is observed
 * (the upper end of `responseVersionRange`). `undefined` when nothing in the body tells versions
 * apart, or when what it shows is contradictory.
 */
export function fingerprintResponse(plan: TransformPlan, operationId: string, status: number | string, body: unknown): VersionKey | undefined {
  return responseVersionRange(plan, operationId, status, body)?.highest;
}
