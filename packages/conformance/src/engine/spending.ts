// The spend guard of a run: it reads the balance the API reports (with the free estimate of a plain
// body), prices a spending request before it is sent (the estimate of the same body), admits it only
// when the ledger's cap holds it, and reads the balance back after it. Under a cap, the first request of
// every other operation is bracketed by balance readings too, so a read or an estimate that charges is
// found after one request, not a thousand. Spending windows run one at a time: a charge is never
// attributed to the wrong request.
import { type OperationId, type OperationSpec, operations } from '@mediagen/schema';
import { served } from '../checks/response.js';
import { dataOf, type Exchange, isSuccess } from '../model/exchange.js';
import type { RequestCase } from '../requests/cases.js';
import type { Fixtures } from '../requests/fixtures.js';
import { baseItem } from '../requests/generation-bodies.js';
import { type Admission, type Finding, SpendLedger } from './spend.js';

const { estimateGeneration } = operations;

type Send = (c: RequestCase) => Promise<Exchange>;

const numberIn = (exchange: Exchange, field: string): number | undefined => {
  const data = dataOf(exchange);
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** One at a time: the body of a spending window. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export type Spent = { exchange: Exchange } | { refused: string };
type Reading = { credits: number; exchange: Exchange } | { unknown: string };

/** Reads of the balance: at the start, around what may spend, after each operation, at the end. */
export class BalanceReadings {
  constructor(
    private readonly ledger: SpendLedger,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
    private readonly lock: Mutex,
    private readonly note: (finding: Finding | undefined) => void,
  ) {}

  get estimatesCost(): boolean {
    return this.ledger.findings.some((f) => f.rule === 'estimate_is_free');
  }

  /** Reads the balance inside a window; a drop since the last reading where nothing was to be charged is a finding of `rule`. */
  async read(label: string, rule: Finding['rule']): Promise<Reading> {
    if (this.estimatesCost) return { unknown: 'estimates cost credits: the balance is not read any more' };
    const exchange = await this.send({ operationId: estimateGeneration.operationId, label, body: [baseItem(this.fixtures)] });
    const credits = numberIn(exchange, 'balance');
    if (!isSuccess(exchange.status) || credits === undefined) return { unknown: `the estimate answered ${exchange.status} without a balance` };
    this.note(this.ledger.read({ credits, where: label }, 0, rule));
    return { credits, exchange };
  }

  /** The balance now, read with a free estimate of a plain body; or why it could not be read. */
  balance(label: string): Promise<Reading> {
    return this.lock.run(() => this.read(label, 'reads_are_free'));
  }

  /**
   * The first readings: the probe's answer (an estimate) when it carried a balance, then a second
   * estimate — estimates are the run's measure, so the run first learns whether they cost (a finding
   * that ends all spending if so; the first reading then cost as much, and is counted).
   */
  start(probe?: Exchange): Promise<void> {
    return this.lock.run(async () => {
      const { log } = this.ledger;
      if (log.balance !== undefined) return;
      const credits = probe && isSuccess(probe.status) ? numberIn(probe, 'balance') : undefined;
      if (credits !== undefined) this.ledger.read({ credits, where: 'balance at the start (the probe)' });
      else if ('unknown' in (await this.read('balance at the start', 'reads_are_free'))) return;
      const before = log.observed;
      await this.read('balance again (an estimate costs nothing)', 'estimate_is_free');
      const cost = log.observed - before;
      if (cost > 0) log.addUnseen(cost, 'the first balance reading (an estimate, which costs as the second did)');
    });
  }

  /** Under a cap, a reading after each operation's requests: a drop nothing admitted is a finding that ends spending. */
  async checkpoint(label: string): Promise<void> {
    if (this.ledger.capped && this.ledger.log.balance !== undefined) await this.balance(`balance after ${label}`);
  }

  /** The last reading of the run (its spend is the balance's difference). */
  async finish(): Promise<void> {
    if (this.ledger.log.balance !== undefined) await this.balance('balance at the end');
  }
}

/**
 * Under a cap, the first request of an operation that should spend nothing is bracketed by balance
 * readings; a drop is a finding that ends all spending, and that operation is not called again. Once
 * spending ended, nothing not yet known to be free is sent.
 */
class FreeRequests {
  private readonly verified = new Set<OperationId>();
  private readonly charging = new Set<OperationId>();

  constructor(
    private readonly ledger: SpendLedger,
    private readonly readings: BalanceReadings,
    private readonly lock: Mutex,
    private readonly refuse: (what: string, why: string) => string,
  ) {}

  private unsafe(op: OperationSpec): string | undefined {
    if (this.charging.has(op.operationId)) return this.refuse(op.operationId, 'it charged credits where nothing was to be charged');
    if (this.ledger.endedBy) return this.refuse(op.operationId, `${this.ledger.endedBy}; it is not yet known to cost nothing`);
    return undefined;
  }

  async send(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    if (!this.ledger.capped || this.verified.has(op.operationId)) return { exchange: await go() };
    // The estimate is the measure itself: checked once at the start (two readings), refused once it costs.
    if (op === estimateGeneration)
      return this.readings.estimatesCost ? { refused: this.refuse(op.operationId, 'estimates cost credits') } : { exchange: await go() };
    // Without a free estimate nothing can be measured: what is not known to be free is not sent.
    if (this.readings.estimatesCost)
      return { refused: this.refuse(op.operationId, 'estimates cost credits, so no balance can be read to check this costs nothing') };
    const early = this.unsafe(op);
    if (early) return { refused: early };
    return this.lock.run(async () => {
      if (this.verified.has(op.operationId)) return { exchange: await go() };
      const late = this.unsafe(op);
      if (late) return { refused: late };
      const before = await this.readings.read(`balance before the first ${op.operationId}`, 'reads_are_free');
      const exchange = await go();
      if ('unknown' in before) return { exchange };
      const findings = this.ledger.findings.length;
      await this.readings.read(`${op.operationId}: balance after its first request`, 'reads_are_free');
      if (this.ledger.findings.length === findings) this.verified.add(op.operationId);
      else this.charging.add(op.operationId);
      return { exchange };
    });
  }
}

export class Spending {
  readonly ledger: SpendLedger;
  readonly readings: BalanceReadings;
  private readonly free: FreeRequests;
  private readonly lock = new Mutex();
  /** Findings not yet recorded as assertions (the run records each once). */
  readonly pending: Finding[] = [];

  constructor(
    maxCredits: number | undefined,
    private readonly send: Send,
    private readonly fixtures: Readonly<Fixtures>,
  ) {
    this.ledger = new SpendLedger(maxCredits);
    this.readings = new BalanceReadings(this.ledger, send, fixtures, this.lock, (finding) => finding && this.pending.push(finding));
    this.free = new FreeRequests(this.ledger, this.readings, this.lock, (what, why) => this.refuse(what, why));
  }

  /**
   * The price of a body: its estimate. A body the estimate refuses has no price of its own: it is
   * priced like the dearest valid body of the same size a server that wrongly took it could make of it
   * (plain items, or videos when the run has an input for one).
   */
  private async priceOf(c: RequestCase, invalid: boolean): Promise<{ price?: number; guessed: boolean }> {
    const estimate = await this.send({ operationId: estimateGeneration.operationId, label: `price of: ${c.label}`, body: c.body });
    const price = numberIn(estimate, 'estimated');
    if (isSuccess(estimate.status) && price !== undefined) return { price, guessed: false };
    if (!invalid) return { guessed: false };
    const size = Array.isArray(c.body) ? Math.max(1, c.body.length) : 1;
    const kinds = [
      baseItem(this.fixtures),
      ...(this.fixtures.portraitAssetId ? [{ video_anyone: { media_id: this.fixtures.portraitAssetId, prompt: 'a video' } }] : []),
    ];
    let dearest: number | undefined;
    for (const item of kinds) {
      const similar = await this.send({
        operationId: estimateGeneration.operationId,
        label: `price of a valid body like: ${c.label}`,
        body: Array.from({ length: size }, () => item),
      });
      const value = isSuccess(similar.status) ? numberIn(similar, 'estimated') : undefined;
      if (value !== undefined) dearest = Math.max(dearest ?? 0, value);
    }
    return dearest === undefined ? { guessed: true } : { price: dearest, guessed: true };
  }

  /**
   * Sends a request that can spend within the cap: priced first, admitted by the ledger, sent, then
   * charged as the balance says. Returns the exchange, or why it was not sent.
   */
  spend(c: RequestCase, options: { invalid: boolean; planned: boolean; go: () => Promise<Exchange> }): Promise<Spent> {
    return this.lock.run(async () => {
      if (this.ledger.endedBy) return { refused: this.refuse(`${c.label}`, this.ledger.endedBy) };
      // Without a cap nothing needs a price in advance (a local target): the balance still counts the spend.
      const priced = this.ledger.capped ? await this.priceOf(c, options.invalid) : { guessed: false };
      const admission = this.ledger.admit(priced.price, `"${c.label}"`, options.planned, priced.guessed);
      if ('refused' in admission) return admission;
      if (this.ledger.log.balance === undefined) await this.readings.read(`balance before "${c.label}"`, 'reads_are_free');
      if (this.ledger.capped && this.ledger.log.balance === undefined) {
        if (admission.planned) this.ledger.plan.giveBack(admission.price);
        return { refused: this.refuse(c.label, 'the balance cannot be read, and under a credit cap nothing is spent unmeasured') };
      }
      const exchange = await options.go();
      await this.settle(admission, exchange);
      return { exchange };
    });
  }

  /** A request that should spend nothing, sent through the guard of free requests. */
  guardFree(op: OperationSpec, go: () => Promise<Exchange>): Promise<Spent> {
    return this.free.send(op, go);
  }

  private refuse(what: string, why: string): string {
    const reason = `not sent: ${what}: ${why}`;
    if (!this.ledger.refused.includes(reason)) this.ledger.refused.push(reason);
    return reason;
  }

  /** Reads back what a spending request cost: more than announced, or anything for a failure, ends spending. */
  private async settle(admission: Admission, exchange: Exchange): Promise<void> {
    const servedOk = served(exchange);
    const remaining = servedOk && !this.ledger.capped ? numberIn(exchange, 'credits_remaining') : undefined;
    const where = `after ${admission.what}`;
    // Unpriced (no cap): the charge is counted; only a failure that kept credits is a finding.
    const expected = admission.unpriced ? Number.POSITIVE_INFINITY : admission.price;
    // A body priced by guess (the estimate refused it) that costs more than the guess is a surprise, not
    // the estimate's fault: spending ends, no rule is broken.
    const chargeRule = admission.guessed ? undefined : 'estimate_is_the_charge';
    if (remaining !== undefined) {
      this.pending.push(...[this.ledger.read({ credits: remaining, where }, expected, chargeRule)].filter((f): f is Finding => f !== undefined));
      return;
    }
    const after = await this.send({ operationId: estimateGeneration.operationId, label: `balance ${where}`, body: [baseItem(this.fixtures)] });
    const credits = numberIn(after, 'balance');
    if (credits === undefined) {
      if (this.ledger.capped) this.pending.push(this.ledger.find({ rule: 'estimate_is_the_charge', message: `${where}: the balance could not be read back` }));
      return;
    }
    const finding = this.ledger.read({ credits, where }, servedOk ? expected : 0, servedOk ? chargeRule : 'failed_generate_is_free');
    if (finding) this.pending.push(finding);
  }
}
