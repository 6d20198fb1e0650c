// What the balance readings make of a charge nobody announced: whose it was (the requests of the window,
// the reading itself, or estimates), what it ends and what it prices. A charge that can be priced — one
// laid on reads a second reading alone clears the estimate of — keeps spending going, each such kind
// admitted at the worst charge seen for it; one that cannot (the reading's own estimate, estimates of a
// cost that is not steady) ends all spending. Each fall is a fact for the check (model/credit-facts.ts).
import type { OperationId } from '@mediagen/schema';
import type { CreditFact, UnannouncedFact } from '../model/credit-facts.js';
import type { Reading } from './balance-reading.js';
import type { SpendLedger } from './spend.js';
import { ESTIMATE, type KindsSeen, type Window } from './windows.js';

export class Surprises {
  constructor(
    private readonly ledger: SpendLedger,
    private readonly kinds: KindsSeen,
    private readonly window: Window,
    private readonly measure: (label: string) => Promise<Reading>,
    private readonly fact: (fact: CreditFact) => void,
  ) {}

  /**
   * A fall nobody announced: a fact for the check, and a finding. A charge that cannot be priced (its
   * request cannot be told from the reading, or estimates charge unsteadily) ends spending; one laid on
   * reads (`priced`) does not: those kinds are admitted at the worst charge seen from now on.
   */
  private unannouncedFall(fact: Omit<UnannouncedFact, 'kind'>, message: string): void {
    this.fact({ kind: 'unannounced', ...fact });
    // What was admitted covers every charge seen, so that the cap counts it while later charges are on the wire.
    this.ledger.admitted += fact.drop;
    if (fact.suspects === 'reads')
      this.ledger.findings.push({ message: `${message}: each later request of it is admitted at the worst charge seen under the cap` });
    else this.ledger.find({ message });
  }

  /** Estimates cost less than they steadily did (or the balance rose): no window can be netted of them any more, and spending ends. */
  unsteady(label: string, short: number): void {
    this.kinds.estimatesUnsteady = true;
    this.ledger.find({
      message: `${label}: the balance fell ${short} credits less than the estimates in between cost (${this.kinds.estimateCost} each): the cost of an estimate is not steady, so no reading can be netted of it`,
    });
  }

  /**
   * Reads back a request of a kind priced at `price` (sent alone since the reading before): a charge
   * above it raises its price (a finding: the cap still held it when it was admitted at the worst
   * charge then seen), and what was admitted for it becomes what it charged.
   */
  async readBack(kind: OperationId, price: number, label: string): Promise<void> {
    const members = this.window.take();
    const reading = await this.measure(label);
    if ('unknown' in reading) return;
    const { drop, from } = this.ledger.log.read({ credits: reading.credits, where: label, overhead: this.kinds.overhead(members.estimates) });
    // What was admitted counts what it charged (an estimate's own cost is in the overhead, and stays admitted).
    if (kind !== ESTIMATE) this.ledger.admitted += Math.max(0, drop) - price;
    if (from === undefined) return;
    if (drop < 0 && this.kinds.estimateCost > 0) return this.unsteady(label, -drop);
    // An estimate's own cost is in the overhead: anything beyond it is unsteady.
    if (kind === ESTIMATE) return drop > 0 ? this.unannounced(label, drop, from, reading.credits, new Set()) : undefined;
    if (drop <= 0) return;
    this.fact({ kind: 'unannounced', where: label, drop, from, to: reading.credits, sent: [kind], suspects: 'reads' });
    if (drop <= price) return;
    this.kinds.charge([kind], drop);
    this.ledger.findings.push({
      message: `${label}: charged ${drop} credits where the worst seen for ${kind} was ${price}: it is admitted at ${drop} from now on`,
    });
  }

  /** The balance fell by `drop` where nothing was to be charged: whose charge it was, and what is never sent again. */
  async unannounced(label: string, drop: number, from: number, to: number, members: Set<OperationId>): Promise<void> {
    const fell = `${label}: the balance fell by ${drop} credits (from ${from} to ${to}) where nothing was to be charged`;
    const others = [...members].filter((kind) => kind !== ESTIMATE);
    const fall = { where: label, drop, from, to, sent: others };
    if (others.length === 0) {
      this.kinds.estimatesUnsteady = true;
      const sent = members.size ? 'only estimates were sent since the reading before' : 'nothing but the reading, an estimate, was sent';
      this.unannouncedFall({ ...fall, suspects: 'estimates' }, `${fell} (${sent})`);
      return;
    }
    this.kinds.charge(others, drop);
    // The reading is an estimate too: a second one, alone, tells whether it was its charge.
    const where = `${label}: read again, alone`;
    // Alone: no request starts until it is done, and those on the wire land first; what they charged since
    // the reading before is read first (and laid on them), so that the second reading shows only its own charge.
    const { again, landed } = await this.window.alone(async () => {
      let landed: Omit<UnannouncedFact, 'kind' | 'suspects'> | undefined;
      if (this.window.size > 0) {
        const landedWhere = `${label}: read once the requests on the wire landed`;
        const members = this.window.take();
        const reading = await this.measure(landedWhere);
        const before = this.ledger.log.balance;
        const overhead = this.kinds.overhead(members.estimates);
        const seen = 'unknown' in reading ? undefined : this.ledger.log.read({ credits: reading.credits, where: landedWhere, overhead });
        const kinds = [...members].filter((kind) => kind !== ESTIMATE);
        if (seen && seen.drop > 0 && kinds.length > 0 && before !== undefined && 'credits' in reading) {
          this.kinds.charge(kinds, seen.drop);
          landed = { where: landedWhere, drop: seen.drop, from: before, to: reading.credits, sent: kinds };
        }
      }
      return { again: await this.measure(where), landed };
    });
    const beforeAgain = this.ledger.log.balance;
    const alone = 'unknown' in again ? undefined : this.ledger.log.read({ credits: again.credits, where, overhead: this.kinds.overhead(0) });
    const sent = `sent since the reading before: ${others.join(', ')}`;
    const landedLine = (l: NonNullable<typeof landed>) =>
      `${l.where}: the balance fell by ${l.drop} more credits where nothing was to be charged (sent: ${l.sent.join(', ')})`;
    if (alone !== undefined && alone.drop <= 0) {
      this.unannouncedFall({ ...fall, suspects: 'reads' }, `${fell} (${sent})`);
      if (landed) this.unannouncedFall({ ...landed, suspects: 'reads' }, landedLine(landed));
      return;
    }
    this.kinds.estimatesUnsteady = true;
    this.unannouncedFall({ ...fall, suspects: 'unknown' }, `${fell} (${sent}, and the reading itself, an estimate)`);
    if (landed) this.unannouncedFall({ ...landed, suspects: 'unknown' }, landedLine(landed));
    if (alone && beforeAgain !== undefined && 'credits' in again)
      this.unannouncedFall(
        { where, drop: alone.drop, from: beforeAgain, to: again.credits, sent: [], suspects: 'estimates' },
        `${where}, the balance fell by ${alone.drop} more credits`,
      );
  }
}
