// The console reporter: one progress line per operation while the run goes, then the summary table
// (check × passed/failed/skipped), the failures with the rule each broke, its source and the curl line,
// the skip reasons, the version fingerprint, the assumptions in one line (the refuted ones listed with
// what was assumed and what was observed), the credits and the cleanup. Everything it prints comes
// from the masked report and is escaped for the terminal.
import type { ProgressEvent } from '../judging/run-record.js';
import { citation } from './cite.js';
import { creditsLine, refusalLines, spendNotes } from './spend.js';
import { escapeDeep, type Palette, palette, shownLine } from './terminal.js';
import type { Report } from './types.js';

export type Write = (text: string) => void;

export interface ConsoleOptions {
  color?: boolean;
  /** Failures shown per cell (the files hold them all). */
  maxFailuresShown?: number;
  /** List every assumption verdict, not only the refuted ones. */
  verbose?: boolean;
}

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padStart = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);

export function formatProgress(event: ProgressEvent, colors: Palette = palette(false)): string | undefined {
  switch (event.type) {
    case 'start': {
      const t = event.target;
      return `media-conformance: ${t.baseUrl} (${t.kind}${t.live ? ', live' : ''}, ${t.stateful ? 'stateful' : 'stateless'}, ${t.mode} mode${t.strict ? ', strict' : ''})`;
    }
    case 'operation': {
      const op = event.operation;
      const count = (o: string) => op.results.filter((r) => r.outcome === o).length;
      const failed = count('failed');
      const mark = failed > 0 ? colors.red('FAIL') : colors.green('ok  ');
      const failing = op.results.filter((r) => r.outcome === 'failed').map((r) => r.check);
      return `${mark} ${pad(`${op.method} ${op.path}`, 62)} ${pad(op.operationId, 20)} ${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped (${op.requests} requests)${failing.length ? `  [${failing.join(', ')}]` : ''}`;
    }
    case 'stateful': {
      const mark = event.outcome === 'failed' ? colors.red('FAIL') : event.outcome === 'skipped' ? colors.yellow('skip') : colors.green('ok  ');
      return `${mark} stateful ${event.check}: ${event.detail}`;
    }
    case 'note':
      return colors.dim(`note: ${event.message}`);
  }
}

function failuresSection(report: Report, lines: string[], colors: Palette, shown: number): void {
  const failures = report.operations.flatMap((op) => op.results.filter((r) => r.outcome === 'failed'));
  if (failures.length === 0) return;
  lines.push('', colors.bold('Failures'));
  for (const result of failures) {
    lines.push(`  ${colors.red(`${result.operationId} › ${result.check}`)} (${result.failureCount} failing judgement${result.failureCount === 1 ? '' : 's'})`);
    // Generated cases shrunk to a minimal failure come first: they are the shortest reproductions.
    const ordered = [...result.failures.filter((f) => f.shrunk), ...result.failures.filter((f) => !f.shrunk)];
    const visible = ordered.slice(0, shown + result.failures.filter((f) => f.shrunk).length);
    for (const failure of visible) {
      lines.push(shownLine(`    - [${failure.phase}] ${failure.message}`));
      if (failure.basis) lines.push(colors.dim(`      ${citation(failure.basis)}`));
      if (failure.shrunk) {
        lines.push(
          `      shrunk to this minimal case after ${failure.shrunk.runs} generated request(s) and ${failure.shrunk.shrinks} shrink step(s) (seed ${failure.shrunk.seed})`,
        );
      }
      if (failure.curl) lines.push(shownLine(`      ${failure.curl}`));
    }
    const hidden = result.failureCount - visible.length;
    if (hidden > 0) lines.push(colors.dim(`    … ${hidden} more failing judgement(s) of this cell: every one is in the JSON, JUnit and HTML reports`));
  }
}

function assumptionsSection(report: Report, lines: string[], colors: Palette, verbose: boolean): void {
  const a = report.tiers.assumptions;
  lines.push(
    '',
    `${colors.bold('Assumptions')}: ${a.confirmed} confirmed, ${a.refuted} refuted, ${a.untested} untested${
      report.target.strict ? ' (--strict: refuted ones failed their check)' : ' (verdicts, never failures: --strict makes them obligations)'
    }`,
  );
  // Our mocks are generated from the contract itself: agreement there proves consistency only.
  if (report.target.kind !== 'remote')
    lines.push(colors.dim('  (this target is built from the contract: verdicts show self-consistency, not facts about the live service)'));
  for (const verdict of report.provenance) {
    if (verdict.status !== 'refuted' && !verbose) continue;
    const mark = verdict.status === 'refuted' ? colors.yellow('refuted  ') : pad(verdict.status, 9);
    lines.push(`  ${mark} ${verdict.element}${verdict.note ? ` — assumed: ${verdict.note}` : ''}`);
    if (verdict.status !== 'untested') lines.push(`            observed: ${verdict.evidence}`);
    if (verdict.status === 'refuted' && verdict.curl) lines.push(`            ${verdict.curl}`);
  }
}

function runSection(report: Report, lines: string[]): void {
  const b = report.budget;
  lines.push('', 'Run');
  const credits = creditsLine(b);
  if (credits) lines.push(`  credits: ${credits}`);
  for (const line of spendNotes(b)) lines.push(`  ${line}`);
  for (const refusal of refusalLines(b)) lines.push(`  ${refusal}`);
  const c = report.cleanup;
  lines.push(`  cleanup: ${c.created} created, ${c.deleted} deleted${c.leftover.length ? `, left: ${c.leftover.join('; ')}` : ''}`);
  lines.push(`  ${report.summary.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}`);
  if (b.needed !== undefined) lines.push(`  planner: the stateful checks need ${b.needed} credits`);
  if (report.stopped) lines.push(`  stopped early (${report.stopped.by}): ${report.stopped.reason} (cleanup ran; the report is partial)`);
}

/**
 * The skipped cells counted by reason, one line each, with the checks that gave it (a recording or the
 * proxy leaves most cells unobserved: one line per cell would bury the rest). --verbose adds, per
 * check and reason, the operations.
 */
function skippedSection(report: Report, lines: string[], colors: Palette, verbose: boolean): void {
  const byReason = new Map<string, { cells: number; checks: Map<string, string[]> }>();
  for (const op of report.operations)
    for (const r of op.results) {
      if (r.outcome !== 'skipped') continue;
      const reason = r.reason ?? 'skipped';
      const entry = byReason.get(reason) ?? { cells: 0, checks: new Map<string, string[]>() };
      entry.cells++;
      entry.checks.set(r.check, [...(entry.checks.get(r.check) ?? []), op.operationId]);
      byReason.set(reason, entry);
    }
  if (byReason.size === 0) return;
  const width = Math.max(...[...byReason.values()].map((e) => String(e.cells).length));
  lines.push('', colors.bold('Skipped (operation × check, by reason)'));
  for (const [reason, { cells, checks }] of [...byReason].sort((a, b) => b[1].cells - a[1].cells)) {
    lines.push(`  ${padStart(String(cells), width)}  ${reason} (${[...checks.keys()].join(', ')})`);
    if (verbose) for (const [check, ops] of checks) lines.push(`  ${' '.repeat(width)}    ${check}: ${ops.join(', ')}`);
  }
}

/** The cells the server's behaviour left unjudged, one line per reason: what keeps a run that failed nothing from passing. */
function unjudgedSection(report: Report, lines: string[], colors: Palette, verbose: boolean): void {
  if (report.unjudged.length === 0) return;
  lines.push('', colors.bold('Unjudged because of the server (the run could not judge everything)'));
  for (const { reason, cells } of report.unjudged) {
    lines.push(`  ${colors.yellow(String(cells.length))} cell(s): ${reason}`);
    lines.push(`    ${verbose || cells.length <= 8 ? cells.join(', ') : `${cells.slice(0, 8).join(', ')}, … (--verbose lists all ${cells.length})`}`);
  }
}

export function formatSummary(unsafe: Report, options: ConsoleOptions = {}): string {
  const report = escapeDeep(unsafe);
  const colors = palette(options.color ?? false);
  const lines: string[] = ['', colors.bold('Checks')];
  const idWidth = Math.max(...report.checks.map((c) => c.id.length), 5) + 2;
  lines.push(`  ${pad('check', idWidth)}${padStart('passed', 8)}${padStart('failed', 8)}${padStart('skipped', 9)}  severity`);
  for (const check of report.checks) {
    const t = report.summary.byCheck[check.id] ?? { passed: 0, failed: 0, skipped: 0 };
    const failed = padStart(String(t.failed), 8);
    lines.push(
      `  ${pad(check.id, idWidth)}${padStart(String(t.passed), 8)}${t.failed ? colors.red(failed) : failed}${padStart(String(t.skipped), 9)}  ${check.severity}`,
    );
  }
  failuresSection(report, lines, colors, options.maxFailuresShown ?? 3);
  skippedSection(report, lines, colors, options.verbose ?? false);
  unjudgedSection(report, lines, colors, options.verbose ?? false);
  const fp = report.fingerprint;
  lines.push('', colors.bold('Version fingerprint'));
  if (fp.version === undefined) lines.push('  no response carried version evidence');
  else {
    const matches = Object.entries(fp.matches)
      .map(([v, n]) => `${v}: ${n}`)
      .join(', ');
    lines.push(
      `  shapes match ${fp.version}${fp.version === fp.judgedAt ? ' (the version judged against)' : ` (judged against ${fp.judgedAt}; the newest is ${fp.latest})`}; ${fp.responses} response(s) with evidence (${matches})`,
    );
    if (fp.olderOperations.length) lines.push(`  older shapes seen on: ${fp.olderOperations.join(', ')}`);
  }
  assumptionsSection(report, lines, colors, options.verbose ?? false);
  runSection(report, lines);
  const s = report.summary;
  const a = report.tiers.assumptions;
  const verdict = report.ok
    ? colors.green('PASSED')
    : report.stopped
      ? colors.yellow('STOPPED')
      : s.failed === 0 && report.unjudged.length > 0
        ? colors.yellow('INCOMPLETE')
        : colors.red('FAILED');
  lines.push(
    '',
    `Obligations: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (operation × check)`,
    `Assumptions: ${a.confirmed} confirmed, ${a.refuted} refuted, ${a.untested} untested${report.target.strict ? ' (--strict)' : ''}`,
    `Warnings: ${report.tiers.warnings.length}`,
    `${verdict}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (operation × check)`,
  );
  return lines.join('\n');
}

/** Progress lines as the run goes. */
export function consoleProgress(write: Write, options: { color?: boolean } = {}): (event: ProgressEvent) => void {
  const colors = palette(options.color ?? false);
  return (event) => {
    const line = formatProgress(escapeDeep(event), colors);
    if (line !== undefined) write(`${line}\n`);
  };
}
