// The suite against the real Prism mock (started by the suite itself): every stateless check passes;
// the stateful ones and the wrong-key check are skipped with their reasons.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Report, runConformance } from '../../src/index.js';
import { failures, result } from '../support/helpers.js';

describe('against Prism', () => {
  let report: Report;
  beforeAll(async () => {
    report = await runConformance({ target: 'prism', seed: 3, maxExamples: 20 });
  }, 600_000);

  it('passes with no false failure', () => {
    expect(failures(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.target).toMatchObject({ kind: 'prism', stateful: false, live: false });
  });

  it('judges responses, auth and request data on every operation', () => {
    for (const op of report.operations) {
      for (const check of [
        'status_code_conformance',
        'content_type_conformance',
        'envelope_conformance',
        'response_schema_conformance',
        'auth_required',
        'positive_data_acceptance',
      ] as const) {
        // A cell whose every judgement was about an assumption (a status no page shows) holds verdicts.
        const cell = result(report, op.operationId, check);
        if (cell?.outcome === 'skipped') expect(cell.reason, `${op.operationId} ${check}`).toMatch(/about an assumption/);
        else expect(cell?.outcome, `${op.operationId} ${check}`).toBe('passed');
      }
    }
    // Generate's success status is ours (its page is cut before it): a verdict, not a pass.
    expect(result(report, 'getMedia', 'status_code_conformance')?.outcome).toBe('passed');
    expect(result(report, 'generateMedia', 'status_code_conformance')?.reason).toMatch(/about an assumption/);
    // Operations whose invalid requests break documented rules judge them as obligations; the
    // listings' page bounds are assumptions, so those cells hold verdicts, not passes.
    const judged = report.operations.filter((o) => result(report, o.operationId, 'negative_data_rejection')?.outcome === 'passed').map((o) => o.operationId);
    expect(judged.sort()).toEqual(
      ['archiveAssets', 'createCharacter', 'estimateGeneration', 'generateMedia', 'listCharacters', 'listGenerations', 'uploadAsset', 'uploadAssetV2'].sort(),
    );
    expect(result(report, 'listModels', 'negative_data_rejection')?.reason).toMatch(/about an assumption/);
    expect(report.tiers.assumptions.confirmed).toBeGreaterThan(0);
  });

  it('skips what a stateless mock cannot answer, with the reason', () => {
    const useAfterFree = result(report, 'deleteMedia', 'use_after_free');
    expect(useAfterFree?.outcome).toBe('skipped');
    expect(useAfterFree?.reason).toMatch(/Prism is stateless/);
    expect(result(report, 'listModels', 'ignored_auth')?.reason).toMatch(/only that X-API-KEY is present/);
    expect(result(report, 'listModels', 'pagination_conformance')?.outcome).toBe('skipped');
  });

  it('fingerprints the shapes of the latest document', () => {
    expect(report.fingerprint.version).toBe(report.fingerprint.latest);
  });
});
