// What the spend guard measured is judged once, by credits_arithmetic: a charge against its estimate
// (whenever it was taken), a generation that consumed nothing, a balance that does not show what the
// generate answer charged, a refused generate that kept credits, and falls nobody announced.
import { operations } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, Judge } from '../../src/index.js';
import type { ChargeFact, CreditFact } from '../../src/model/credit-facts.js';

const judged = (...facts: CreditFact[]) => {
  const judge = new Judge({
    selected: CHECK_IDS,
    strict: false,
    pagination: true,
    stateful: true,
    ownsBalance: true,
    lifecycleWaitMs: 1_000,
    baseUrl: 'http://127.0.0.1:1',
  });
  for (const fact of facts) judge.measured(fact);
  return judge;
};
const failures = (judge: Judge, operationId: 'estimateGeneration' | 'generateMedia') =>
  (judge.recorder.operationReport(operations[operationId], 'none').results.find((r) => r.check === 'credits_arithmetic')?.failures ?? []).map(
    (f) => f.basis?.rule,
  );
const verdict = (judge: Judge, element: string) => judge.verdicts.verdicts().find((v) => v.element === element)?.status;

const served = (fields: Partial<ChargeFact>): ChargeFact => ({
  kind: 'charge',
  what: '"g"',
  where: 'after "g"',
  outcome: 'served',
  priced: 'estimate',
  claimed: 4,
  items: 2,
  from: 100,
  to: 96,
  ...fields,
});

describe('credits_arithmetic judges what the spend guard measured', () => {
  it('a charge equal to its estimate holds estimate_is_the_charge, generation_consumes_credits and estimate_returns_the_balance', () => {
    const judge = judged(served({}));
    expect(failures(judge, 'generateMedia')).toEqual([]);
    expect(failures(judge, 'estimateGeneration')).toEqual([]);
    expect(judge.recorder.operationReport(operations.generateMedia, 'none').results.find((r) => r.check === 'credits_arithmetic')?.outcome).toBe('passed');
  });

  it('a charge above or below its estimate fails estimate_is_the_charge (the stated cost)', () => {
    expect(failures(judged(served({ to: 90 })), 'estimateGeneration')).toEqual(['estimate_is_the_charge']);
    expect(failures(judged(served({ to: 98 })), 'generateMedia')).toEqual(['estimate_is_the_charge']);
  });

  it('a priced guess weighs nothing against an estimate', () => {
    expect(failures(judged(served({ priced: 'guess', to: 99 })), 'generateMedia')).toEqual([]);
  });

  it('a balance that never fell while the answer showed a charge fails estimate_returns_the_balance', () => {
    const judge = judged(served({ to: 100, creditsRemaining: 96 }));
    expect(failures(judge, 'estimateGeneration')).toEqual(['estimate_returns_the_balance']);
    expect(failures(judge, 'generateMedia')).toEqual([]);
  });

  it('a generation nothing shows a charge for fails generation_consumes_credits', () => {
    for (const creditsRemaining of [undefined, 100]) {
      const judge = judged(served({ to: 100, ...(creditsRemaining !== undefined ? { creditsRemaining } : {}) }));
      expect(failures(judge, 'generateMedia')).toEqual(['generation_consumes_credits']);
    }
  });

  it('a refused generate that kept credits, and falls nobody announced, refute the assumptions that say they are free', () => {
    const judge = judged(
      served({ outcome: 'refused', to: 98 }),
      { kind: 'unannounced', where: 'r', drop: 1, from: 98, to: 97, suspects: 'estimates', sent: [] },
      { kind: 'unannounced', where: 'r', drop: 1, from: 97, to: 96, suspects: 'reads', sent: ['listVoices'] },
    );
    expect(verdict(judge, 'rule:failed_generate_is_free')).toBe('refuted');
    expect(verdict(judge, 'rule:estimate_is_free')).toBe('refuted');
    expect(verdict(judge, 'rule:reads_are_free')).toBe('refuted');
    expect(failures(judge, 'estimateGeneration')).toEqual([]);
  });

  it('kinds found free confirm the assumptions', () => {
    const judge = judged({ kind: 'free', operationId: 'estimateGeneration', where: 's' }, { kind: 'free', operationId: 'listVoices', where: 's' });
    expect(verdict(judge, 'rule:estimate_is_free')).toBe('confirmed');
    expect(verdict(judge, 'rule:reads_are_free')).toBe('confirmed');
  });
});

describe('what a stateless target measured', () => {
  it('is not judged: a mock that keeps nothing never moves its balance', () => {
    const judge = new Judge({
      selected: CHECK_IDS,
      strict: false,
      pagination: false,
      stateful: false,
      ownsBalance: true,
      lifecycleWaitMs: 1_000,
      baseUrl: 'http://127.0.0.1:1',
    });
    judge.measured(served({ to: 100 }));
    expect(failures(judge, 'generateMedia')).toEqual([]);
  });
});
