// The report of a run, from what the run recorded: the grid of results with its summary, and the
// three tiers (obligations, assumption verdicts, warnings). Everything given here is already masked.
import type { CheckDefinition } from '../checks/catalog.js';
import type { FingerprintReport, OperationReport, ProvenanceVerdict, Report } from '../engine/types.js';

export interface ReportInput {
  target: Report['target'];
  startedMs: number;
  seed: number;
  maxExamples: number;
  selected: readonly CheckDefinition[];
  operations: OperationReport[];
  requests: number;
  fingerprint: FingerprintReport;
  provenance: ProvenanceVerdict[];
  budget: Report['budget'];
  cleanup: Report['cleanup'];
  notes: string[];
  interrupted?: string;
}

export function buildReport(input: ReportInput): Report {
  const byCheck: Report['summary']['byCheck'] = {};
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const check of input.selected)
    if (input.operations.some((op) => op.results.some((r) => r.check === check.id))) byCheck[check.id] = { passed: 0, failed: 0, skipped: 0 };
  for (const op of input.operations) {
    for (const result of op.results) {
      const tally = (byCheck[result.check] ??= { passed: 0, failed: 0, skipped: 0 });
      tally[result.outcome]++;
      if (result.outcome === 'passed') passed++;
      else if (result.outcome === 'failed') failed++;
      else skipped++;
    }
  }
  const count = (status: ProvenanceVerdict['status']) => input.provenance.filter((p) => p.status === status).length;
  const warnings = input.provenance
    .filter((p) => p.status === 'refuted')
    .map((p) => `assumption refuted: ${p.element}${p.note ? ` (${p.note})` : ''}: ${p.evidence}`);
  return {
    tool: '@mediagen/conformance',
    target: input.target,
    startedAt: new Date(input.startedMs).toISOString(),
    durationMs: Date.now() - input.startedMs,
    seed: input.seed,
    maxExamples: input.maxExamples,
    checks: input.selected.map(({ id, description, severity }) => ({ id, description, severity })),
    operations: input.operations,
    summary: { passed, failed, skipped, byCheck, requests: input.requests },
    fingerprint: input.fingerprint,
    provenance: input.provenance,
    tiers: {
      obligations: { passed, failed, skipped },
      assumptions: { confirmed: count('confirmed'), refuted: count('refuted'), untested: count('untested') },
      warnings,
    },
    budget: input.budget,
    cleanup: input.cleanup,
    notes: input.notes,
    ...(input.interrupted ? { interrupted: input.interrupted } : {}),
    // An interrupted run did not judge everything: it is not a pass.
    ok: failed === 0 && input.interrupted === undefined,
  };
}
