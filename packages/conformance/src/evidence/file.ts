// The evidence file (`--evidence FILE`, format `mediagen-evidence/1`): every verdict runs have given on
// the contract's assumptions, kept next to the contract and committed. Merging a run into it is
// idempotent and deterministic (keys sorted, runs sorted, a run recorded once), so it diffs cleanly in
// review; the docs site reads the same file to show each assumption's latest verdict.
import { z } from '@mediagen/schema';
import { dataRecord, parseJsonFormat } from '../plumbing/json-file.js';

export const EVIDENCE_FORMAT = 'mediagen-evidence/1';

export type EvidenceVerdict = 'confirmed' | 'refuted';
export type EvidenceSource = 'run' | 'proxy' | 'har';
/** Why a run is kept apart from live evidence. */
export const APART = ['mock', 'interrupted'] as const;
export type EvidenceApart = (typeof APART)[number];

export interface EvidenceRun {
  /** When the run ended, ISO 8601 (UTC). */
  date: string;
  /** The target's origin. */
  origin: string;
  source: EvidenceSource;
  /** The ledger version the responses matched, or `unknown`. */
  version: string;
  verdict: EvidenceVerdict;
  /**
   * Set on a run kept apart from live evidence: one against a mock target (`mock`: `--target`, or a
   * server that sent the mock's marker header) or one stopped before its end (`interrupted`). Merged only
   * when asked (`--evidence-apart`), and never the latest verdict while the assumption has a run without it.
   */
  apart?: EvidenceApart;
  /** The exchange that decided it (key and presigned URLs masked). */
  exchange?: { method: string; url: string; status: number; curl?: string; observed?: string };
}

export interface AssumptionEvidence {
  /** The claim the contract makes, in words. */
  claim: string;
  /** The verdict of the newest run not kept apart (of the newest run kept apart when there is none: `apart` says so). */
  latest: { verdict: EvidenceVerdict; date: string; origin: string; apart?: EvidenceApart };
  for: number;
  against: number;
  /** Oldest first, by the instant each ended (ties: origin, then source). */
  runs: EvidenceRun[];
}

export interface EvidenceFile {
  format: typeof EVIDENCE_FORMAT;
  assumptions: Record<string, AssumptionEvidence>;
}

export const emptyEvidence = (): EvidenceFile => ({ format: EVIDENCE_FORMAT, assumptions: dataRecord() });

export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An assumption's key: `Component.field` (or a dotted element: `listGenerations.query.page`), `operation:<operationId>`, `rule:<ruleId>`. */
const KEY = /^(operation:[A-Za-z_]\w*|rule:[A-Za-z_][\w.-]*|[A-Za-z_]\w*(\.[A-Za-z_]\w*)+)$/;

const text = (wanted = 'a non-empty string', pattern?: RegExp) => {
  const base = z.string({ error: wanted }).min(1, { error: wanted });
  return pattern ? base.regex(pattern, { error: wanted }) : base;
};
const count = z.number({ error: 'a whole number ≥ 0' }).int({ error: 'a whole number ≥ 0' }).min(0, { error: 'a whole number ≥ 0' });
const verdict = z.enum(['confirmed', 'refuted'], { error: '"confirmed" or "refuted"' });
const apart = z.enum(APART, { error: `one of ${APART.map((a) => `"${a}"`).join(', ')}` });
const object = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: 'an object' });

const runSchema = object({
  date: text('an ISO 8601 time (2026-11-20T10:00:00.000Z)', INSTANT),
  origin: text(),
  source: z.enum(['run', 'proxy', 'har'], { error: 'one of "run", "proxy", "har"' }),
  version: text(),
  verdict,
  apart: apart.optional(),
  exchange: object({
    method: text(),
    url: text(),
    status: z.number({ error: 'an HTTP status' }).int({ error: 'an HTTP status' }),
    curl: z.string({ error: 'a string' }).optional(),
    observed: z.string({ error: 'a string' }).optional(),
  }).optional(),
});

const assumptionSchema = object({
  claim: text(),
  latest: object({ verdict, date: text('a date YYYY-MM-DD', DAY), origin: text(), apart: apart.optional() }),
  for: count,
  against: count,
  runs: z.array(runSchema, { error: 'a non-empty array' }).min(1, { error: 'a non-empty array' }),
});

/** The evidence format's schema: the one reading of it, the suite's and the reference site's alike. */
export const evidenceSchema = object({
  format: z.literal(EVIDENCE_FORMAT, { error: `"${EVIDENCE_FORMAT}"` }),
  assumptions: z.record(z.string().regex(KEY, { error: 'Component.field, operation:<operationId> or rule:<ruleId>' }), assumptionSchema, {
    error: 'an object keyed by assumption id',
  }),
});

/**
 * The evidence file in `source` (named `name` in errors), checked: the one reading of the format, the
 * suite's and the reference site's alike, so a file the suite writes is one the site reads. A RunError
 * names the first thing wrong by its path (`assumptions["X.y"].latest.date must be a date YYYY-MM-DD`),
 * never a value of the file. Objects come back without a prototype: ids are data.
 */
export function parseEvidence(source: string, name: string): EvidenceFile {
  return parseJsonFormat<EvidenceFile>(source, `evidence file ${name}`, evidenceSchema);
}

/** The file's text: two-space JSON, keys of `assumptions` sorted, a final newline (what `merge` gives is already sorted). */
export function formatEvidence(file: EvidenceFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
