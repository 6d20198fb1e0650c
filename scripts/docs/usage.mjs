// Usage on the site (`npm run docs -- --usage DIR`): the usage files of the API's consumers (written by
// `media-conformance usage` or `proxy --usage`, one per consumer), read and checked by the suite's own
// reader, said as each page's version says them. Each operation, parameter and field of a page that a
// consumer's traffic used carries a small badge (`2 consumers`) that opens onto who and how many calls;
// the changelog says, under each dated entry, whom its changes hit.
import { classify } from '../api-check/classify.mjs';
import { blastRadius } from '../api-check/consumers.mjs';
import { factsOf } from '../api-check/facts.mjs';
import { escapeHtml, plainText } from './html.mjs';

/** A usage folder that cannot be used: `message` is one line naming it and what is wrong. */
export class UsageError extends Error {
  name = 'UsageError';
}

/** The usage files of `dir`, checked (a RunError of the reader becomes a UsageError), and the translator to any version. */
export async function readUsage(dir) {
  let reader;
  try {
    reader = await import('@mediagen/conformance/usage');
  } catch (err) {
    // Plain node reads the built package: a fresh clone has not built it yet.
    throw new UsageError(`--usage needs the built packages (npm run build): ${err.message.split('\n')[0]}`);
  }
  const { readUsageDir, usageAt } = reader;
  let usages;
  try {
    usages = readUsageDir(dir);
  } catch (err) {
    throw new UsageError(err.message);
  }
  // Each consumer said as each version says it once: every page and every changelog entry asks again.
  const said = new Map();
  const at = (usage, version) => {
    const byVersion = said.get(usage) ?? new Map();
    said.set(usage, byVersion);
    if (!byVersion.has(version)) byVersion.set(version, usageAt(usage, version));
    return byVersion.get(version);
  };
  return { usages, usageAt: at };
}

const covers = (written, seen) => written === seen || written.toUpperCase() === `${seen.charAt(0)}XX` || written === 'default';

function add(map, key, consumer, calls) {
  if (calls <= 0) return;
  const hits = map.get(key) ?? new Map();
  hits.set(consumer, (hits.get(consumer) ?? 0) + calls);
  map.set(key, hits);
}

/**
 * Who used what on the page of one version: `operation:<id>`, `<operationId>.<parameter>` and
 * `Component.field` → Map(consumer → calls). `usage` is what readUsage gives.
 */
export function usageOnPage(document, version, usage) {
  const used = new Map();
  const said = usage.usages.map((u) => usage.usageAt(u, version));
  for (const fact of factsOf(document).values()) {
    for (const consumer of said) {
      const op = consumer.operations[fact.operationId];
      if (!op) continue;
      if (fact.kind === 'op') add(used, `operation:${fact.operationId}`, consumer.consumer, op.calls);
      else if (fact.kind === 'param' && fact.in === 'query') add(used, `${fact.operationId}.${fact.name}`, consumer.consumer, op.sent.query[fact.name] ?? 0);
      else if (fact.kind === 'field' && !fact.owner.includes(':')) {
        const calls =
          fact.where === 'request'
            ? (op.sent.body[fact.path] ?? 0)
            : Object.entries(op.received).reduce((n, [status, counts]) => n + (covers(fact.where, status) ? (counts[fact.path] ?? 0) : 0), 0);
        add(used, `${fact.owner}.${fact.name}`, consumer.consumer, calls);
      }
    }
  }
  return used;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The badge of one element: how many consumers use it, opening onto each with its calls. */
export function usageBadge(element, hits) {
  if (!hits || hits.size === 0) return '';
  const items = [...hits]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([consumer, calls]) => `<li><code>${escapeHtml(consumer)}</code>: ${plural(calls, 'call')}</li>`);
  const detail = `<ul>${items.join('')}</ul>`;
  return (
    `<details class="usage" data-usage="${escapeHtml(element)}"><summary title="${escapeHtml(plainText(detail)).replace(/\n/g, '&#10;')}">${plural(hits.size, 'consumer')}</summary>` +
    `<div class="usage-detail">${detail}</div></details>`
  );
}

/** Under a changelog entry: the consumers its changes hit (said as the version before it), each with what it touched. */
export function changelogHits(before, after, previous, usage) {
  const said = usage.usages.map((u) => usage.usageAt(u, previous));
  const radius = blastRadius(classify(before, after), said, factsOf(before), { all: true });
  const byConsumer = new Map();
  for (const { change, hits } of radius)
    for (const hit of hits) byConsumer.set(hit.consumer, [...(byConsumer.get(hit.consumer) ?? []), { change, calls: hit.calls }]);
  if (byConsumer.size === 0) return `<p class="usage-hits">No consumer's traffic touches what changed here (${plural(said.length, 'usage file')}).</p>\n`;
  const items = [...byConsumer]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([consumer, touched]) => {
      const what = touched.map(
        ({ change, calls }) =>
          `<code>${escapeHtml(change.where)}</code> ${escapeHtml(change.kind)}${change.breaking ? ' (breaking)' : ''}: ${plural(calls, 'call')}`,
      );
      return `<li><code>${escapeHtml(consumer)}</code> — ${what.join('; ')}</li>`;
    });
  return `<p>Whom it hit (the consumers whose traffic touches it):</p>\n<ul class="usage-hits">${items.join('')}</ul>\n`;
}

/** Styles of the usage badge (beside the provenance badges, in their shape). */
export const USAGE_CSS = `
details.usage{display:inline-block;margin:2px 0 4px 4px;font:12px/1.4 sans-serif;max-width:100%}
details.usage>summary{display:inline-flex;cursor:pointer;list-style:none;padding:1px 8px!important;margin:0!important;border-radius:10px;border:1px solid currentColor;color:#4a148c!important;background:#efe5fb}
details.usage>summary::-webkit-details-marker{display:none}
.usage-detail{margin-top:4px;padding:6px 10px;border-left:3px solid #ce93d8;background:#fafafa;color:#263238;overflow-wrap:anywhere}
.usage-detail ul{margin:0;padding-left:16px}
`;
