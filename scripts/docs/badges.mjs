// Provenance as a reader sees it: a small badge (interface / live docs / assumption) that opens, in
// a fold (and on hover, as its title), onto the detail — the note or claim, the basis of each
// constraint and, when an evidence file is given, the latest verdict of live runs on an assumption.
// The badge is HTML put at the start of an element's Markdown description, on one line so that
// Markdown keeps it as one HTML block.
import { escapeHtml, inlineHtml, plainText } from './html.mjs';

const LABELS = { interface: 'interface', 'live-docs': 'live docs', assumption: 'assumption' };
const BASES = {
  interface: 'stated by the interface description',
  'live-docs': 'shown by the live documentation',
  assumption: 'an assumption of ours: a live run can confirm or refute it',
};

const verdictText = (entry) => `${entry.latest.verdict} ${entry.latest.date}`;
const verdictHtml = (entry) => `<span class="prov-verdict prov-${entry.latest.verdict}">${escapeHtml(verdictText(entry))}</span>`;

/** The runs behind a verdict: counts, where, and what the latest run saw. */
function evidenceDetail(entry) {
  const { lastRun } = entry;
  const runs = `${entry.for} run${entry.for === 1 ? '' : 's'} for, ${entry.against} against`;
  // Which origin the verdict came from, and whether it is a mock's or an interrupted run's (kept apart: shown only while no live run judged it).
  const apart = entry.latest.apart ? ` — from ${entry.latest.apart === 'mock' ? 'a run against a mock' : 'an interrupted run'}, not a live verdict` : '';
  const parts = [`<li>Latest verdict: ${verdictHtml(entry)} against ${escapeHtml(entry.latest.origin)} (${escapeHtml(runs)})${escapeHtml(apart)}</li>`];
  const exchange = lastRun?.exchange;
  if (exchange) {
    const observed = exchange.observed ? `: ${inlineHtml(exchange.observed)}` : '';
    parts.push(`<li>Observed: <code>${escapeHtml(`${exchange.method} ${exchange.url}`)}</code> → ${exchange.status}${observed}</li>`);
  }
  return parts.join('');
}

/**
 * A constraint's line: its kind, its basis (the field's own unless the document says otherwise) and
 * any verdict on it (`rule:<Component>.<field>.<kind>` in the evidence file).
 */
function constraintLine(kind, basis, entry) {
  const note = basis.note ? ` — ${inlineHtml(basis.note)}` : '';
  const verdict = entry ? ` · ${verdictHtml(entry)}` : '';
  return `<li><code>${escapeHtml(kind)}</code>: ${escapeHtml(LABELS[basis.source] ?? basis.source)}${note}${verdict}</li>`;
}

/**
 * The badge of one element.
 * - `provenance`: its `x-provenance` (absent for a rule the document gives no basis for);
 * - `element`: its id in evidence files (`GeneratedMedia.style_detail`, `operation:listVoices`, `rule:…`), if it has one;
 * - `evidence`: the verdict on the element itself; `constraintEvidence`: verdicts on its constraints, by kind;
 * - `kind`: `rule` for a rule of the contract.
 */
export function badge({ provenance, element, evidence, constraintEvidence = new Map(), kind }) {
  const source = provenance?.source;
  const label = kind === 'rule' ? `rule${source ? ` · ${LABELS[source] ?? source}` : ''}` : (LABELS[source] ?? source ?? 'unknown');
  const constraints = { ...(provenance?.constraints ?? {}) };
  // A constraint judged by a run but without a basis of its own shares the element's.
  for (const kindOfConstraint of constraintEvidence.keys()) constraints[kindOfConstraint] ??= { source };

  const summary = [`<span class="prov-label">${escapeHtml(label)}</span>`];
  if (evidence) summary.push(verdictHtml(evidence));
  for (const [kindOfConstraint, entry] of constraintEvidence)
    summary.push(`<span class="prov-constraint">${escapeHtml(kindOfConstraint)}</span> ${verdictHtml(entry)}`);

  const detail = [];
  if (element) detail.push(`<li>${escapeHtml(kind === 'rule' ? 'Rule' : 'Element')} <code>${escapeHtml(element)}</code></li>`);
  if (source) detail.push(`<li>Basis: ${escapeHtml(BASES[source] ?? source)}</li>`);
  if (provenance?.note) detail.push(`<li>${source === 'assumption' ? 'Claim' : 'Note'}: ${inlineHtml(provenance.note)}</li>`);
  if (evidence && evidence.claim !== provenance?.note) detail.push(`<li>Claim judged: ${inlineHtml(evidence.claim)}</li>`);
  if (evidence) detail.push(evidenceDetail(evidence));
  const kinds = Object.keys(constraints);
  if (kinds.length) {
    const lines = kinds.map((k) => constraintLine(k, constraints[k], constraintEvidence.get(k))).join('');
    detail.push(`<li>Constraints:<ul>${lines}</ul></li>`);
  }
  for (const entry of constraintEvidence.values()) detail.push(evidenceDetail(entry));

  const detailHtml = `<ul>${detail.join('')}</ul>`;
  const classes = ['prov', `prov-${kind === 'rule' ? 'rule' : (source ?? 'unknown')}`];
  if (evidence) classes.push(`prov-judged-${evidence.latest.verdict}`);
  const data = element ? ` data-element="${escapeHtml(element)}"` : '';
  return (
    `<details class="${classes.join(' ')}"${data}><summary title="${escapeHtml(plainText(detailHtml)).replace(/\n/g, '&#10;')}">${summary.join(' · ')}</summary>` +
    `<div class="prov-detail">${detailHtml}</div></details>`
  );
}

/** `description` with the badge in front (a blank line apart, so the description stays Markdown). */
export function withBadge(badgeHtml, description) {
  return description ? `${badgeHtml}\n\n${description}` : badgeHtml;
}

/** Styles of the badges and their fold, for the page's <head> (`!important` where Redoc's Markdown styles would win). */
export const BADGE_CSS = `
details.prov{display:inline-block;margin:2px 0 4px;font:12px/1.4 sans-serif;max-width:100%}
details.prov>summary{display:inline-flex;flex-wrap:wrap;gap:0 4px;align-items:center;cursor:pointer;list-style:none;padding:1px 8px!important;margin:0!important;border-radius:10px;border:1px solid currentColor}
details.prov>summary::-webkit-details-marker{display:none}
details.prov-interface>summary{color:#1b5e20!important;background:#dcefdc}
details.prov-live-docs>summary{color:#0d47a1!important;background:#dbeafb}
details.prov-assumption>summary{color:#7a4a00!important;background:#ffe9c7}
details.prov-rule>summary,details.prov-unknown>summary{color:#37474f!important;background:#e3e8eb}
.prov-verdict{font-weight:bold}
.prov-refuted{color:#b71c1c!important}
.prov-confirmed{color:#1b5e20!important}
.prov-detail{margin-top:4px;padding:6px 10px;border-left:3px solid #b0bec5;background:#fafafa;color:#263238;overflow-wrap:anywhere}
.prov-detail ul{margin:0;padding-left:16px}
`;
