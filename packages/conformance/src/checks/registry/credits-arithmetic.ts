import { operations } from '@mediagen/schema';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { baseItem } from '../../requests/generation-bodies.js';
import { defineCheck, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { said, served } from '../response.js';
import { tally } from './sequence.js';

const { estimateGeneration, generateMedia } = operations;
const OPERATIONS = [estimateGeneration.operationId, generateMedia.operationId] as const;

const numberIn = (exchange: Exchange, field: string): number => {
  const data = dataOf(exchange);
  return typeof data === 'object' && data !== null ? Number((data as Record<string, unknown>)[field]) : Number.NaN;
};

/** One generation's arithmetic: the balance before and after, the estimate, the credits_remaining. */
async function priceAndGenerate(port: CheckPort, t: ReturnType<typeof tally>, label: string, body: unknown[]): Promise<boolean> {
  const before = await port.balance(`balance before ${label}`);
  if ('unknown' in before) return false;
  const estimate = (await port.send({ operationId: estimateGeneration.operationId, label: `estimate ${label}`, body }, 'accept')).exchange;
  const estimated = numberIn(estimate, 'estimated');
  if (!served(estimate) || !Number.isFinite(estimated)) return false;
  if (estimated > before.credits) {
    port.note(`credits_arithmetic: the balance (${before.credits}) is below ${label} (${estimated})`);
    return false;
  }
  const sent = await port.send({ operationId: generateMedia.operationId, label: `generate ${label}`, body }, 'accept');
  if (sent.refused || !served(sent.exchange)) {
    port.skip(generateMedia.operationId, 'credits_arithmetic', sent.refused ?? `generate answered ${said(sent.exchange)}`);
    return false;
  }
  const after = await port.balance(`balance after ${label}`);
  if ('unknown' in after) return false;
  const charged = assertThat(
    'estimate_is_the_charge',
    before.credits - after.credits === estimated,
    `${label}: the balance went from ${before.credits} to ${after.credits}, the estimate said ${estimated}`,
  );
  for (const operationId of OPERATIONS) t.assert(operationId, charged, after.exchange);
  const remaining = numberIn(sent.exchange, 'credits_remaining');
  if (Number.isFinite(remaining)) {
    t.assert(
      generateMedia.operationId,
      assertThat(
        'credits_remaining_is_the_balance',
        remaining === after.credits,
        `${label}: credits_remaining ${remaining}, the balance is then ${after.credits}`,
      ),
      sent.exchange,
    );
  }
  return true;
}

/** A generation costing more than the balance: refused (how, and that it is, are ours). */
async function aboveBalance(port: CheckPort, t: ReturnType<typeof tally>): Promise<void> {
  const portrait = port.fixtures.portraitAssetId;
  const balance = await port.balance('balance before a costly estimate');
  if (!portrait || 'unknown' in balance) return;
  const duration = (Math.floor(balance.credits / 5) + 1) * 5;
  const costly = [{ video_anyone: { media_id: portrait, prompt: 'a very long video', duration } }];
  const estimate = (await port.send({ operationId: estimateGeneration.operationId, label: `estimate a ${duration} s video`, body: costly }, 'accept')).exchange;
  const estimated = numberIn(estimate, 'estimated');
  if (!served(estimate) || !(estimated > balance.credits)) return;
  const over = await port.send(
    { operationId: generateMedia.operationId, label: `generate above the balance (${estimated} > ${balance.credits})`, body: costly },
    'none',
  );
  if (over.refused) {
    port.note(`credits_arithmetic: a generation above the balance was not sent: ${over.refused}`);
    return;
  }
  t.assert(
    generateMedia.operationId,
    assertThat('above_balance_refused', !served(over.exchange), `a generation costing ${estimated} with a balance of ${balance.credits} was served`),
    over.exchange,
  );
  if (!served(over.exchange)) {
    t.assert(
      generateMedia.operationId,
      assertThat('above_balance_402', over.exchange.status === 402, `answered ${said(over.exchange)}, not 402`),
      over.exchange,
    );
  }
}

async function sequence(port: CheckPort): Promise<void> {
  const t = tally(port, 'credits_arithmetic');
  const item = baseItem(port.fixtures);
  // Varied bodies: one item, and two items of which one takes more steps.
  const bodies: [string, unknown[]][] = [
    ['a one-item generation', [item]],
    ['a two-item generation', [item, { ...item, steps: 30 }]],
  ];
  let judged = 0;
  for (const [label, body] of bodies) if (await priceAndGenerate(port, t, label, body)) judged++;
  if (judged === 0) {
    t.skip('no generation could be priced and made (see the notes)');
    return;
  }
  await aboveBalance(port, t);
  t.end(`${judged} generation(s) charged what their estimate said`);
}

export default defineCheck({
  id: 'credits_arithmetic',
  description:
    'Generating spends what the estimate said (the balance falls by it; credits_remaining is the new balance); a cost above the balance is refused (an assumption).',
  severity: 'error',
  category: 'stateful',
  rules: ['estimate_is_the_charge', 'credits_remaining_is_the_balance', 'above_balance_refused', 'above_balance_402'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  generations: [1, 2],
  sequence,
});
