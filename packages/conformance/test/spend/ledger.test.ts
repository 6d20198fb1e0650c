// The spend ledger counts what the balance says: drops are spend, rises are refunds, and a drop nobody
// announced is a finding that ends all spending. The cap admits a request only with a known price.
import { describe, expect, it } from 'vitest';
import { SpendLedger } from '../../src/index.js';

describe('the spend ledger', () => {
  it('counts spend and refunds from the balances read', () => {
    const ledger = new SpendLedger(undefined);
    ledger.read({ credits: 100, where: 'start' });
    ledger.read({ credits: 95, where: 'after a generation' }, 5, 'estimate_is_the_charge');
    ledger.read({ credits: 97, where: 'refund' });
    expect(ledger.report()).toMatchObject({ observed: 5, refunded: 2, spent: 3, startBalance: 100, endBalance: 97, findings: [] });
  });

  it('a charge above what was announced is a finding that ends spending', () => {
    const ledger = new SpendLedger(50);
    ledger.read({ credits: 100, where: 'start' });
    const finding = ledger.read({ credits: 90, where: 'after "x"' }, 4, 'estimate_is_the_charge');
    expect(finding?.message).toContain('charged 10 credits where the estimate said 4');
    expect(ledger.endedBy).toContain('spending ended');
    expect(ledger.admit(1, 'next')).toEqual({ refused: expect.stringContaining('spending ended') });
  });

  it('admits only a known price within the cap, beside what the plan keeps', () => {
    const ledger = new SpendLedger(10);
    ledger.read({ credits: 100, where: 'start' });
    expect(ledger.admit(undefined, '"a"')).toEqual({ refused: expect.stringContaining('cannot be known in advance') });
    expect(ledger.admit(Number.NaN, '"a"')).toEqual({ refused: expect.stringContaining('cannot be known') });
    expect(ledger.plan.keep(8, ledger.max)).toBe(true);
    expect(ledger.admit(3, '"extra"')).toEqual({ refused: expect.stringContaining('kept for the stateful checks') });
    expect(ledger.admit(8, '"planned"', true)).toMatchObject({ price: 8, planned: true });
    ledger.read({ credits: 92, where: 'after planned' }, 8, 'estimate_is_the_charge');
    expect(ledger.admit(3, '"over"')).toEqual({ refused: expect.stringContaining('above the credit cap of 10') });
    expect(ledger.log.spent).toBe(8);
    expect(new SpendLedger(5).plan.keep(8, 5)).toBe(false);
  });

  it('without a cap, a request without a price is counted, not refused', () => {
    const ledger = new SpendLedger(undefined);
    expect(ledger.admit(undefined, 'x')).toMatchObject({ unpriced: true });
  });
});
