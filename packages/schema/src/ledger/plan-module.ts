// The generated plan module's source (plan.generated.ts): the compiled plan as a typed TypeScript
// constant, each value on one line where it fits the line width.
import { isObject } from '../util/json.js';
import type { TransformPlan } from './plan.js';

/** A single-quoted string literal. */
const renderString = (text: string): string => `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

const renderKey = (key: string): string => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : renderString(key));

/** A JSON value as a TypeScript literal on one line. */
function renderInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${renderKey(key)}: ${renderInline(item)}`).join(', ')} }`;
  }
  if (typeof value === 'string') return renderString(value);
  return JSON.stringify(value) ?? 'null';
}

/** A JSON value as a TypeScript literal: what fits in the line width stays on one line. */
function renderLiteral(value: unknown, indent: string): string {
  const flat = renderInline(value);
  if (indent.length + flat.length <= 100 || (!Array.isArray(value) && !isObject(value))) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => `${inner}${renderLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{\n${entries.map(([key, item]) => `${inner}${renderKey(key)}: ${renderLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}

/** Full source of the generated plan module (a typed constant `transformPlan`). */
export function renderPlanModule(plan: TransformPlan): string {
  return [
    '// Generated from the API ledger and the newest OpenAPI document. Do not edit: change the ledger',
    '// or the schemas and emit again.',
    "import type { TransformPlan } from './plan.js';",
    '',
    `export const transformPlan: TransformPlan = ${renderLiteral(plan, '')};`,
    '',
  ].join('\n');
}
