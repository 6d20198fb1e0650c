// JUnit XML: one test suite per operation, one test case per (operation, check); skipped cases
// carry their reason, failed ones their messages and curl lines.
import { citation } from './cite.js';
import type { Report } from './types.js';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot hold.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function toJunit(report: Report): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = report.summary;
  const seconds = (report.durationMs / 1000).toFixed(3);
  out.push(
    `<testsuites name="media-conformance" tests="${s.passed + s.failed + s.skipped + (report.stopped ? 1 : 0)}" failures="${s.failed}" skipped="${s.skipped}" errors="${report.stopped ? 1 : 0}" time="${seconds}">`,
  );
  for (const op of report.operations) {
    const failures = op.results.filter((r) => r.outcome === 'failed').length;
    const skipped = op.results.filter((r) => r.outcome === 'skipped').length;
    out.push(`  <testsuite name="${escapeXml(op.operationId)}" tests="${op.results.length}" failures="${failures}" skipped="${skipped}" errors="0">`);
    out.push(
      `    <properties><property name="request" value="${escapeXml(`${op.method} ${op.path}`)}"/><property name="requests" value="${op.requests}"/></properties>`,
    );
    for (const result of op.results) {
      const open = `    <testcase classname="${escapeXml(op.operationId)}" name="${escapeXml(result.check)}">`;
      if (result.outcome === 'passed') {
        out.push(`    <testcase classname="${escapeXml(op.operationId)}" name="${escapeXml(result.check)}"/>`);
      } else if (result.outcome === 'skipped') {
        out.push(open, `      <skipped message="${escapeXml(result.reason ?? 'skipped')}"/>`, '    </testcase>');
      } else {
        const first = result.failures[0]?.message ?? 'failed';
        const body = result.failures
          .map((f) =>
            [
              `[${f.phase}] ${f.message}`,
              ...(f.basis ? [citation(f.basis)] : []),
              ...(f.shrunk ? [`shrunk: ${f.shrunk.runs} runs, ${f.shrunk.shrinks} shrinks, seed ${f.shrunk.seed}`] : []),
              ...(f.curl ? [f.curl] : []),
            ].join('\n'),
          )
          .join('\n\n');
        out.push(
          open,
          `      <failure message="${escapeXml(first)}" type="${escapeXml(result.check)}">${escapeXml(`${result.failureCount} failing judgement(s)\n\n${body}`)}</failure>`,
          '    </testcase>',
        );
      }
    }
    out.push('  </testsuite>');
  }
  // A run that stopped early (or never started) says why as an error a CI reads.
  if (report.stopped) {
    out.push(
      '  <testsuite name="run" tests="1" failures="0" skipped="0" errors="1">',
      `    <testcase classname="run" name="${escapeXml(report.stopped.by)}"><error message="${escapeXml(report.stopped.reason)}" type="${escapeXml(report.stopped.by)}"/></testcase>`,
      '  </testsuite>',
    );
  }
  // The assumption tier: verdicts, not failures (under --strict a refuted one already failed its check).
  const judged = report.provenance.filter((p) => p.status !== 'untested');
  if (judged.length > 0) {
    out.push(`  <testsuite name="assumptions" tests="${judged.length}" failures="0" skipped="0" errors="0">`);
    for (const verdict of judged) {
      const name = `<testcase classname="assumptions" name="${escapeXml(verdict.element)}">`;
      out.push(
        `    ${name}`,
        `      <system-out>${escapeXml(`${verdict.status}: ${verdict.note ? `assumed: ${verdict.note}; ` : ''}observed: ${verdict.evidence}${verdict.curl ? `\n${verdict.curl}` : ''}`)}</system-out>`,
        '    </testcase>',
      );
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}
