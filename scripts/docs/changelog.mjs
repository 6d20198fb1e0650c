// The API changelog page. Each dated section of CHANGELOG-API.md is rendered as written, and linked to
// the page of its date: the code spans that name an operation, a component, a field or a rule link
// to where that page shows it, and a list derived from the differences between the emitted documents
// of the date and of the version before it links every element that changed. (The differences are
// read from the documents, not from the changelog's wording, so a change the text does not spell out
// still gets its link.)
import { Marked } from 'marked';
import { fieldAnchors, operationRoute } from './anchors.mjs';
import { isObject, operationsOf, ruleIdsOf } from './document.mjs';
import { escapeHtml } from './html.mjs';
import { changelogHits } from './usage.mjs';

/** Keys that annotate a schema without changing what it accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'x-provenance', 'x-generated']);

/** A schema without its annotations, as text: two schemas that accept the same are equal. */
function shape(node) {
  const strip = (value) => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !ANNOTATIONS.has(k))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return JSON.stringify(strip(node));
}

/** Adds, removals and changes between two keyed maps, as [key, 'added' | 'removed' | 'changed']. */
function differences(before = {}, after = {}, same = (a, b) => shape(a) === shape(b)) {
  const changes = [];
  for (const key of Object.keys(after)) {
    if (!(key in before)) changes.push([key, 'added']);
    else if (!same(before[key], after[key])) changes.push([key, 'changed']);
  }
  for (const key of Object.keys(before)) if (!(key in after)) changes.push([key, 'removed']);
  return changes;
}

/** The `x-rule` ids anywhere in a schema. */
function rulesIn(node, found = new Set()) {
  if (Array.isArray(node)) for (const item of node) rulesIn(item, found);
  else if (isObject(node)) {
    if (typeof node['x-rule'] === 'string') found.add(node['x-rule']);
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') rulesIn(value, found);
  }
  return found;
}

/**
 * What changed from `before` to `after`, element by element: `{ element, change }` where element is
 * `operation:<id>`, `<operationId>.<parameter>`, `Component`, `Component.field` or `rule:<id>`.
 */
export function documentChanges(before, after) {
  const changes = [];
  const operations = (doc) => Object.fromEntries(operationsOf(doc).map(({ operation }) => [operation.operationId, operation]));
  const [opsBefore, opsAfter] = [operations(before), operations(after)];
  for (const [id, change] of differences(opsBefore, opsAfter, (a, b) => Boolean(a.deprecated) === Boolean(b.deprecated))) {
    changes.push({ element: `operation:${id}`, change });
  }
  for (const id of Object.keys(opsAfter)) {
    if (!opsBefore[id]) continue;
    const params = (op) => Object.fromEntries((op.parameters ?? []).map((p) => [p.name, p]));
    for (const [name, change] of differences(params(opsBefore[id]), params(opsAfter[id]))) changes.push({ element: `${id}.${name}`, change });
  }
  const [schemasBefore, schemasAfter] = [before.components?.schemas ?? {}, after.components?.schemas ?? {}];
  for (const [name, change] of differences(schemasBefore, schemasAfter, () => true)) changes.push({ element: name, change });
  for (const name of Object.keys(schemasAfter)) {
    const [was, is] = [schemasBefore[name], schemasAfter[name]];
    if (!was) continue;
    const required = (schema, field) => (schema.required ?? []).includes(field);
    const fieldChanges = differences(was.properties, is.properties).map(([field, change]) => {
      // "deprecated" says more than "changed" when that is all that changed.
      const [a, b] = [was.properties?.[field], is.properties?.[field]];
      return change === 'changed' && !a?.deprecated && b?.deprecated && shape({ ...a, deprecated: true }) === shape(b)
        ? [field, 'deprecated']
        : [field, change];
    });
    for (const field of Object.keys(is.properties ?? {})) {
      if (was.properties?.[field] && required(was, field) !== required(is, field) && !fieldChanges.some(([f]) => f === field))
        fieldChanges.push([field, 'changed']);
    }
    for (const [field, change] of fieldChanges) changes.push({ element: `${name}.${field}`, change });
    const [rulesBefore, rulesAfter] = [rulesIn(was), rulesIn(is)];
    for (const rule of rulesAfter) if (!rulesBefore.has(rule)) changes.push({ element: `rule:${rule}`, change: 'added', on: name });
    for (const rule of rulesBefore) if (!rulesAfter.has(rule)) changes.push({ element: `rule:${rule}`, change: 'removed', on: name });
    // The rest of the schema (its enum, its type…), when no field or rule accounts for the change.
    const rest = (schema) => shape({ ...schema, properties: undefined, required: undefined, allOf: undefined });
    if (rest(was) !== rest(is)) changes.push({ element: name, change: 'changed' });
  }
  return changes;
}

/** Anchors of one page: operations by `operation:<id>` and bare operationId, fields, components, parameters, rules. */
function pageAnchors(view, ruleIds) {
  const anchors = fieldAnchors(view, ruleIds);
  const summaries = new Map();
  for (const { operation } of operationsOf(view)) {
    const route = operationRoute(operation);
    anchors.set(`operation:${operation.operationId}`, route);
    anchors.set(operation.operationId, route);
    summaries.set(route, operation.summary ?? operation.operationId);
  }
  for (const rules of ruleIds.values()) for (const rule of rules) if (anchors.has(`rule:${rule}`)) anchors.set(rule, anchors.get(`rule:${rule}`));
  return { anchors, summaries };
}

/** How the derived list names an element. */
function elementText(element) {
  if (element.startsWith('operation:')) return `operation ${element.slice('operation:'.length)}`;
  if (element.startsWith('rule:')) return `rule ${element.slice('rule:'.length)}`;
  return element;
}

/**
 * The changelog as HTML: its sections with their code spans linked, and after each dated section the
 * list of what changed, linked on the page of its date (what was removed: on the page before), and,
 * with `usage` (readUsage), whom its changes hit.
 */
export function renderChangelog(markdown, { versions, documents, views, usage }) {
  const pages = new Map(versions.map((v) => [v, pageAnchors(views.get(v), ruleIdsOf(documents.get(v)))]));
  const href = (version, anchor) => `${version}.html${anchor}`;
  const sections = markdown.split(/^(?=## )/m);
  return sections
    .map((section) => {
      const version = /^## (\S+)/.exec(section)?.[1];
      const position = versions.indexOf(version);
      const page = pages.get(version);
      const before = position > 0 ? versions[position - 1] : undefined;
      // A name in a code span links to where the page of its date shows it, or, gone since, the page before.
      const marked = new Marked({
        renderer: {
          codespan(text) {
            const name = text.replace(/&#39;|&quot;|&amp;|&lt;|&gt;/g, '');
            const found = page?.anchors.get(name)
              ? [version, page.anchors.get(name)]
              : before && pages.get(before).anchors.get(name)
                ? [before, pages.get(before).anchors.get(name)]
                : undefined;
            return found ? `<a class="element-link" href="${escapeHtml(href(...found))}"><code>${text}</code></a>` : `<code>${text}</code>`;
          },
          heading(text, level) {
            if (level !== 2 || !page) return `<h${level}>${text}</h${level}>\n`;
            const name = version === 'baseline' ? 'The baseline API' : `The API as of ${version}`;
            return `<h2 id="${escapeHtml(version)}">${text}</h2>\n<p><a class="page-link" href="${escapeHtml(version)}.html">${escapeHtml(name)}</a></p>\n`;
          },
        },
      });
      let html = marked.parse(section);
      if (page && before) {
        const items = documentChanges(documents.get(before), documents.get(version)).map(({ element, change }) => {
          const [where, anchor] = change === 'removed' ? [before, pages.get(before).anchors.get(element)] : [version, page.anchors.get(element)];
          const context = anchor ? pages.get(where).summaries.get(anchor.split('#').slice(0, 2).join('#')) : undefined;
          const note = `${change}${context ? `, in ${escapeHtml(context)}` : ''}${where !== version ? `, on the ${escapeHtml(where)} page` : ''}`;
          const name = `<code>${escapeHtml(elementText(element))}</code>`;
          return `<li>${anchor ? `<a class="change-link" href="${escapeHtml(href(where, anchor))}">${name}</a>` : name} (${note})</li>`;
        });
        if (items.length) html += `<p>Where on the ${escapeHtml(version)} page:</p>\n<ul class="changes">${items.join('')}</ul>\n`;
        if (usage) html += changelogHits(documents.get(before), documents.get(version), before, usage);
      }
      return html;
    })
    .join('\n');
}
