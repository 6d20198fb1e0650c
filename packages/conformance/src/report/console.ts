// The console reporter: one progress line per operation while the run goes, then the summary table
// (check × passed/failed/skipped), the failures with their curl lines, the version fingerprint, the
// provenance verdicts, the budget and the cleanup. Everything it prints comes from the masked report.
import type { ProgressEvent, Report } from '../engine/types.js';

export type Write = (text: string) => void;

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padStart = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);

export function formatProgress(event: ProgressEvent): string | undefined {
  switch (event.type) {
    case 'start': {
      const t = event.target;
      return `media-conformance: ${t.baseUrl} (${t.kind}${t.live ? ', live' : ''}, ${t.stateful ? 'stateful' : 'stateless'}, ${t.mode} mode)`;
    }
    case 'operation': {
      const op = event.operation;
      const count = (o: string) => op.results.filter((r) => r.outcome === o).length;
      const failed = count('failed');
      const mark = failed > 0 ? 'FAIL' : 'ok  ';
      const failing = op.results.filter((r) => r.outcome === 'failed').map((r) => r.check);
      return `${mark} ${pad(`${op.method} ${op.path}`, 62)} ${pad(op.operationId, 20)} ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped (${op.requests} requests)${failing.length ? `  [${failing.join(', ')}]` : ''}`;
    }
    case 'stateful':
      return `${event.outcome === 'failed' ? 'FAIL' : event.outcome === 'skipped' ? 'skip' : 'ok  '} stateful ${event.check}: ${event.detail}`;
    case 'note':
      return `note: ${event.message}`;
  }
}

export function formatSummary(report: Report, options: { maxFailuresShown?: number } = {}): string {
  const lines: string[] = [];
  const shown = options.maxFailuresShown ?? 3;
  lines.push('', 'Checks');
  const idWidth = Math.max(...report.checks.map((c) => c.id.length), 5) + 2;
  lines.push(`  ${pad('check', idWidth)}${padStart('passed', 8)}${padStart('failed', 8)}${padStart('skipped', 9)}  severity`);
  for (const check of report.checks) {
    const t = report.summary.byCheck[check.id] ?? { passed: 0, failed: 0, skipped: 0 };
    lines.push(
      `  ${pad(check.id, idWidth)}${padStart(String(t.passed), 8)}${padStart(String(t.failed), 8)}${padStart(String(t.skipped), 9)}  ${check.severity}`,
    );
  }
  const failures = report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed'));
  if (failures.length > 0) {
    lines.push('', 'Failures');
    for (const result of failures) {
      lines.push(`  ${result.operationId} › ${result.check} (${result.failureCount} failing judgement${result.failureCount === 1 ? '' : 's'})`);
      // Generated cases shrunk to a minimal failure come first: they are the shortest reproductions.
      const ordered = [...result.failures.filter((f) => f.shrunk), ...result.failures.filter((f) => !f.shrunk)];
      for (const failure of ordered.slice(0, shown + result.failures.filter((f) => f.shrunk).length)) {
        lines.push(`    - [${failure.phase}] ${failure.message}`);
        if (failure.shrunk)
          lines.push(
            `      shrunk to this minimal case after ${failure.shrunk.runs} generated request(s) and ${failure.shrunk.shrinks} shrink step(s) (seed ${failure.shrunk.seed})`,
          );
        if (failure.curl) lines.push(`      ${failure.curl}`);
      }
    }
  }
  const skippedReasons = new Map<string, string[]>();
  for (const op of report.operations) {
    for (const r of op.results) {
      if (r.outcome !== 'skipped') continue;
      const key = `${r.check}: ${r.reason ?? 'skipped'}`;
      skippedReasons.set(key, [...(skippedReasons.get(key) ?? []), op.operationId]);
    }
  }
  if (skippedReasons.size > 0) {
    lines.push('', 'Skipped');
    for (const [reason, ops] of skippedReasons) lines.push(`  ${reason} (${ops.length === 1 ? ops[0] : `${ops.length} operations`})`);
  }
  const fp = report.fingerprint;
  lines.push('', 'Version fingerprint');
  if (fp.version === undefined) lines.push('  no response carried version evidence');
  else {
    const matches = Object.entries(fp.matches)
      .map(([v, n]) => `${v}: ${n}`)
      .join(', ');
    lines.push(
      `  shapes match ${fp.version}${fp.version === fp.latest ? ' (the latest)' : ` (the latest is ${fp.latest})`}; ${fp.responses} response(s) with evidence (${matches})`,
    );
    if (fp.olderOperations.length) lines.push(`  older shapes seen on: ${fp.olderOperations.join(', ')}`);
  }
  lines.push(
    '',
    `Assumptions of the contract (verdicts${report.target.strict ? '; --strict: refuted ones failed their check' : ', never failures: --strict makes them obligations'})`,
  );
  const count = (s: string) => report.provenance.filter((p) => p.status === s).length;
  lines.push(`  ${count('confirmed')} confirmed, ${count('refuted')} refuted, ${count('untested')} untested`);
  if (report.target.kind !== 'remote') {
    // Our mocks are generated from the contract itself: agreement there proves consistency only.
    lines.push('  (this target is built from the contract: verdicts show self-consistency, not facts about the live service)');
  }
  for (const verdict of report.provenance) {
    lines.push(`  ${pad(verdict.status, 10)} ${pad(verdict.element, 30)} ${verdict.status === 'untested' ? '' : verdict.evidence}`.trimEnd());
    if (verdict.status === 'refuted' && verdict.curl) lines.push(`             ${verdict.curl}`);
  }
  if (report.tiers.warnings.length > 0) {
    lines.push('', 'Warnings');
    for (const warning of report.tiers.warnings) lines.push(`  warning: ${warning}`);
  }
  lines.push('', 'Run');
  if (report.budget.maxCredits !== undefined || report.budget.spent > 0) {
    lines.push(`  credits: ${report.budget.spent} spent${report.budget.maxCredits !== undefined ? ` of --max-credits ${report.budget.maxCredits}` : ''}`);
  }
  for (const refusal of report.budget.refused) lines.push(`  ${refusal}`);
  lines.push(
    `  cleanup: ${report.cleanup.created} created, ${report.cleanup.deleted} deleted${report.cleanup.leftover.length ? `, left: ${report.cleanup.leftover.join('; ')}` : ''}`,
  );
  lines.push(`  ${report.summary.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}`);
  if (report.budget.needed !== undefined) lines.push(`  planner: the stateful checks need ${report.budget.needed} credits`);
  if (report.interrupted) lines.push(`  interrupted: ${report.interrupted} (cleanup ran; the report is partial)`);
  const s = report.summary;
  const a = report.tiers.assumptions;
  lines.push(
    '',
    `Obligations: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (operation × check)`,
    `Assumptions: ${a.confirmed} confirmed, ${a.refuted} refuted, ${a.untested} untested${report.target.strict ? ' (--strict)' : ''}`,
    `Warnings: ${report.tiers.warnings.length}`,
    `${report.ok ? 'PASSED' : report.interrupted ? 'INTERRUPTED' : 'FAILED'}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (operation × check)`,
  );
  return lines.join('\n');
}

/** Progress lines as the run goes. */
export function consoleProgress(write: Write): (event: ProgressEvent) => void {
  return (event) => {
    const line = formatProgress(event);
    if (line !== undefined) write(`${line}\n`);
  };
}
