// What `pnpm emit` refuses, and how it says why in one line. A dated document (openapi/versions/*)
// is the newest document with the ledger's later entries reverted, so a change of the zod schemas
// that no ledger entry declares reaches every dated document: the API of 2024-09-04 would change
// today, silently. The emission refuses that unless the ledger changed with it (the API changelog,
// rendered from the ledger alone, then differs) or the change is declared to hold at every date.
import type { EmittedFiles } from './files.js';

/** Set to 1 to let an emission rewrite dated documents with the ledger unchanged (a correction that holds at every date). */
export const REWRITE_DATED_ENV = 'MEDIAGEN_EMIT_REWRITE_DATED';

const DATED = /^openapi\/versions\//;
const LEDGER_TEXT = 'CHANGELOG-API.md';

/**
 * One line when writing `files` would rewrite an existing dated document (per `read`, a committed
 * file's content, undefined when there is none) while the ledger is as it was; else undefined.
 */
export function datedRewriteRefusal(files: EmittedFiles, read: (path: string) => string | undefined): string | undefined {
  const rewritten = Object.keys(files).filter((path) => DATED.test(path) && read(path) !== undefined && read(path) !== files[path]);
  if (rewritten.length === 0 || read(LEDGER_TEXT) !== files[LEDGER_TEXT]) return undefined;
  const shown = rewritten.length > 2 ? `${rewritten.slice(0, 2).join(', ')} and ${rewritten.length - 2} more` : rewritten.join(', ');
  return (
    `emit: refused: the schema change would rewrite ${rewritten.length} dated document(s) (${shown}) and no ledger entry declares it; ` +
    `add an entry to src/ledger/changes.ts for a change of the API, or run with ${REWRITE_DATED_ENV}=1 for a correction that holds at every date`
  );
}

/**
 * One line for an emission that failed: a ledger entry that no longer fits the schema names itself
 * (`Ledger entry <date> (<name>), <op>: <problem>`), with the likely fix; anything else, its message.
 */
export function emitFailureLine(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  if (/^Ledger entry /.test(message)) {
    return (
      `emit: ${message} Likely fix: the newest schema no longer has what this entry names — ` +
      'make the entry in src/ledger/changes.ts name it as the schema now does (a later change needs an entry of its own, dated after it), or restore the schema'
    );
  }
  return `emit: ${message}`;
}
