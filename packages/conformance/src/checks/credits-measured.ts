// The judgement of what a live run's spend guard measured (model/credit-facts.ts): the one place the
// credit rules its readings bear on are judged. The guard reads the balance around what may spend and
// decides only whether to spend on; here each fact becomes the assertions it supports.
import { operations } from '@mediagen/schema';
import type { ChargeFact, CreditFact, UnannouncedFact } from '../model/credit-facts.js';
import { assertThat } from '../model/verdict.js';
import type { Found } from './define.js';

const { estimateGeneration, generateMedia } = operations;
const ESTIMATE = estimateGeneration.operationId;
const GENERATE = generateMedia.operationId;

const on = (operationId: typeof ESTIMATE | typeof GENERATE, rule: string, ok: boolean, message: string): Found => ({
  operationId,
  assertion: assertThat(rule, ok, message),
});

/** Where the balance went, in words (and what of it the estimates in between cost). */
const went = (fact: ChargeFact) =>
  `the balance went from ${fact.from} to ${fact.to}${fact.overhead ? ` (${fact.overhead} of it the estimates in between cost)` : ''}`;

/**
 * A served generation the balance did not show at all: when its own answer showed a charge
 * (credits_remaining below the balance before it), the estimate's balance is not the current one; when
 * nothing showed a charge, the generation consumed nothing.
 */
function notShown(fact: ChargeFact): Found[] {
  const { creditsRemaining: remaining, from } = fact;
  if (remaining !== undefined && remaining < from)
    return [
      on(
        ESTIMATE,
        'estimate_returns_the_balance',
        false,
        `${fact.where}: its answer said ${remaining} credits remain (${from - remaining} charged), but ${went(fact)}: the estimate does not return the current balance`,
      ),
    ];
  return [on(GENERATE, 'generation_consumes_credits', false, `${fact.where}: ${went(fact)} — the generation consumed no credits`)];
}

function charge(fact: ChargeFact): Found[] {
  const charged = fact.from - fact.to - (fact.overhead ?? 0);
  if (fact.outcome === 'refused')
    return [on(GENERATE, 'failed_generate_is_free', charged <= 0, `${fact.where}: refused with an error, ${went(fact)} (${charged} credits kept)`)];
  // Unanswered, or sent without a price (no cap: the reading after it is its own credits_remaining): nothing to weigh.
  if (fact.outcome !== 'served' || fact.priced === 'none') return [];
  if (charged <= 0) return notShown(fact);
  const out = [
    on(GENERATE, 'generation_consumes_credits', true, `${fact.where}: ${charged} credits charged`),
    on(ESTIMATE, 'estimate_returns_the_balance', true, `${fact.where}: ${went(fact)}`),
  ];
  // Priced by guess (the estimate refused the body): there is no estimate to weigh the charge against.
  if (fact.priced === 'estimate' && fact.claimed !== undefined) {
    const message = `${fact.where}: ${went(fact)} (${charged} charged), the estimate said ${fact.claimed}`;
    for (const operationId of [ESTIMATE, GENERATE] as const) out.push(on(operationId, 'estimate_is_the_charge', charged === fact.claimed, message));
  }
  return out;
}

function unannounced(fact: UnannouncedFact): Found[] {
  const fell = `${fact.where}: the balance fell by ${fact.drop} credits (from ${fact.from} to ${fact.to}) where nothing was to be charged`;
  const sent = fact.sent.length ? ` (sent since the reading before: ${fact.sent.join(', ')})` : ' (only estimates were sent since the reading before)';
  if (fact.suspects === 'estimates') return [on(ESTIMATE, 'estimate_is_free', false, `${fell}${sent}`)];
  if (fact.suspects === 'reads') return [on(ESTIMATE, 'reads_are_free', false, `${fell}${sent}`)];
  return [];
}

/** The assertions one measured fact supports. */
export function judgeMeasured(fact: CreditFact): Found[] {
  switch (fact.kind) {
    case 'charge':
      return charge(fact);
    case 'unannounced':
      return unannounced(fact);
    case 'free':
      return [on(ESTIMATE, fact.operationId === ESTIMATE ? 'estimate_is_free' : 'reads_are_free', true, `${fact.where}: ${fact.operationId} cost nothing`)];
  }
}
