// `media-conformance evidence FILE`: the evidence file as a table a reviewer reads — one line per
// assumption: its id, the latest verdict, when it was last seen, and how many runs confirmed or
// refuted it.
import type { EvidenceFile } from './file.js';

const HEADER = ['assumption', 'verdict', 'last seen', 'for', 'against'] as const;

export function evidenceTable(file: EvidenceFile): string {
  const rows = Object.entries(file.assumptions).map(([id, e]) => [
    id,
    e.latest.verdict,
    `${e.latest.date} ${e.latest.origin}`,
    String(e.for),
    String(e.against),
  ]);
  if (rows.length === 0) return 'no assumption has been judged yet\n';
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i >= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const refuted = rows.filter((r) => r[1] === 'refuted').length;
  return `${[line(HEADER), ...rows.map(line)].join('\n')}\n\n${rows.length} assumptions judged: ${rows.length - refuted} confirmed, ${refuted} refuted (latest verdicts)\n`;
}
