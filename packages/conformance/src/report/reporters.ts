// The reporters, each in one table keyed by name: whether it writes a file, and how its text is made
// from the finished report. The command line's --reporter (its parsing, its help line, its error) and
// the config file's reporter paths derive from the table, so a reporter added here is accepted, listed
// and written everywhere. The upgrade report has a table of its own, read the same way.
import { RunError } from '../model/terms.js';
import { toHtml } from './html.js';
import { toJson } from './json.js';
import { toJunit } from './junit.js';
import type { Report } from './types.js';

/** A reporter: on the console, or a file at `name=PATH` whose text is `render`ed from the finished report. */
export interface ReporterEntry<R> {
  file: boolean;
  /** Absent for a file written as the run goes (`har`: a recorder of the run's exchanges). */
  render?: (report: R) => string;
}

export type ReporterTable<R> = Readonly<Record<string, ReporterEntry<R>>>;

/** The reporters of a run (and of a recording or the proxy, judged as a run is). */
export const RUN_REPORTERS = {
  console: { file: false },
  junit: { file: true, render: toJunit },
  json: { file: true, render: toJson },
  html: { file: true, render: toHtml },
  har: { file: true },
} as const satisfies ReporterTable<Report>;

/** One --reporter value, read: the console, or a file reporter and its path. */
export type ReporterSpec<Name extends string = keyof typeof RUN_REPORTERS> = { kind: 'console' } | { kind: Exclude<Name, 'console'>; path: string };

const forms = (table: ReporterTable<never>) => Object.entries(table).map(([name, entry]) => (entry.file ? `${name}=PATH` : name));

/** The help line's list: `console | junit=PATH | …`. */
export const reporterUsage = (table: ReporterTable<never>): string => forms(table).join(' | ');

/** The file reporter a value names (`html=out/r.html` → html), if it names one of the table's. */
function fileReporter(table: ReporterTable<never>, value: string): { name: string; path: string } | undefined {
  const eq = value.indexOf('=');
  const name = value.slice(0, eq);
  return eq > 0 && Object.hasOwn(table, name) && table[name]!.file ? { name, path: value.slice(eq + 1) } : undefined;
}

/** The path a file reporter value names (`html=out/r.html` → `out/r.html`); any other value as it is. */
export const reporterPath = (table: ReporterTable<never>, value: string): string => fileReporter(table, value)?.path ?? value;

/** Reads --reporter values against a table (none: the console); a value it does not take is a RunError listing what it takes. */
export function parseReporters<Name extends string>(table: ReporterTable<never> & Record<Name, unknown>, values: readonly string[]): ReporterSpec<Name>[] {
  if (values.length === 0) return [{ kind: 'console' }];
  return values.map((value) => {
    if (value === 'console') return { kind: 'console' };
    const file = fileReporter(table, value);
    if (file && file.path !== '') return { kind: file.name as Exclude<Name, 'console'>, path: file.path };
    const accepted = forms(table);
    throw new RunError(`--reporter must be ${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)}, got ${JSON.stringify(value)}`);
  });
}
