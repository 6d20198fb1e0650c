// Reading an OpenAPI document: what the site's modules share.
import { documentOperations } from '@mediagen/schema/util';

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation of a document, in document order, with its path and method. */
export function operationsOf(doc) {
  return documentOperations(doc).map(({ path, method, operation }) => ({ path, method, operation }));
}

/** The component a `$ref` points to (`#/components/schemas/Name` → `Name`), if it is one. */
export const componentName = (ref) =>
  typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;

/** The `x-rule` ids of each component's schema, by component (in document order). */
export function ruleIdsOf(doc) {
  const found = new Map();
  const walk = (node, component) => {
    if (Array.isArray(node)) for (const item of node) walk(item, component);
    else if (isObject(node)) {
      if (typeof node['x-rule'] === 'string') found.set(component, [...(found.get(component) ?? []), node['x-rule']]);
      for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') walk(value, component);
    }
  };
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) walk(schema, name);
  return found;
}
