// The spend in words, the same on the console and in the HTML report: what was spent and from what it
// was counted, why spending stopped (said once), and the requests not sent because of it on one line.
import { describe, expect, it } from 'vitest';
import { SpendLedger } from '../../src/index.js';
import { creditsLine, refusalLines, spendNotes } from '../../src/report/spend.js';

function stale(): SpendLedger {
  const ledger = new SpendLedger(20);
  ledger.log.read({ credits: 100, where: 'start' });
  const admission = ledger.admit(4, '"fixture"');
  if ('refused' in admission) throw new Error(admission.refused);
  ledger.settle(admission, { credits: 100, where: 'after "fixture"' }, 'served');
  ledger.admit(2, '"next one"');
  ledger.admit(2, '"and another"');
  return ledger;
}

describe('the spend in words', () => {
  it('a balance believed: the spend as it says, and what the cap counted beside it', () => {
    const ledger = new SpendLedger(20);
    ledger.log.read({ credits: 100, where: 'start' });
    const admission = ledger.admit(4, '"g"');
    if ('refused' in admission) throw new Error(admission.refused);
    ledger.settle(admission, { credits: 96, where: 'after "g"' }, 'served');
    ledger.log.read({ credits: 97, where: 'a refund' });
    expect(creditsLine(ledger.report())).toBe(
      '3 credits spent as the balance says (4 charged, 1 refunded); the cap counted 4 (the prices admitted) of --max-credits 20',
    );
    expect(spendNotes(ledger.report())).toEqual([]);
  });

  it('a balance not believed: the spend counted from what was admitted, why spending stopped once, the refusals on one line', () => {
    const report = stale().report();
    expect(creditsLine(report)).toBe(
      '4 credits spent, counted from what was admitted: the balance was not believed (it showed 0 charged, 0 refunded) of --max-credits 20',
    );
    const notes = spendNotes(report);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^spending stopped: after "fixture": the balance did not fall \(from 100 to 100\) although 4 credits were admitted/);
    expect(refusalLines(report)).toEqual(['not sent once spending stopped (2): "next one"; "and another"']);
  });

  it('no cap and nothing spent: no line', () => {
    expect(creditsLine(new SpendLedger(undefined).report())).toBeUndefined();
  });
});
