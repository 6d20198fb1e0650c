// The upgrade report as one self-contained page, in the style of the suite's HTML report and escaped
// as it is (no script, no request to anywhere: inline styles only, everything from a recording escaped).
import { escapeHtml, htmlPage, STYLE, verdictBadge } from '../report/html.js';
import type { UpgradeChange } from './analyse.js';
import type { UpgradeOperation, UpgradeReport } from './report.js';

const UPGRADE_STYLE = `${STYLE}
td,th{text-align:left} td.required{background:#ffcecb;font-weight:700} td.recommended{background:#fff8c5} td.none{background:#dafbe1}
td pre{margin:2px 0;font-size:11px}`;

const ACTION = { required: 'change', recommended: 'should change', none: 'may use' } as const;

function changeRow(c: UpgradeChange): string {
  const paths = c.before !== undefined && c.before !== c.after ? `${c.before} → ${c.after}` : c.after;
  const code = c.code ? `<pre>${escapeHtml(c.code.before)}</pre><pre>${escapeHtml(c.code.after)}</pre>` : '';
  return `<tr><td class="${c.action}">${ACTION[c.action]}</td><td>${escapeHtml(c.date)}<br><span class="rule">${escapeHtml(c.entry)}</span></td><td>${escapeHtml(c.instruction)}</td><td>${escapeHtml(c.where)}<br><code>${escapeHtml(paths)}</code></td><td>${c.calls}</td><td>${escapeHtml(c.todo)}${code}</td></tr>`;
}

function operation(op: UpgradeOperation): string {
  const replay = op.replay
    ? ` · upgraded: ${op.replay.passing} pass, ${op.replay.failing} fail${op.replay.alreadyFailing ? `, ${op.replay.alreadyFailing} failed as recorded` : ''}`
    : '';
  const head = `<h3 id="${escapeHtml(op.operationId)}">${escapeHtml(op.operationId)} <span class="rule">${escapeHtml(`${op.method} ${op.path}`)} · ${op.calls} call(s)${escapeHtml(replay)}</span></h3>`;
  if (op.changes.length === 0) return `${head}<p class="rule">No change touches its calls.</p>`;
  return `${head}<table><tr><th>action</th><th>ledger entry</th><th>change</th><th>where (before → after)</th><th>calls</th><th>what to do, and the client call before and after</th></tr>${op.changes.map(changeRow).join('')}</table>`;
}

function failures(report: UpgradeReport): string {
  const r = report.replay;
  if (!r) return '<p>No recording: no call was replayed.</p>';
  const items = r.failures
    .map(
      (f) =>
        `<li>#${f.call} ${escapeHtml(f.request)} (${escapeHtml(f.operationId)})${f.unsaid ? `<div class="rule">${escapeHtml(f.unsaid)}</div>` : ''}${f.violations
          .map((v) => `<div>${escapeHtml(`${v.check} · ${v.rule} (${v.source}): ${v.message}`)}</div>${v.curl ? `<pre>${escapeHtml(v.curl)}</pre>` : ''}`)
          .join('')}</li>`,
    )
    .join('');
  const more = r.failing > r.failures.length ? `<p class="rule">${r.failing - r.failures.length} more failing call(s) (not kept).</p>` : '';
  return `<p>${r.calls} calls judged against the contract of ${escapeHtml(report.to)}: ${r.passing} pass, ${r.failing} fail, ${r.alreadyFailing} failed as recorded already.</p>${items ? `<ul>${items}</ul>` : ''}${more}`;
}

export function upgradeHtml(report: UpgradeReport): string {
  const s = report.summary;
  const verdict = report.nothingToChange
    ? verdictBadge('ok', 'NOTHING TO CHANGE')
    : report.breaks
      ? verdictBadge('bad', 'WOULD BREAK')
      : verdictBadge('stop', 'CHANGES RECOMMENDED');
  const who = report.source.consumer ?? 'the application';
  return htmlPage(
    `media-conformance upgrade: ${who} to ${report.to}`,
    UPGRADE_STYLE,
    `<h1>Upgrade to ${escapeHtml(report.to)} ${verdict}</h1>
<p>${escapeHtml(who)} · from ${escapeHtml(report.from.version)} (${escapeHtml(report.from.how)}) · ${escapeHtml(report.source.kind)} ${escapeHtml(report.source.file)}</p>
<p>${s.required} change(s) to make, ${s.recommended} recommended, ${s.available} now available · ${s.calls} call(s) · ${s.failingCalls} upgraded call(s) failing</p>
<ul>${report.notes.map((n) => `<li class="rule">${escapeHtml(n)}</li>`).join('')}</ul>
<h2>Operations</h2><div class="grid">${report.operations.map(operation).join('')}</div>
<h2>Upgraded calls</h2>${failures(report)}`,
  );
}
