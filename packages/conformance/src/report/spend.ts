// The spend of a run in words, the same on every reporter: what was spent and from what it was counted,
// why spending stopped, and each finding about the credits.
import type { SpendReport } from './types.js';

/** The line of numbers; undefined when the run had no cap and spent nothing. */
export function creditsLine(b: SpendReport): string | undefined {
  if (b.maxCredits === undefined && b.spent <= 0 && b.observed <= 0) return undefined;
  const balance = `${b.observed} charged, ${b.refunded} refunded${b.planned ? `, ${b.planned} planned` : ''}`;
  const cap = b.maxCredits !== undefined ? ` of --max-credits ${b.maxCredits}` : '';
  if (b.spentFrom === 'admitted') return `${b.spent} credits spent, counted from what was admitted: the balance was not believed (it showed ${balance})${cap}`;
  const counted = b.counted !== undefined && b.counted > b.spent ? `; the cap counted ${b.counted} (the prices admitted)` : '';
  return `${b.spent} credits spent as the balance says (${balance})${counted}${cap}`;
}

/** Why spending stopped (the finding that stopped it), then every other finding about the credits. */
export function spendNotes(b: SpendReport): string[] {
  const why = b.ended?.replace(/^spending ended: /, '');
  const stopper = why === undefined ? undefined : b.findings.find((f) => f.endsWith(why));
  const others = b.findings.filter((f) => f !== stopper);
  return [...(why !== undefined ? [`spending stopped: ${stopper ?? why}`] : []), ...others.map((f) => `credits: ${f}`)];
}

/** The requests not sent, one line each; those refused because spending had stopped, on one line (the reason is said once above). */
export function refusalLines(b: SpendReport): string[] {
  const tail = b.ended ? `: ${b.ended}` : undefined;
  const after = tail ? b.refused.filter((r) => r.startsWith('not sent: ') && r.endsWith(tail)) : [];
  const others = b.refused.filter((r) => !after.includes(r));
  const names = after.map((r) => r.slice('not sent: '.length, r.length - tail!.length));
  return [...others, ...(names.length ? [`not sent once spending stopped (${names.length}): ${names.join('; ')}`] : [])];
}
