import { assertThat } from '../../model/verdict.js';
import { defineCheck } from '../define.js';

export default defineCheck({
  id: 'not_a_server_error',
  description: 'A request the contract allows is never answered with a 5xx.',
  severity: 'error',
  category: 'response',
  rules: ['valid_request_served'],
  appliesTo: () => true,
  // Only requests sent to be served: a valid one (its reliance, if any, is what a 5xx refutes), or a
  // tolerance probe (a request the contract allows with a warning: its assumption).
  judge: ({ exchange, expect, relies }) => {
    if (exchange.status === 0 || (expect !== 'accept' && expect !== 'probe')) return undefined;
    if (expect === 'probe' && !relies) return undefined;
    const rule = relies?.rule ?? 'valid_request_served';
    return [assertThat(rule, exchange.status < 500, `a request the contract allows answered ${exchange.status}`)];
  },
});
