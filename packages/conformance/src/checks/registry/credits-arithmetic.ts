import { operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { said, served } from '../../model/answer.js';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { baseItem } from '../../requests/generation-bodies.js';
import { judgeMeasured } from '../credits-measured.js';
import { defineCheck, type Found, type HistoryJudge, type HistorySettings, type Observed, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { sleep } from './sequence.js';

const { estimateGeneration, generateMedia } = operations;
const OPERATIONS = [estimateGeneration.operationId, generateMedia.operationId] as const;

const numberIn = (exchange: Exchange, field: string): number | undefined => {
  const data = dataOf(exchange);
  const value = isObject(data) ? data[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The key of a body: an estimate prices the generate of the same body. */
const bodyKey = (exchange: Exchange) => JSON.stringify(exchange.request.body ?? null);

/** A served generation whose charge the following balance readings show. */
interface Charge {
  /** The balance read last before it, with nothing else spent between. */
  before: number;
  price?: number;
  creditsRemaining?: number;
  after: number[];
  /** Another generation was served before this one settled: neither can be told apart. */
  overlapped: boolean;
  label: string;
}

/**
 * Judges a history whose balance readings are the run's alone (a live run): each estimate reads the
 * balance. A generation's charge shows by the next reading (ours: no source says when it is taken);
 * credits_remaining is the balance once the whole estimate is charged (ours), whenever that is — the
 * seed states the cost, not when it is taken. A generation whose estimate is above the balance is
 * refused (ours; 402 too). Whether the charge equals the estimate is judged once, from what the spend
 * guard measured around it (credits-measured.ts), not here.
 */
function judgeHistory({ ownsBalance, estimateCost = () => 0 }: HistorySettings): HistoryJudge {
  const prices = new Map<string, number>();
  let balance: number | undefined;
  let pending: Charge | undefined;
  // The readings since a generation are estimates too: when they cost, the balance each shows is net of them all.
  const net = (charge: Charge, value: number) => value + estimateCost() * charge.after.length;
  const settle = (charge: Charge, settled: number): Found[] => {
    pending = undefined;
    if (charge.overlapped || charge.creditsRemaining === undefined) return [];
    return [
      {
        operationId: generateMedia.operationId,
        assertion: assertThat(
          'credits_remaining_is_the_balance',
          charge.creditsRemaining === settled,
          `${charge.label}: credits_remaining ${charge.creditsRemaining}, the balance once charged was ${settled}`,
        ),
      },
    ];
  };
  const reading = (value: number): Found[] => {
    balance = value;
    const charge = pending;
    if (!charge) return [];
    charge.after.push(value);
    const shown = net(charge, value);
    const out: Found[] = [];
    if (charge.after.length === 1 && charge.price !== undefined && !charge.overlapped)
      out.push({
        operationId: generateMedia.operationId,
        assertion: assertThat(
          'charge_taken_by_next_reading',
          charge.before - shown === charge.price,
          `${charge.label}: the next reading after it showed ${charge.before - shown} charged, the estimate said ${charge.price}`,
        ),
      });
    // Charged in full (or, without a known price, charged at all): what credits_remaining is weighed against.
    const charged = charge.before - shown;
    if (charge.price !== undefined ? charged >= charge.price : charged > 0) out.push(...settle(charge, shown));
    return out;
  };
  return {
    observe({ op, exchange, expect }: Observed): Found[] {
      if (!ownsBalance || expect === 'missing-key' || expect === 'wrong-key') return [];
      if (op === estimateGeneration && served(exchange)) {
        const estimated = numberIn(exchange, 'estimated');
        // An estimate of 0 or less prices nothing.
        if (estimated !== undefined && estimated > 0 && prices.size < 10_000) prices.set(bodyKey(exchange), estimated);
        const value = numberIn(exchange, 'balance');
        return value === undefined ? [] : reading(value);
      }
      if (op !== generateMedia || exchange.status === 0) return [];
      const price = prices.get(bodyKey(exchange));
      const out: Found[] = [];
      // Above the balance: refused (ours), with 402 (ours).
      if (price !== undefined && balance !== undefined && price > balance) {
        out.push({
          operationId: generateMedia.operationId,
          assertion: assertThat('above_balance_refused', !served(exchange), `a generation costing ${price} with a balance of ${balance} was served`),
        });
        if (!served(exchange))
          out.push({
            operationId: generateMedia.operationId,
            assertion: assertThat('above_balance_402', exchange.status === 402, `answered ${said(exchange)}, not 402`),
          });
      }
      if (!served(exchange)) return out;
      if (pending) pending.overlapped = true;
      if (balance === undefined) return out;
      const remaining = numberIn(exchange, 'credits_remaining');
      pending = {
        before: balance,
        after: [],
        overlapped: pending !== undefined,
        label: exchange.request.label,
        ...(price !== undefined ? { price } : {}),
        ...(remaining !== undefined ? { creditsRemaining: remaining } : {}),
      };
      return out;
    },
    finish(): Found[] {
      const charge = pending;
      if (!charge || !charge.after.some((b) => b !== charge.before)) return [];
      return settle(charge, net(charge, charge.after.at(-1)!));
    },
  };
}

/** Readings after a generation: until the balance fell by its estimate (whenever the charge is taken), or five readings. */
async function readUntilCharged(port: CheckPort, label: string, before: number, estimated: number): Promise<void> {
  for (let i = 0, delay = 100; i < 5; i++, delay *= 2) {
    const after = await port.balance(`balance after ${label}`);
    if ('unknown' in after || before - after.credits >= estimated) return;
    await sleep(delay);
  }
}

/**
 * One generation priced and made, the balance read before and after. Whether it could be. `expect`
 * is what its generate is sent for: a batch above one is no obligation (the plan's maximum is unknown).
 */
async function priceAndGenerate(port: CheckPort, label: string, body: unknown[], expect: 'accept' | 'none'): Promise<boolean> {
  const before = await port.balance(`balance before ${label}`);
  if ('unknown' in before) return false;
  const estimate = (await port.send({ operationId: estimateGeneration.operationId, label: `estimate ${label}`, body }, 'accept')).exchange;
  const estimated = numberIn(estimate, 'estimated');
  if (!served(estimate) || estimated === undefined) return false;
  if (estimated > before.credits) {
    port.note(`credits_arithmetic: the balance (${before.credits}) is below ${label} (${estimated})`);
    return false;
  }
  // One of the generations the check declares (`generations`): drawn from what the planner kept for it.
  const sent = await port.send({ operationId: generateMedia.operationId, label: `generate ${label}`, body }, expect, { planned: true });
  if (sent.refused || !served(sent.exchange)) {
    port.skip(generateMedia.operationId, sent.refused ?? `generate answered ${said(sent.exchange)}`);
    return false;
  }
  await readUntilCharged(port, label, before.credits, estimated);
  return true;
}

/** A generation costing more than the balance, sent to be refused (how, and that it is, are ours). */
async function aboveBalance(port: CheckPort): Promise<void> {
  const portrait = port.fixtures.portraitAssetId;
  const balance = await port.balance('balance before a costly estimate');
  if (!portrait || 'unknown' in balance) return;
  const duration = (Math.floor(balance.credits / 5) + 1) * 5;
  const costly = [{ video_anyone: { media_id: portrait, prompt: 'a very long video', duration } }];
  const estimate = (await port.send({ operationId: estimateGeneration.operationId, label: `estimate a ${duration} s video`, body: costly }, 'accept')).exchange;
  const estimated = numberIn(estimate, 'estimated');
  if (!served(estimate) || estimated === undefined || !(estimated > balance.credits)) return;
  const over = await port.send(
    { operationId: generateMedia.operationId, label: `generate above the balance (${estimated} > ${balance.credits})`, body: costly },
    'none',
  );
  if (over.refused) port.note(`credits_arithmetic: a generation above the balance was not sent: ${over.refused}`);
}

/** The requests: generations of one item, of two items, and of one item in a batch of two, each priced first; then one above the balance. */
async function sequence(port: CheckPort): Promise<void> {
  const item = baseItem(port.fixtures);
  const bodies: [string, unknown[], 'accept' | 'none'][] = [
    ['a one-item generation', [item], 'accept'],
    ['a two-item generation', [item, { ...item, steps: 30 }], 'accept'],
    // Whether the caller's plan allows a batch of two is not known: its refusal is no failure.
    ['a batch of two', [{ ...item, batch_size: 2 }], 'none'],
  ];
  let made = 0;
  for (const [label, body, expect] of bodies) if (await priceAndGenerate(port, label, body, expect)) made++;
  if (made === 0) {
    port.skipAll('no generation could be priced and made (see the notes)');
    return;
  }
  await aboveBalance(port);
}

export default defineCheck({
  id: 'credits_arithmetic',
  description:
    'Generating spends what the estimate said, whenever the charge is taken; a served generation consumes credits, and the estimate returns the balance that shows it. Estimates, reads and refused generates spend nothing, credits_remaining is the balance once charged, the charge shows by the next reading, and a cost above the balance is refused (assumptions).',
  severity: 'error',
  category: 'stateful',
  rules: [
    'estimate_is_the_charge',
    'generation_consumes_credits',
    'estimate_returns_the_balance',
    'estimate_is_free',
    'reads_are_free',
    'failed_generate_is_free',
    'charge_taken_by_next_reading',
    'credits_remaining_is_the_balance',
    'above_balance_refused',
    'above_balance_402',
  ],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  generations: [1, 2, 2],
  history: judgeHistory,
  measured: judgeMeasured,
  sequence,
});
