// Which method of `@mediagen/client` calls each operation, read from the client's own source with
// TypeScript's parser, so the site's code samples follow the client instead of a list kept beside it.
// In `createClient`, each friendly method is a property whose value names its operationId, as a member
// of the generated operation table (`create: (input, o) => call(ops.generateMedia, …)`) or as a string
// (`get: byId('getMedia', 'media_id')`), inside an object that is a resource group (`media: { … }`, or
// `const generations: GenerationsApi = { … }`).
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLIENT_SOURCE = join(root, 'packages', 'client', 'src', 'client.ts');

// TypeScript is loaded when the first source is read: a build refused for a bad flag or input answers at once.
let ts;

const nameOf = (node) => (node && (ts.isIdentifier(node) || ts.isStringLiteral(node)) ? node.text : undefined);

/** The group an object literal of methods stands for: its property name, or the variable it initialises. */
function groupOf(objectLiteral) {
  const parent = objectLiteral.parent;
  if (ts.isPropertyAssignment(parent)) return nameOf(parent.name);
  if (ts.isVariableDeclaration(parent)) return nameOf(parent.name);
  return undefined;
}

/** The operationId a node names: a string literal, or the member name of a property access (`ops.getMedia`). */
function operationNamed(node) {
  if (ts.isStringLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name)) return node.name.text;
  return undefined;
}

/** `group.method` for a node that names an operation, if it sits in a method of a group. */
function methodOf(reference) {
  for (let node = reference.parent; node; node = node.parent) {
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
      const group = groupOf(node.parent);
      const method = nameOf(node.name);
      return group && method ? `${group}.${method}` : undefined;
    }
    if (ts.isSourceFile(node)) return undefined;
  }
  return undefined;
}

/**
 * operationId → `group.method` (e.g. `generateMedia` → `generations.create`) for every operation in
 * `operationIds`. Throws, naming the operations, when one has no method or more than one: a sample
 * must name the one method that calls it.
 */
export async function clientMethods(operationIds, source = CLIENT_SOURCE) {
  ts ??= (await import('typescript')).default;
  const wanted = new Set(operationIds);
  const file = ts.createSourceFile(source, await readFile(source, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = new Map();
  const visit = (node) => {
    const id = operationNamed(node);
    if (id !== undefined && wanted.has(id)) {
      const method = methodOf(node);
      if (method) found.set(id, [...new Set([...(found.get(id) ?? []), method])]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const missing = operationIds.filter((id) => !found.has(id));
  const ambiguous = [...found].filter(([, methods]) => methods.length > 1).map(([id, methods]) => `${id} (${methods.join(', ')})`);
  if (missing.length || ambiguous.length) {
    const problems = [
      missing.length ? `no client method calls ${missing.join(', ')}` : '',
      ambiguous.length ? `several methods call ${ambiguous.join('; ')}` : '',
    ];
    throw new Error(`${source}: ${problems.filter(Boolean).join('; ')}`);
  }
  return new Map([...found].map(([id, [method]]) => [id, method]));
}
