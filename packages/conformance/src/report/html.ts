// The HTML report: one self-contained page to attach to a CI run. A grid of operation × check
// (passed, failed, skipped with the reason on hover), every failure with the rule it broke, its source
// and its curl line, the assumption verdicts folded away, the credits and the cleanup. No script, no
// request to anywhere: inline styles only, everything escaped.
import { citation } from './cite.js';
import { creditsLine, spendNotes } from './spend.js';
import type { CheckResult, Report } from './types.js';

export const escapeHtml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);

export const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24;max-width:1400px}
h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:28px 0 8px}
.verdict{font-weight:700;padding:2px 8px;border-radius:4px}
.ok{background:#dafbe1;color:#116329}.bad{background:#ffebe9;color:#a40e26}.stop{background:#fff8c5;color:#7d4e00}
table{border-collapse:collapse;font-size:12px} th,td{border:1px solid #d0d7de;padding:3px 6px;text-align:center}
th.op{text-align:left;white-space:nowrap} th.check{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:500}
td.passed{background:#dafbe1} td.failed{background:#ffcecb;font-weight:700} td.skipped{background:#f6f8fa;color:#8c959f} td.none{background:#fff}
pre{background:#f6f8fa;padding:6px 8px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.rule{color:#57606a;font-size:12px} details{margin:6px 0} summary{cursor:pointer}
.grid{overflow-x:auto}`;

/** The page's verdict badge: `ok` green, `stop` amber, `bad` red (the style's `.verdict` classes). */
export const verdictBadge = (kind: 'ok' | 'stop' | 'bad', words: string): string => `<span class="verdict ${kind}">${words}</span>`;

/**
 * A self-contained page: no script, and a policy that lets it load nothing (inline styles only), so a
 * report opened from disk or a CI artifact makes no request. `title` is escaped here; `body` must be.
 */
export function htmlPage(title: string, style: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title><style>${style}</style></head><body>
${body}
</body></html>
`;
}

function cell(result: CheckResult | undefined): string {
  if (!result) return '<td class="none"></td>';
  const title =
    result.outcome === 'skipped'
      ? (result.reason ?? 'skipped')
      : result.outcome === 'failed'
        ? `${result.failureCount} failing judgement(s): ${result.failures[0]?.message ?? ''}`
        : `${result.passes} judgement(s) held`;
  const mark = result.outcome === 'passed' ? '✓' : result.outcome === 'failed' ? '✗' : '–';
  return `<td class="${result.outcome}" title="${escapeHtml(title)}"><a href="#${escapeHtml(`${result.operationId}-${result.check}`)}">${mark}</a></td>`;
}

function grid(report: Report): string {
  const checks = report.checks.map((c) => c.id);
  const head = `<tr><th class="op">operation</th>${checks.map((c) => `<th class="check">${escapeHtml(c)}</th>`).join('')}</tr>`;
  const rows = report.operations.map((op) => {
    const byCheck = new Map(op.results.map((r) => [r.check, r]));
    return `<tr><th class="op">${escapeHtml(op.operationId)}<br><span class="rule">${escapeHtml(`${op.method} ${op.path}`)} · ${op.requests} requests</span></th>${checks.map((c) => cell(byCheck.get(c))).join('')}</tr>`;
  });
  return `<div class="grid"><table>${head}${rows.join('')}</table></div>`;
}

function failures(report: Report): string {
  const failed = report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed'));
  if (failed.length === 0) return '<p>No obligation failed.</p>';
  return failed
    .map((result) => {
      const items = result.failures
        .map(
          (f) =>
            `<li>[${escapeHtml(f.phase)}] ${escapeHtml(f.message)}${f.basis ? `<div class="rule">${escapeHtml(citation(f.basis))}</div>` : ''}${
              f.shrunk ? `<div class="rule">shrunk after ${f.shrunk.runs} run(s), ${f.shrunk.shrinks} shrink(s), seed ${f.shrunk.seed}</div>` : ''
            }${f.curl ? `<pre>${escapeHtml(f.curl)}</pre>` : ''}</li>`,
        )
        .join('');
      const more =
        result.failureCount > result.failures.length
          ? `<p class="rule">${result.failureCount - result.failures.length} more judgement(s) failed the same way (not kept).</p>`
          : '';
      return `<h3 id="${escapeHtml(`${result.operationId}-${result.check}`)}">${escapeHtml(`${result.operationId} › ${result.check}`)} (${result.failureCount})</h3><ul>${items}</ul>${more}`;
    })
    .join('');
}

function assumptions(report: Report): string {
  const a = report.tiers.assumptions;
  const rows = report.provenance
    .map(
      (v) =>
        `<tr><td>${escapeHtml(v.status)}</td><td style="text-align:left">${escapeHtml(v.element)}</td><td style="text-align:left">${escapeHtml(v.note ?? '')}</td><td style="text-align:left">${escapeHtml(v.status === 'untested' ? '' : v.evidence)}${
          v.curl ? `<pre>${escapeHtml(v.curl)}</pre>` : ''
        }</td></tr>`,
    )
    .join('');
  return `<details><summary>${a.confirmed} confirmed, ${a.refuted} refuted, ${a.untested} untested (verdicts${report.target.strict ? '; --strict: refuted ones failed their check' : ', never failures'})</summary><table><tr><th>verdict</th><th>assumption</th><th>what was assumed</th><th>what was observed</th></tr>${rows}</table></details>`;
}

export function toHtml(report: Report): string {
  const s = report.summary;
  const b = report.budget;
  const incomplete = s.failed === 0 && report.unjudged.length > 0;
  const verdict = report.ok
    ? verdictBadge('ok', 'PASSED')
    : report.stopped || incomplete
      ? verdictBadge('stop', report.stopped ? 'STOPPED' : 'INCOMPLETE')
      : verdictBadge('bad', 'FAILED');
  const unjudged = report.unjudged.length
    ? `<h2>Unjudged because of the server</h2><ul>${report.unjudged
        .map(({ reason, cells }) => `<li>${cells.length} cell(s): ${escapeHtml(reason)}<div class="rule">${escapeHtml(cells.join(', '))}</div></li>`)
        .join('')}</ul>`
    : '';
  const skipped = [
    ...new Set(report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'skipped').map((r) => `${r.check}: ${r.reason ?? ''}`))),
  ];
  return htmlPage(
    `media-conformance: ${report.target.baseUrl}`,
    STYLE,
    `<h1>media-conformance ${verdict}</h1>
<p>${escapeHtml(report.target.baseUrl)} (${escapeHtml(report.target.kind)}${report.target.live ? ', live' : ''}, ${escapeHtml(report.target.mode)} mode${report.target.strict ? ', strict' : ''}) · ${escapeHtml(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · ${s.requests} requests · seed ${report.seed}</p>
<p>Obligations: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (operation × check)${report.stopped ? ` · stopped (${escapeHtml(report.stopped.by)}): ${escapeHtml(report.stopped.reason)}` : ''}</p>
<h2>Grid</h2>${grid(report)}
<h2>Failures</h2>${failures(report)}
<h2>Assumptions</h2>${assumptions(report)}
${unjudged}
<h2>Skipped</h2><details><summary>${skipped.length} reason(s)</summary><ul>${skipped.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></details>
<h2>Credits and cleanup</h2><p>${escapeHtml(creditsLine(b) ?? 'No credits spent')}.</p>
${
  spendNotes(b).length
    ? `<ul>${spendNotes(b)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>`
    : ''
}
<p>Cleanup: ${report.cleanup.created} created, ${report.cleanup.deleted} deleted${report.cleanup.leftover.length ? `, left: ${escapeHtml(report.cleanup.leftover.join('; '))}` : ''}.</p>
<h2>Version</h2><p>${report.fingerprint.version ? `shapes match ${escapeHtml(report.fingerprint.version)} (judged against ${escapeHtml(report.fingerprint.judgedAt)})` : 'no response carried version evidence'}</p>`,
  );
}
