// The reader's view of an emitted document: the copy Redoc renders on a page of the site. The
// published documents stay as they are; this view
// - turns each `x-provenance` into a badge in the element's description (and drops the raw extension),
//   with the latest verdict of live runs on an assumption when evidence is given;
// - states a rule written as `if`/`then` (tagged `x-rule`) in words on the object it constrains, and
//   names every other untitled branch;
// - titles the page with its date, says what the page is, and how to try it against the mock;
// - drops what a reader must not be shown: a loopback server (the mock picks its port when it starts)
//   and a contact address the contract does not have;
// - adds curl and `@mediagen/client` samples to every operation.
import { operationRoute } from './anchors.mjs';
import { badge, withBadge } from './badges.mjs';
import { branchTitle, describeRule, nameBranches } from './branches.mjs';
import { componentName, isObject, operationsOf } from './document.mjs';
import { escapeHtml } from './html.mjs';
import { codeSamples } from './samples.mjs';
import { usageBadge } from './usage.mjs';

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i;

/** How a page names its version: the date, "… (newest)", or what the baseline is. */
export function versionLabel(version, versions) {
  const newest = versions[versions.length - 1];
  if (version === 'baseline') return versions.length > 1 ? `baseline (before ${versions[1]})` : 'baseline';
  return version === newest ? `${version} (newest)` : version;
}

/**
 * Verdicts by where they show: on an element (`Component.field`, `operation:id`, `rule:id`) or on a
 * constraint of a field (`rule:Component.field.kind`). `take` marks an id as shown; `unshown` lists
 * the rest, which the page lists in its introduction so that no verdict goes unseen.
 */
function evidenceIndex(evidence = new Map()) {
  const shown = new Set();
  const take = (id) => {
    const entry = evidence.get(id);
    if (entry) shown.add(id);
    return entry;
  };
  // Constraint verdicts by their element, indexed once: `rule:Component.field.kind` under
  // `Component.field` (a scan of every id for every element grew with ids × elements).
  const byElement = new Map();
  for (const id of evidence.keys()) {
    const dot = id.lastIndexOf('.');
    if (!id.startsWith('rule:') || dot < 'rule:'.length) continue;
    const element = id.slice('rule:'.length, dot);
    if (!byElement.has(element)) byElement.set(element, []);
    byElement.get(element).push([id.slice(dot + 1), id]);
  }
  const constraintsOf = (element) => {
    const found = new Map();
    for (const [kind, id] of byElement.get(element) ?? []) found.set(kind, take(id));
    return found;
  };
  return { take, constraintsOf, unshown: () => [...evidence].filter(([id]) => !shown.has(id)) };
}

/**
 * Puts a badge in front of a node's description and removes its raw `x-provenance`; with usage, the
 * usage badge of `usageKey` (the element, or a parameter's `<operationId>.<name>`) beside it.
 */
function badgeNode(node, { element, index, description = node.description, kind, used, usageKey = element }) {
  const provenance = node['x-provenance'];
  delete node['x-provenance'];
  const html = badge({
    provenance,
    element,
    evidence: element ? index.take(element) : undefined,
    constraintEvidence: element && kind !== 'rule' ? index.constraintsOf(element) : undefined,
    kind,
  });
  const usage = usageKey && used ? usageBadge(usageKey, used.get(usageKey)) : '';
  node.description = withBadge(usage ? `${html} ${usage}` : html, description);
}

/** A `$ref`'s target in `doc` (components only). */
const target = (doc, ref) => doc.components?.schemas?.[componentName(ref)];

/**
 * Walks a schema and gives every node that carries `x-provenance` its badge. `element` names the
 * node in evidence files when it is a property of a component (`Component.field`).
 */
function badgeSchema(node, context) {
  if (Array.isArray(node)) {
    for (const item of node) badgeSchema(item, context);
    return;
  }
  if (!isObject(node)) return;
  if (node['x-provenance']) {
    // A `$ref` beside a description shows that description instead of its target's: keep the target's text.
    const description = node.description ?? target(context.original, node.$ref)?.description;
    badgeNode(node, { element: context.element, index: context.index, description, used: context.used, usageKey: context.usageKey ?? context.element });
  }
  stateRules(node, context);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' || key === 'example' || key === 'const' || key === 'enum' || key === 'default') continue;
    if (key === 'properties' && isObject(value)) {
      for (const [name, property] of Object.entries(value)) {
        badgeSchema(property, {
          ...context,
          element: context.component && context.depth === 0 ? `${context.component}.${name}` : undefined,
          usageKey: undefined,
          depth: context.depth + 1,
        });
      }
    } else {
      badgeSchema(value, { ...context, element: undefined, usageKey: undefined, depth: context.depth + 1 });
    }
  }
}

/**
 * Rules tagged `x-rule` among a node's allOf branches: a rule that can be said in words moves into
 * the node's description with its badge (the reader sees the object's fields at once, not behind
 * "case 1 / case 2" tabs); one that cannot keeps its schema, with a badge and a named title.
 */
function stateRules(node, context) {
  if (!Array.isArray(node.allOf)) return;
  const stated = [];
  node.allOf = node.allOf.filter((branch) => {
    const id = isObject(branch) ? branch['x-rule'] : undefined;
    if (typeof id !== 'string') return true;
    const words = describeRule(branch);
    const holder = { 'x-provenance': branch['x-provenance'] };
    badgeNode(holder, { element: `rule:${id}`, index: context.index, kind: 'rule' });
    if (!words) {
      delete branch['x-provenance'];
      branch.title ??= branchTitle(branch, 0);
      branch.description = withBadge(holder.description, branch.description);
      return true;
    }
    stated.push(`${holder.description}\n\n**Rule \`${id}\`.** ${words}`);
    return false;
  });
  if (stated.length) node.description = [node.description, ...stated].filter(Boolean).join('\n\n');
  if (node.allOf.length === 0) delete node.allOf;
}

/**
 * Redoc shows a request body's own description but not the description of its schema, nor of an array
 * body's items: the rules and badges of a body such as `GenerationRequest` (an array of
 * `GenerationItem`) would not be seen. They are put into the body's description.
 */
function liftBodyDescription(doc, requestBody) {
  const resolve = (node) => target(doc, node?.$ref) ?? node;
  for (const content of Object.values(requestBody?.content ?? {})) {
    const root = resolve(content.schema);
    const items = root?.type === 'array' ? resolve(root.items) : undefined;
    const texts = [requestBody.description, root?.description, items?.description].filter(Boolean);
    if (texts.length) requestBody.description = texts.join('\n\n');
    return;
  }
}

/** The page's introduction, in Markdown: what it is, the download, the mock, the badges, the verdicts. */
function introduction({ original, version, versions, downloads, unshown, evidenceGiven, consumers }) {
  const newest = versions[versions.length - 1];
  const position = versions.indexOf(version);
  const parts = [];
  if (version === 'baseline') {
    parts.push(
      `**The baseline:** the API as it was before its first dated change${versions[1] ? ` (${versions[1]})` : ''}. Newer versions: see the version selector and the [API changelog](changelog.html).`,
    );
  } else if (version === newest) {
    parts.push(
      `**The newest version:** the API as of ${version}. Older versions are in the version selector; what changed when is in the [API changelog](changelog.html).`,
    );
  } else {
    parts.push(
      `**The API as of ${version}.** The newest version is [${newest}](${newest}.html); the next one after this is [${versions[position + 1]}](${versions[position + 1]}.html). See the [API changelog](changelog.html).`,
    );
  }
  if (original.info?.description) parts.push(original.info.description);
  parts.push(`**Download this document:** [JSON](${downloads.json}) · [YAML](${downloads.yaml})`);
  const at = version === newest ? '' : ` --at ${version}`;
  parts.push(
    '### Try it against the mock',
    `\`npx media-mock${at}\` serves this version of the API on your machine: it picks a free port and prints the URL it listens on. ` +
      'Send the samples there instead of the live server (curl: replace the host; the client: pass `baseUrl`). ' +
      `\`npx media-mock --stateful${at}\` runs the sandbox instead, which keeps state (generations, credits, assets) and accepts \`X-API-KEY: sandbox-key\`.`,
  );
  parts.push(
    '### Where each element comes from',
    'Every operation and field carries a badge: **interface** (stated by the interface description), **live docs** (shown by the live documentation) or ' +
      '**assumption** (a decision of ours that a live run can confirm or refute). Open a badge for its note, the basis of each constraint' +
      (evidenceGiven ? ' and the latest verdict of live runs.' : '.'),
  );
  if (consumers !== undefined) {
    parts.push(
      '### Who uses what',
      `Beside the badges, a **consumers** badge counts the consumers whose recorded traffic used an operation, a parameter or a field (from ${consumers} usage file${consumers === 1 ? '' : 's'}: names of fields only, said as this version says them); open it for each consumer and its calls. A field that came back to a consumer counts as used.`,
    );
  }
  if (unshown.length) {
    // One HTML block (Markdown would take a badge inside a list item apart).
    const items = unshown.map(
      ([id, entry]) =>
        `<li><code>${escapeHtml(id)}</code> ${badge({ provenance: { source: 'assumption', note: entry.claim }, element: id, evidence: entry })}</li>`,
    );
    parts.push(
      '### Other verdicts of live runs',
      'Assumptions judged by live runs that no element of this page carries:',
      `<ul class="other-verdicts">${items.join('')}</ul>`,
    );
  }
  return parts.join('\n\n');
}

/**
 * The view of `original` for the page of `version`.
 * - `versions`: every version, oldest first; `downloads`: `{ json, yaml }` links of this document;
 * - `evidence`: verdicts by assumption id (from `readEvidence`), optional;
 * - `clientMethods`: operationId → `group.method` of `@mediagen/client`;
 * - `used`: who used each element on this page (`usageOnPage`), and `consumers` how many usage files there are, optional.
 */
export function viewDocument(original, { version, versions, downloads, evidence, clientMethods, used, consumers }) {
  const doc = structuredClone(original);
  const index = evidenceIndex(evidence);
  const label = versionLabel(version, versions);

  doc.servers = (doc.servers ?? []).filter((server) => !LOOPBACK.test(server.url ?? ''));
  if (doc.servers.length === 0) throw new Error(`the document of ${version} names no server other than a local one`);
  const server = doc.servers[0].url.replace(/\/$/, '');

  const operations = operationsOf(doc);
  const byId = new Map(operations.map(({ operation }) => [operation.operationId, operation]));
  for (const { path, method, operation } of operations) {
    let description = operation.description;
    const replacement = byId.get(operation['x-replaced-by']);
    if (replacement) {
      // A deprecated operation names its replacement: as a link where its description already names it.
      const id = replacement.operationId;
      const named = new RegExp(`(^|[^\\w\`\\[])${id}(?![\\w\`])`);
      description = named.test(description ?? '')
        ? description.replace(named, `$1[${id}](${operationRoute(replacement)})`)
        : `${description ? `${description}\n\n` : ''}**Deprecated:** use [${replacement.summary ?? id}](${operationRoute(replacement)}) instead.`;
    }
    badgeNode(operation, { element: `operation:${operation.operationId}`, index, description, used });
    // Parameters and responses carry their own provenance, as do the fields of inline schemas.
    for (const parameter of operation.parameters ?? [])
      badgeSchema(parameter, { original, index, depth: 1, used, usageKey: `${operation.operationId}.${parameter.name}` });
    badgeSchema([operation.requestBody, operation.responses], { original, index, depth: 1, used });
    operation['x-codeSamples'] = codeSamples({ server, method, path, operation, clientMethod: clientMethods.get(operation.operationId) });
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    badgeSchema(schema, { original, index, component: name, depth: 0, used });
  }
  for (const { operation } of operations) liftBodyDescription(doc, operation.requestBody);
  nameBranches(doc.components);
  nameBranches(doc.paths);

  doc.info = {
    ...doc.info,
    title: `${original.info.title} — ${label}`,
    // Redoc prints the version after the title; the date in the title says it better than "1.0".
    version: '',
    description: introduction({ original, version, versions, downloads, unshown: index.unshown(), evidenceGiven: evidence !== undefined, consumers }),
  };
  delete doc.info.contact;
  return doc;
}
