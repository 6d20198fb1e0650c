import { assertThat } from '../../model/verdict.js';
import { defineCheck } from '../define.js';
import { said, served } from '../response.js';

export default defineCheck({
  id: 'positive_data_acceptance',
  description:
    'Requests the contract allows (examples, boundary values, generated ones) are served; where their validity rests on an assumption, a verdict on it.',
  severity: 'error',
  category: 'data',
  judgedRules: 'the assumption a valid request relies on, if any (a verdict)',
  rules: ['valid_request_served', 'ignored_fields_not_validated'],
  appliesTo: () => true,
  judge: ({ op, exchange, expect, relies }) => {
    const status = exchange.status;
    if (expect !== 'accept' || status === 0) return undefined;
    // Not enough credits says nothing about the request's validity.
    if (status === 402 && (op.spendsCredits || op.generationBody)) return undefined;
    return [assertThat(relies?.rule ?? 'valid_request_served', served(exchange), `valid request not served: ${said(exchange)}`)];
  },
});
