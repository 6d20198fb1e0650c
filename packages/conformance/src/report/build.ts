// The report of a run, from what the run recorded: the grid of results with its summary, the three
// tiers (obligations, assumption verdicts, warnings), and the cells the server's behaviour left
// unjudged. Everything given here is already masked.
import { latestDate } from '@mediagen/schema';
import { CHECKS, type CheckId } from '../checks/catalog.js';
import type { ProvenanceVerdict, RunRecord } from '../judging/run-record.js';
import { unjudgedLines } from '../judging/unjudged.js';
import type { Report } from './types.js';

export function buildReport(record: RunRecord, selected: readonly CheckId[]): Report {
  const checks = CHECKS.filter((c) => selected.includes(c.id));
  const byCheck: Report['summary']['byCheck'] = {};
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const check of checks)
    if (record.operations.some((op) => op.results.some((r) => r.check === check.id))) byCheck[check.id] = { passed: 0, failed: 0, skipped: 0 };
  for (const op of record.operations) {
    for (const result of op.results) {
      const tally = (byCheck[result.check] ??= { passed: 0, failed: 0, skipped: 0 });
      tally[result.outcome]++;
      if (result.outcome === 'passed') passed++;
      else if (result.outcome === 'failed') failed++;
      else skipped++;
    }
  }
  const count = (status: ProvenanceVerdict['status']) => record.provenance.filter((p) => p.status === status).length;
  const warnings = [
    ...record.provenance
      .filter((p) => p.status === 'refuted')
      .map((p) => `assumption refuted: ${p.element}${p.note ? ` (assumed: ${p.note})` : ''}; observed: ${p.evidence}`),
    ...record.budget.findings.map((f) => `credits: ${f}`),
  ];
  const unjudged = unjudgedLines(record.operations.flatMap((op) => op.results));
  const { startedMs, ...rest } = record;
  return {
    tool: '@mediagen/conformance',
    ...rest,
    startedAt: new Date(startedMs).toISOString(),
    durationMs: Date.now() - startedMs,
    checks: checks.map(({ id, description, severity }) => ({ id, description, severity })),
    summary: { passed, failed, skipped, byCheck, requests: record.requests },
    tiers: {
      obligations: { passed, failed, skipped },
      assumptions: { confirmed: count('confirmed'), refuted: count('refuted'), untested: count('untested') },
      warnings,
    },
    unjudged,
    // A run that was stopped, or that the server's behaviour kept from judging stated cells, did not judge everything: it is not a pass.
    ok: failed === 0 && record.stopped === undefined && unjudged.length === 0,
  };
}

/** The report of a run that could not start (unreachable target, key refused, bad options): why, and nothing judged. */
export function notStartedReport(reason: string, options: { baseUrl?: string; strict?: boolean; seed?: number; maxExamples?: number }): Report {
  const now = Date.now();
  return buildReport(
    {
      target: {
        baseUrl: options.baseUrl ?? '(the suite\u2019s own mock)',
        kind: options.baseUrl ? 'remote' : 'prism',
        live: false,
        stateful: false,
        mode: 'read-only',
        strict: options.strict ?? false,
      },
      startedMs: now,
      seed: options.seed ?? 1,
      maxExamples: options.maxExamples ?? 50,
      operations: [],
      requests: 0,
      fingerprint: { judgedAt: latestDate, latest: latestDate, responses: 0, matches: {}, olderOperations: [] },
      provenance: [],
      budget: { planned: 0, observed: 0, refunded: 0, spent: 0, refused: [], findings: [] },
      cleanup: { created: 0, deleted: 0, leftover: [] },
      notes: [reason],
      interrupted: reason,
      stopped: { by: 'no-start', reason },
    },
    [],
  );
}
