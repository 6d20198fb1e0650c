// Path parameters: each must be a non-empty string other than `.` and `..`. An empty one collapses
// the path (`/generations/gen/images/` instead of `/images/{id}`), and a dot segment is resolved
// away by URL parsing, `%2e` spellings included (`deleteImage(gen, '..')` would become
// `DELETE /pub/v1/generations/gen/`, and a server that redirects a trailing slash would take it to
// the whole generation). Checked before anything is sent, by the methods and by the raw client.
import { ValidationError, type ValidationIssue } from './errors/index.js';
import type { OperationInfo } from './generated/operations.js';

/** The names of an operation's path parameters, read once per path template. */
const namesByPath: { [path: string]: readonly string[] } = {};
const paramNames = (path: string) => (namesByPath[path] ??= [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!));

function problem(name: string, value: unknown): ValidationIssue | undefined {
  if (typeof value !== 'string') {
    return { path: [name], message: value === undefined ? 'required' : `expected string, got ${value === null ? 'null' : typeof value}`, code: 'invalid_type' };
  }
  if (value === '') return { path: [name], message: 'required', code: 'invalid_type' };
  if (value === '.' || value === '..') {
    return { path: [name], message: `must not be ${JSON.stringify(value)}: a dot segment would reach another endpoint`, code: 'dot_segment' };
  }
  return undefined;
}

/** Throws a local ValidationError, naming every unusable path parameter of the operation. */
export function checkPathParams(op: OperationInfo, params: Record<string, unknown> | undefined): void {
  let issues: ValidationIssue[] | undefined;
  for (const name of paramNames(op.path)) {
    const issue = problem(name, params?.[name]);
    if (issue) (issues ??= []).push(issue);
  }
  if (issues) throw ValidationError.local(op.id, issues);
}
