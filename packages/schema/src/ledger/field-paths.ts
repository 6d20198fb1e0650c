// Field paths as the ledger's changes move them: a path said at one version as another says it (the
// transform plan's renames: `data[].images[].size` at the baseline is `data[].media[].dim` since
// 2024-09-04), in the plan's segments or as text (`[]` after an array: the items).
import { BASELINE } from './dates.js';
import { transformPlan } from './plan.generated.js';
import type { PlanChangeSteps } from './plan.js';

/** The segment the ledger's plan uses for the items of an array. */
export const ITEMS = '*';

/** Plan segments (`'*'` for items) as a field path: `['data', '*', 'media']` → `data[].media`. */
export function pathText(segments: readonly string[]): string {
  let out = '';
  for (const segment of segments) out += segment === ITEMS ? '[]' : out === '' ? segment : `.${segment}`;
  return out;
}

/** A field path as plan segments: `data[].media` → `['data', '*', 'media']`. */
export function pathSegments(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split('.')) {
    const name = part.replace(/(\[\])+$/, '');
    if (name !== '') out.push(name);
    for (let i = name.length; i < part.length; i += 2) out.push(ITEMS);
  }
  return out;
}

/** Orders version keys: the baseline first, then dates. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === BASELINE) return -1;
  if (b === BASELINE) return 1;
  return a < b ? -1 : 1;
}

/** Where a field path lives in an exchange of an operation. */
export type Location = { kind: 'query' } | { kind: 'body' } | { kind: 'response'; status: string };

/** The plan's entries for one location of an operation (a response by its status, its range, or default). */
export function planAt(operationId: string, location: Location): readonly PlanChangeSteps[] {
  const plan = transformPlan.operations[operationId];
  if (!plan) return [];
  if (location.kind === 'query') return plan.query ?? [];
  if (location.kind === 'body') return plan.body ?? [];
  const responses = plan.responses ?? {};
  const code = location.status;
  return responses[code] ?? responses[`${code.charAt(0)}XX`] ?? responses[`${code.charAt(0)}xx`] ?? responses.default ?? [];
}

const matches = (pattern: readonly string[], segments: readonly string[]) =>
  segments.length > pattern.length && pattern.every((segment, i) => segment === segments[i]);

/** Renames of one entry applied to a path: forward (older → newer names) or backward. */
function renameThrough(entry: PlanChangeSteps, segments: string[], forward: boolean): void {
  const replacements: [number, string][] = [];
  for (const step of entry.steps) {
    if (step.op !== 'rename') continue;
    const pattern = forward ? (step.was ?? step.at) : step.at;
    const [old, now] = forward ? [step.from, step.to] : [step.to, step.from];
    if (matches(pattern, segments) && segments[pattern.length] === old) replacements.push([pattern.length, now]);
  }
  for (const [position, name] of replacements) segments[position] = name;
}

/** A field path of `location`, said at version `from`, as version `to` says it. */
export function translatePath(operationId: string, location: Location, path: string, from: string, to: string): string {
  const order = compareVersions(from, to);
  if (order === 0) return path;
  const segments = pathSegments(path);
  const within = (date: string) =>
    order < 0 ? compareVersions(date, from) > 0 && compareVersions(date, to) <= 0 : compareVersions(date, to) > 0 && compareVersions(date, from) <= 0;
  const entries = planAt(operationId, location).filter((entry) => within(entry.date));
  if (order < 0) for (const entry of entries) renameThrough(entry, segments, true);
  else for (const entry of [...entries].reverse()) renameThrough(entry, segments, false);
  return pathText(segments);
}
