// The two checks of `npm run api:check`, as pure functions over documents, the ledger and the
// changesets added since the base (the command line in cli.mjs does the reading).
import { breakingBumps, breakingChangeset } from './changesets.mjs';
import { classify } from './classify.mjs';
import { compareWithEntry, describeInstruction, explains } from './ledger.mjs';

const SCHEMA_PACKAGE = '@mediagen/schema';

/**
 * Breaking changes from `baseDoc` to `nextDoc` must each be explained by a ledger entry dated after
 * the base document's API version, and come with a changeset of their own: one added since the base
 * (`changesets`: [{ file, text }], see changesets.mjs) that bumps the schema package by a breaking
 * bump (major; minor while it is 0.x). Changesets pending since before the base do not count.
 * `counted` says, per breaking change that passes, the ledger entry and the changeset it counted.
 * @returns {{ baseVersion: string, changes: object[], failures: string[], counted: { change: object, entry: string, changeset: string, bump: string }[] }}
 */
export function checkAgainstBase({ baseDoc, nextDoc, ledger, changesets, schemaVersion, baseRef = 'the base' }) {
  const baseVersion = baseDoc.info?.['x-api-version'] ?? 'baseline';
  const after = ledger.filter((entry) => baseVersion === 'baseline' || entry.date > baseVersion);
  const changes = classify(baseDoc, nextDoc);
  const announced = breakingChangeset(changesets, SCHEMA_PACKAGE, schemaVersion);
  const bumps = breakingBumps(schemaVersion).join(' or ');
  const failures = [];
  const counted = [];
  for (const c of changes) {
    if (!c.breaking || c.within) continue;
    const entry = after.find((e) => e.instructions.some((i) => explains(i, c)));
    if (!entry) failures.push(`${c.message} (no ledger entry after ${baseVersion})`);
    else if (!announced) failures.push(`${c.message} (ledger entry ${entry.date}, but no ${bumps} changeset for ${SCHEMA_PACKAGE} added since ${baseRef})`);
    else counted.push({ change: c, entry: entry.date, changeset: announced.file, bump: announced.bump });
  }
  return { baseVersion, changes, failures, counted };
}

/**
 * For every consecutive pair of dated documents, what changed is exactly what that date's ledger entry
 * declares: no undeclared change, no declared change that does not show. The newest document must be
 * the newest dated one.
 * @param documents [{ version, doc }] oldest first (`baseline`, dates…, then `newest`)
 * @returns {{ failures: string[], notes: string[], pairs: number }}
 */
export function checkConsecutive({ documents, ledger }) {
  const failures = [];
  const notes = [];
  const dated = documents.filter((d) => d.version !== 'baseline' && d.version !== 'newest').map((d) => d.version);
  const ledgerDates = ledger.map((e) => e.date);
  for (const date of ledgerDates) if (!dated.includes(date)) failures.push(`ledger entry ${date} has no document versions/${date}.json`);
  for (const date of dated) if (!ledgerDates.includes(date)) failures.push(`versions/${date}.json has no ledger entry`);

  let pairs = 0;
  for (let i = 1; i < documents.length; i++) {
    const prev = documents[i - 1];
    const next = documents[i];
    pairs++;
    const changes = classify(prev.doc, next.doc);
    const entry = next.version === 'newest' ? { date: 'newest', instructions: [] } : ledger.find((e) => e.date === next.version);
    const label = `${prev.version} → ${next.version}`;
    const { undeclared, unshown, unobservable } = compareWithEntry(changes, entry);
    for (const c of undeclared) failures.push(`${label}: undeclared change: ${c.message}`);
    for (const instruction of unshown) failures.push(`${label}: declared in the ledger but not in the documents: ${describeInstruction(instruction)}`);
    for (const instruction of unobservable) notes.push(`${label}: not checked (no field, parameter or enum to compare): ${describeInstruction(instruction)}`);
  }
  return { failures, notes, pairs };
}
