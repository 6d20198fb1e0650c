// The self-test's result as text: the table of broken targets, the faithful runs, the catch rate and
// the false-failure count (printed by `pnpm selftest`, the self-test's test and the bench).
import type { FaithfulResult, SelftestResult } from './run.js';

/**
 * What a faithful run came to: `ok`; `incomplete` when it did not pass only because the server's
 * behaviour left cells unjudged (nothing failed, and a variant refuted what it must); else `WRONG`.
 */
function verdictOf(f: FaithfulResult): string {
  if (f.ok) return 'ok    ';
  const cells = f.unjudged.reduce((n, line) => n + line.cells.length, 0);
  const onlyUnjudged = cells > 0 && f.failures.length === 0 && !f.missingRefutations;
  return onlyUnjudged ? `incomplete: ${cells} cell${cells === 1 ? '' : 's'} unjudged` : 'WRONG ';
}

/** The self-test result as text (the tables, the catch rate and the false-failure count, of the runs it holds). */
export function formatSelftest(result: SelftestResult): string {
  const lines: string[] = [];
  const width = Math.max(...result.broken.map((b) => b.id.length), 10) + 2;
  if (result.broken.length) lines.push('Broken targets (each must fail through the check and the rule it names)');
  for (const b of result.broken) {
    lines.push(
      `  ${b.caught ? 'caught' : 'MISSED'}  ${b.id.padEnd(width)} ${b.expect.padEnd(30)} ${(b.durationMs / 1000).toFixed(1)} s  ${String(b.spent).padStart(2)} cr  (${b.upstream}; rule ${b.rule})${
        b.strict ? `  --strict; default mode: ${b.strict.refuted ? 'refuted' : 'NOT refuted'} ${b.strict.refutes}` : ''
      }`,
    );
    if (!b.caught) lines.push(`          failed checks: ${b.failedChecks.join(', ') || 'none'}`);
    if (!b.caught && b.strict?.failures) for (const failure of b.strict.failures.slice(0, 5)) lines.push(`          default mode failed: ${failure}`);
    if (!b.recording.agrees)
      lines.push(
        `          its recording disagrees: only live ${b.recording.onlyLive.join(', ') || 'none'}; only recording ${b.recording.onlyRecording.join(', ') || 'none'}`,
      );
  }
  if (result.faithful.length) {
    if (lines.length) lines.push('');
    lines.push('Faithful targets and variants (each must pass by default; a variant and the lenient replica must fail under --strict)');
    for (const f of result.faithful) {
      lines.push(
        `  ${verdictOf(f)}  ${`${f.target} (${f.mode})`.padEnd(width + 10)} ${(f.durationMs / 1000).toFixed(1)} s  ${String(f.spent).padStart(2)} cr${f.refuted.length ? `  refuted: ${f.refuted.join(', ')}` : ''}`,
      );
      if (f.missingRefutations) lines.push(`          did not refute: ${f.missingRefutations.join(', ')}`);
      for (const line of f.unjudged) lines.push(`          unjudged ${line.cells.join(', ')}: ${line.reason}`);
      if (f.mode === 'default') for (const failure of f.failures.slice(0, 10)) lines.push(`          ${failure}`);
    }
  }
  lines.push('');
  if (result.broken.length)
    lines.push(
      `catch rate: ${result.caught}/${result.total} (${(result.catchRate * 100).toFixed(0)} %)`,
      `live run and its recording: ${result.total - result.disagreements}/${result.total} agree cell by cell (credits aside)`,
    );
  if (result.faithful.length)
    lines.push(`false failures: ${result.falseFailures} (default mode), ${result.falseFailuresStrict} (strict mode, Prism and sandbox)`);
  lines.push(`self-test wall time: ${(result.durationMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}
