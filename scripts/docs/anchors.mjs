// Where things are on a Redoc page. Redoc 3 routes each operation as `#/<tag>/<operationid>` (in lower
// case) and gives each field of a request or response a deep link after a second `#`:
// `#/generation/generatemedia#generation/generatemedia/t=response&c=200&path=data/media[]/dim`.
// The browser test opens every anchor the site links to, so a change of Redoc's scheme fails there.

import { componentName, isObject, operationsOf } from './document.mjs';

/** Redoc's slug of a tag or operationId. */
export const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-|-$/g, '');

export const tagRoute = (tag) => `#/${slug(tag)}`;
export const operationRoute = (operation) => `#/${slug(operation.tags?.[0] ?? 'default')}/${slug(operation.operationId)}`;

/** The route part of a hash (`#/tag/op` of `#/tag/op#tag/op/t=…`). */
export const routePart = (hash) => hash.split('#').slice(0, 2).join('#');

/** Every route of a page: its tags and its operations. */
export function routesOf(doc) {
  const routes = new Set();
  for (const { operation } of operationsOf(doc)) {
    routes.add(operationRoute(operation));
    for (const tag of operation.tags ?? []) routes.add(tagRoute(tag));
  }
  return routes;
}

/** Redoc writes the items of an array field as `field[]`; the fields of an array body's items have no prefix. */
const itemSegments = (segments) => (segments.length ? [...segments.slice(0, -1), `${segments[segments.length - 1]}[]`] : []);

/**
 * Deep links to fields, by the element they show: `Component.field` for a property of a component,
 * `Component` for where a component is used, `rule:<id>` for the object a rule tagged `x-rule` is on
 * (with `ruleIds` from the emitted document, since the page's view may state a rule in words), and
 * `<operationId>.<parameter>` for a parameter. The first place in document order wins: request
 * bodies and parameters, then success responses.
 */
export function fieldAnchors(doc, ruleIds = new Map()) {
  const anchors = new Map();
  const schemas = doc.components?.schemas ?? {};
  const add = (element, anchor) => {
    if (!anchors.has(element)) anchors.set(element, anchor);
  };

  for (const { operation } of operationsOf(doc)) {
    const route = operationRoute(operation);
    const base = route.slice(2); // `tag/op`, the prefix of Redoc's ids
    const link = (id) => `${route}#${id}`;
    for (const parameter of operation.parameters ?? []) {
      const anchor = link(`${base}/t=request&in=${parameter.in}&path=${parameter.name}`);
      add(`${operation.operationId}.${parameter.name}`, anchor);
      const used = componentName(parameter.schema?.$ref);
      if (used) add(used, anchor);
    }
    const walkBody = (schema, prefix, bodyAnchor) => {
      // `owner`: the component whose properties are being walked (none inside an inline object).
      const visit = (node, segments, seen, owner) => {
        if (!isObject(node)) return;
        const name = componentName(node.$ref);
        if (name) {
          if (seen.has(name)) return;
          const at = segments.length ? link(`${prefix}${segments.join('/')}`) : bodyAnchor;
          add(name, at);
          for (const rule of ruleIds.get(name) ?? []) add(`rule:${rule}`, at);
          visit(schemas[name], segments, new Set([...seen, name]), name);
          return;
        }
        for (const branch of node.allOf ?? []) visit(branch, segments, seen, owner);
        if (isObject(node.items)) visit(node.items, itemSegments(segments), seen, undefined);
        for (const [property, value] of Object.entries(node.properties ?? {})) {
          const at = [...segments, property];
          if (owner) add(`${owner}.${property}`, link(`${prefix}${at.join('/')}`));
          visit(value, at, seen, undefined);
        }
      };
      visit(schema, [], new Set(), undefined);
    };
    const request = operation.requestBody?.content?.['application/json']?.schema;
    if (request) walkBody(request, `${base}/t=request&path=`, link(`${base}/request/body`));
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = response?.content?.['application/json']?.schema;
      if (/^2\d\d$/.test(status) && schema) walkBody(schema, `${base}/t=response&c=${status}&path=`, link(`${base}/response&c=${status}/body`));
    }
  }
  return anchors;
}
