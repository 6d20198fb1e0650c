// The upgrade report on the console: per operation the consumer calls, the changes that touch its
// calls (what to do, the paths before and after, the code change) and how its upgraded calls fared;
// then the upgraded calls that fail, and one line that says whether anything would break. Whatever came
// from a recording is printed as one escaped value (it can neither colour the terminal nor fake a line).
import { escapeValue, type Palette, palette } from '../report/terminal.js';
import type { UpgradeChange } from './analyse.js';
import type { UpgradeOperation, UpgradeReport } from './report.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function changeLines(c: UpgradeChange, p: Palette): string[] {
  const mark = c.action === 'required' ? p.red('✗ change') : c.action === 'recommended' ? p.yellow('! should') : p.green('+ may');
  const paths = c.before !== undefined && c.before !== c.after ? `${c.before} → ${c.after}` : c.after;
  const lines = [
    `  ${mark}  ${c.date} ${escapeValue(c.entry)}: ${escapeValue(c.instruction)}`,
    `      ${c.where}: ${escapeValue(paths)} · ${plural(c.calls, 'call')}: ${escapeValue(c.todo)}`,
  ];
  if (c.code) {
    const [before, after] = [c.code.before, c.code.after].map((code) => code.split('\n').map(escapeValue));
    lines.push(...before!.map((l, i) => `      ${i === 0 ? 'before ' : '       '}${p.dim(l)}`));
    lines.push(...after!.map((l, i) => `      ${i === 0 ? 'after  ' : '       '}${l}`));
  }
  return lines;
}

function operationLines(op: UpgradeOperation, p: Palette): string[] {
  const replay = op.replay
    ? ` · upgraded: ${op.replay.passing} pass${op.replay.failing ? `, ${p.red(`${op.replay.failing} fail`)}` : ''}${op.replay.alreadyFailing ? `, ${op.replay.alreadyFailing} already failed as recorded` : ''}`
    : '';
  const head = `${p.bold(op.operationId)}  ${op.method} ${op.path} · ${plural(op.calls, 'call')}${replay}`;
  if (op.changes.length === 0) return [`${head}`, `  ${p.dim('no change touches its calls')}`];
  return [head, ...op.changes.flatMap((c) => changeLines(c, p))];
}

function replayLines(report: UpgradeReport, p: Palette): string[] {
  const r = report.replay;
  if (!r) return [];
  const lines = [
    '',
    `Upgraded calls, judged against the contract of ${report.to}: ${r.calls} judged, ${r.passing} pass, ${r.failing} fail${r.alreadyFailing ? `, ${r.alreadyFailing} failed as recorded already` : ''}`,
  ];
  for (const f of r.failures) {
    lines.push(`  ${p.red('✗')} #${f.call} ${escapeValue(f.request)} (${f.operationId})`);
    if (f.unsaid) lines.push(`      ${escapeValue(f.unsaid)}`);
    for (const v of f.violations) {
      lines.push(`      ${v.check} · ${v.rule} (${v.source}): ${escapeValue(v.message)}`);
      if (v.curl) lines.push(`      ${p.dim(escapeValue(v.curl))}`);
    }
  }
  if (r.failing > r.failures.length) lines.push(`  … and ${r.failing - r.failures.length} more failing call(s) (not kept)`);
  return lines;
}

/** The report for the console. */
export function formatUpgrade(report: UpgradeReport, options: { color: boolean }): string {
  const p = palette(options.color);
  const who = report.source.consumer ?? 'the application';
  const how = { given: 'as given', traffic: 'as its traffic tells', assumed: 'assumed: nothing in its traffic tells' }[report.from.how];
  const s = report.summary;
  const lines = [
    p.bold(`Upgrade of ${escapeValue(who)} from ${report.from.version} (${how}) to ${report.to}`),
    ...report.notes.map((n) => p.dim(escapeValue(n))),
    '',
    ...report.operations.flatMap((op) => operationLines(op, p)),
    ...replayLines(report, p),
    '',
  ];
  const counts = `${plural(s.required, 'change')} to make, ${s.recommended} recommended, ${s.available} now available`;
  if (report.nothingToChange) lines.push(p.green(`Nothing to change: no call it makes breaks at ${report.to} (${counts}).`));
  else if (report.breaks)
    lines.push(p.red(`A call it makes would break at ${report.to}: ${counts}${s.failingCalls ? `; ${plural(s.failingCalls, 'upgraded call')} failing` : ''}.`));
  else lines.push(p.yellow(`No call it makes breaks at ${report.to}, but ${counts}.`));
  return `${lines.join('\n')}\n`;
}
