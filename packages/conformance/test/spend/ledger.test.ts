// The spend ledger counts what the balance says: drops are spend, rises are refunds, and a charge that
// disagrees with its estimate or that nobody announced is a finding that ends all spending. The cap
// admits a request only with a known price, at the larger of it and the dearest price per item charged.
// The ledger names no rule: the check judges what was measured (test/judges/credits-measured.test.ts).
import { describe, expect, it } from 'vitest';
import { SpendLedger } from '../../src/index.js';

describe('the spend ledger', () => {
  const admitted = (ledger: SpendLedger, price: number, planned = false) => {
    const admission = ledger.admit(price, '"g"', { planned });
    if ('refused' in admission) throw new Error(admission.refused);
    return admission;
  };

  it('counts spend and refunds from the balances read', () => {
    const ledger = new SpendLedger(undefined);
    ledger.log.read({ credits: 100, where: 'start' });
    ledger.settle(admitted(ledger, 5), { credits: 95, where: 'after a generation' }, 'served');
    ledger.log.read({ credits: 97, where: 'refund' });
    expect(ledger.report()).toMatchObject({ observed: 5, refunded: 2, spent: 3, startBalance: 100, endBalance: 97, findings: [] });
  });

  it('a charge above what was announced is a finding that ends spending', () => {
    const ledger = new SpendLedger(50);
    ledger.log.read({ credits: 100, where: 'start' });
    const finding = ledger.settle(admitted(ledger, 4), { credits: 90, where: 'after "x"' }, 'served');
    expect(finding).toEqual({ message: expect.stringContaining('charged 10 credits where the estimate said 4: no estimate is trusted again') });
    expect(ledger.endedBy).toContain('spending ended');
    expect(ledger.admit(1, 'next')).toEqual({ refused: expect.stringContaining('spending ended') });
  });

  it('a refused generate that keeps credits is a finding that ends spending', () => {
    const ledger = new SpendLedger(50);
    ledger.log.read({ credits: 100, where: 'start' });
    expect(ledger.settle(admitted(ledger, 4), { credits: 96, where: 'after "x"' }, 'refused')).toEqual({
      message: expect.stringContaining('the balance fell by 4 credits'),
    });
    expect(ledger.endedBy).toContain('spending ended');
  });

  it('admits each spend at the larger of its estimate and the dearest price per item already charged', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    const first = ledger.admit(7, '"one item"', { items: 1 });
    if ('refused' in first) throw new Error(first.refused);
    expect(ledger.settle(first, { credits: 93, where: 'after "one item"' }, 'served')).toBeUndefined();
    expect(ledger.log.dearestPerItem).toBe(7);
    // An estimate of 1 for two items is admitted at 14: beside the 7 counted, 21 is above the cap.
    expect(ledger.admit(1, '"two items"', { items: 2 })).toEqual({
      refused: expect.stringContaining('priced at 14 credits (the dearest charge seen, 7 per item'),
    });
    expect(ledger.admit(1, '"one more"', { items: 1 })).toMatchObject({ price: 7, claimed: 1 });
  });

  it('a charge below the estimate ends spending too: no estimate is trusted again', () => {
    const ledger = new SpendLedger(50);
    ledger.log.read({ credits: 100, where: 'start' });
    expect(ledger.settle(admitted(ledger, 4), { credits: 99, where: 'after "g"' }, 'served')?.message).toContain('charged 1 credits where the estimate said 4');
    expect(ledger.admit(1, '"next"')).toEqual({ refused: expect.stringContaining('spending ended') });
  });

  it('admits only a known price within the cap, beside what the plan keeps', () => {
    const ledger = new SpendLedger(10);
    ledger.log.read({ credits: 100, where: 'start' });
    expect(ledger.admit(undefined, '"a"')).toEqual({ refused: expect.stringContaining('cannot be known in advance') });
    expect(ledger.admit(Number.NaN, '"a"')).toEqual({ refused: expect.stringContaining('cannot be known') });
    expect(ledger.plan.keep(8, ledger.max)).toBe(true);
    expect(ledger.admit(3, '"extra"')).toEqual({ refused: expect.stringContaining('kept for the stateful checks') });
    const planned = admitted(ledger, 8, true);
    expect(planned).toMatchObject({ price: 8, planned: true });
    ledger.settle(planned, { credits: 92, where: 'after planned' }, 'served');
    expect(ledger.admit(3, '"over"')).toEqual({ refused: expect.stringContaining('above the credit cap of 10') });
    expect(ledger.log.spent).toBe(8);
    expect(new SpendLedger(5).plan.keep(8, 5)).toBe(false);
  });

  it('without a cap, a request without a price is counted, not refused', () => {
    const ledger = new SpendLedger(undefined);
    expect(ledger.admit(undefined, 'x')).toMatchObject({ unpriced: true });
  });
});

describe('what the cap counts', () => {
  const admitted = (ledger: SpendLedger, price: number) => {
    const admission = ledger.admit(price, '"g"');
    if ('refused' in admission) throw new Error(admission.refused);
    return admission;
  };

  it('an estimate of 0 or less is no price', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    expect(ledger.admit(0, '"free?"')).toEqual({ refused: expect.stringContaining('estimate 0: a request that spends is never free') });
    expect(ledger.admit(-3, '"paid?"')).toEqual({ refused: expect.stringContaining('estimate -3') });
    expect(ledger.admitted).toBe(0);
  });

  it('counts the larger of what the balance says and what was admitted', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    const first = admitted(ledger, 6);
    // A refused request keeps nothing (the balance is right), yet the cap still counts its price.
    expect(ledger.settle(first, { credits: 100, where: 'after "g"' }, 'refused')).toBeUndefined();
    expect(ledger.counted).toBe(6);
    expect(ledger.admit(15, '"too much"')).toEqual({ refused: expect.stringContaining("bring the run's spend to 21") });
    // A read that charged 10 nobody announced: the balance now says more than was admitted.
    ledger.log.read({ credits: 90, where: 'after a read' });
    expect(ledger.counted).toBe(10);
    expect(ledger.report()).toMatchObject({ spent: 10, spentFrom: 'balance', admitted: 6, counted: 10 });
  });

  it('a served request the balance does not show ends spending, and the spend is what was admitted', () => {
    for (const [after, said] of [
      [100, 'did not fall'],
      [150, 'rose by 50'],
    ] as const) {
      const ledger = new SpendLedger(20);
      ledger.log.read({ credits: 100, where: 'start' });
      const finding = ledger.settle(admitted(ledger, 4), { credits: after, where: 'after "g"' }, 'served');
      expect(finding, said).toEqual({ message: expect.stringContaining(said) });
      expect(ledger.endedBy).toContain('spending stopped and the spend counts what was admitted');
      expect(ledger.admit(1, '"next"')).toEqual({ refused: expect.stringContaining('spending ended') });
      const report = ledger.report();
      expect(report, said).toMatchObject({ spent: 4, spentFrom: 'admitted', counted: 4 });
      expect(report.spent).toBeGreaterThanOrEqual(0);
    }
  });

  it('a balance that falls by less than the price is still counted at the price', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    ledger.settle(admitted(ledger, 4), { credits: 99, where: 'after "g"' }, 'served');
    expect(ledger.report()).toMatchObject({ spent: 1, spentFrom: 'balance', counted: 4 });
  });

  it('once the balance showed a whole price, a refusal it shows free is no longer counted', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    ledger.settle(admitted(ledger, 4), { credits: 96, where: 'after "g"' }, 'served');
    ledger.settle(admitted(ledger, 5), { credits: 96, where: 'after a refusal' }, 'refused');
    expect(ledger.counted).toBe(4);
    // Not answered: it may have been made, so its price stays counted.
    ledger.settle(admitted(ledger, 5), { credits: 96, where: 'after a timeout' }, 'unanswered');
    expect(ledger.counted).toBe(9);
  });

  it('a guessed price is an upper bound: a smaller charge is fine, none at all is not', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    const guess = ledger.admit(5, '"invalid body"', { guessed: true });
    if ('refused' in guess) throw new Error(guess.refused);
    expect(ledger.settle(guess, { credits: 98, where: 'after' }, 'served')).toBeUndefined();
    const again = ledger.admit(5, '"invalid body"', { guessed: true });
    if ('refused' in again) throw new Error(again.refused);
    expect(ledger.settle(again, { credits: 98, where: 'after' }, 'served')?.message).toContain('did not fall');
  });

  it('a balance that ends above its start is never a negative spend', () => {
    const ledger = new SpendLedger(undefined);
    ledger.log.read({ credits: 100, where: 'start' });
    ledger.log.read({ credits: 2194, where: 'end' });
    const report = ledger.report();
    expect(report.spent).toBe(0);
    expect(report.findings.join()).toContain('2094 credits above where it started');
  });

  it('a request admitted and then not sent is no longer counted', () => {
    const ledger = new SpendLedger(10);
    ledger.log.read({ credits: 100, where: 'start' });
    ledger.withdraw(admitted(ledger, 8));
    expect(ledger.counted).toBe(0);
    expect(ledger.admit(8, '"again"')).toMatchObject({ price: 8 });
  });
});
