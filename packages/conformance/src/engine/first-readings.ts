// The first balance readings of a run: the probe's answer (an estimate) when it carried a balance, then
// a second estimate — estimates are the run's measure, so the run first learns whether they cost. If the
// second cost something, a third, alone, tells whether that cost is steady: then every later reading
// and estimate is admitted at it (the first reading cost as much, and is counted), and each window's
// drop is read net of it; if not, nothing can be measured, and all spending ends.
import type { OperationId } from '@mediagen/schema';
import type { CreditFact } from '../model/credit-facts.js';
import type { Reading } from './balance-reading.js';
import type { SpendLedger } from './spend.js';
import { ESTIMATE, type KindsSeen } from './windows.js';

/** What the first readings use of the run's readings. */
interface Readings {
  readonly kinds: KindsSeen;
  measure(label: string): Promise<Reading>;
  read(label: string): Promise<Reading>;
  verify(kind: OperationId, where: string): void;
  fact(fact: CreditFact): void;
}

/** One reading at the start: what it cost (the drop since the reading before) and the balance it showed, or undefined when it could not be read. */
async function costOfAReading(readings: Readings, ledger: SpendLedger, label: string): Promise<{ cost: number; to: number } | undefined> {
  const reading = await readings.measure(label);
  if ('unknown' in reading) return undefined;
  const { drop, from } = ledger.log.read({ credits: reading.credits, where: label });
  return from === undefined ? undefined : { cost: Math.max(0, drop), to: reading.credits };
}

/** The first readings (inside the lock). */
export async function firstReadings(readings: Readings, ledger: SpendLedger, probe?: Reading): Promise<void> {
  const { log } = ledger;
  const { kinds } = readings;
  if (log.balance !== undefined || kinds.estimatesCost) return;
  const first = probe;
  if (first && 'credits' in first) log.read({ credits: first.credits, where: 'balance at the start (the probe)' });
  else if ('unknown' in (await readings.read('balance at the start'))) return;
  const where = 'balance again (an estimate costs nothing)';
  const second = await costOfAReading(readings, ledger, where);
  if (second === undefined) return;
  const { cost } = second;
  if (cost === 0) return readings.verify(ESTIMATE, where);
  readings.fact({ kind: 'unannounced', where, drop: cost, from: second.to + cost, to: second.to, sent: [], suspects: 'estimates' });
  log.addUnseen(cost, 'the first balance reading (an estimate, which costs as the second did)');
  const again = 'balance a third time, alone (what an estimate costs)';
  const third = await costOfAReading(readings, ledger, again);
  if (third?.cost === cost) {
    kinds.estimateCost = cost;
    // The three readings so far are admitted too: what was admitted covers every charge seen.
    ledger.admitted += 3 * cost;
    ledger.findings.push({
      message: `${where}: an estimate cost ${cost} credits, as did a third alone: each later reading and estimate is admitted at ${cost} under the cap, and each drop is read net of them`,
    });
    return;
  }
  kinds.estimatesUnsteady = true;
  ledger.find({
    message: `${again}: an estimate cost ${third?.cost ?? 'an unknown number of'} credits where the one before cost ${cost}: the cost of an estimate is not steady, so no balance reading can be netted of it`,
  });
}
