import { GENERATION_FAILURE_RULES } from '@mediagen/schema';
import { said, saysNothingOfValidity, served } from '../../model/answer.js';
import { dataOf } from '../../model/exchange.js';
import { type Assertion, assertThat, broken, holds } from '../../model/verdict.js';
import { hasConstrainedInput } from '../applies.js';
import { defineCheck } from '../define.js';

export default defineCheck({
  id: 'negative_data_rejection',
  description:
    'A request that breaks a rule of the contract is not served (a generation the sources say fails may be accepted and end failed); refused up front with a 4xx is an assumption.',
  severity: 'error',
  category: 'data',
  judgedRules: 'the rule each invalid request breaks, with its basis (a documented one fails the cell; an assumed one gives a verdict)',
  rules: ['invalid_request_refused_up_front'],
  appliesTo: hasConstrainedInput,
  judge: ({ op, exchange, expect, breach }): Assertion[] | undefined => {
    const status = exchange.status;
    if (expect !== 'reject' || status === 0 || !breach || saysNothingOfValidity(exchange, breach.rule)) return undefined;
    const upFront = assertThat('invalid_request_refused_up_front', status >= 400 && status < 500, `answered ${said(exchange)}, not a 4xx refusal`);
    if (!served(exchange)) return [holds(breach.rule), upFront];
    // A generation the interface says fails may be taken and reported failed: how it ends decides.
    if (GENERATION_FAILURE_RULES.has(breach.rule)) {
      if (!op.spendsCredits) return [upFront];
      const data = dataOf(exchange);
      const generationId = typeof data === 'object' && data !== null ? (data as { generation_id?: unknown }).generation_id : undefined;
      if (typeof generationId === 'string') return [upFront, { rule: breach.rule, ok: true, awaits: { generationId } }];
    }
    return [upFront, broken(breach.rule, `invalid request served: ${said(exchange)}`)];
  },
});
