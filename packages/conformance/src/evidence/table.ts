// `media-conformance evidence FILE`: the evidence file as a table a reviewer reads — one line per
// assumption: its id, the latest verdict, when it was last seen, and how many runs confirmed or
// refuted it. Built row by row (no spread of a row list into a call): a file at its size bound, with
// hundreds of thousands of assumptions, prints like a small one.
import { escapeValue } from '../report/terminal.js';
import type { EvidenceFile } from './file.js';

const HEADER = ['assumption', 'verdict', 'last seen', 'for', 'against'] as const;

export function evidenceTable(file: EvidenceFile): string {
  // Each cell is one value: a newline or an escape sequence in an id or an origin is shown, not obeyed.
  const rows = Object.entries(file.assumptions).map(([id, e]) => [
    escapeValue(id),
    e.latest.verdict,
    escapeValue(`${e.latest.date} ${e.latest.origin}`),
    String(e.for),
    String(e.against),
  ]);
  if (rows.length === 0) return 'no assumption has been judged yet\n';
  const widths = HEADER.map((h) => h.length);
  for (const row of rows) for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, row[i]!.length);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i >= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  let refuted = 0;
  const lines = [line(HEADER)];
  for (const row of rows) {
    if (row[1] === 'refuted') refuted++;
    lines.push(line(row));
  }
  return `${lines.join('\n')}\n\n${rows.length} assumptions judged: ${rows.length - refuted} confirmed, ${refuted} refuted (latest verdicts)\n`;
}
