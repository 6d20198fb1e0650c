export interface EntryPoint {
  specifier: string;
  /** module: import() or require(); json: an import attribute or require(); file: a data file read from its resolved path. */
  kind: 'module' | 'json' | 'file';
  /** Optional peers of its package the project lacks: the entry may fail to load by naming one, and only so. */
  absentPeers?: string[];
}
export type LoadedBy = 'import' | 'require';
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
/** Every entry point of an installed package (subpath patterns expanded to the files they match). */
export function entryPoints(installedDir: string, name: string): EntryPoint[];
/** The source of a script that loads `entries` by `by` and exits 1 when any fails. */
export function loadScript(entries: EntryPoint[], by: LoadedBy): string;
/** Loads every entry point of the packages `names` installed in `projectDir`. */
export function loadEveryEntryPoint(
  projectDir: string,
  names: string[],
  options?: { node?: string; by?: LoadedBy },
): Promise<{ entries: EntryPoint[]; result: Ended }>;
