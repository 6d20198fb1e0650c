import { payloadBesideError, said, saysNothingOfValidity, served } from '../../model/answer.js';
import { assertThat, through } from '../../model/verdict.js';
import { defineCheck } from '../define.js';

export default defineCheck({
  id: 'positive_data_acceptance',
  description:
    'Requests the contract allows (examples, boundary values, generated ones) are served; where their validity rests on an assumption, a verdict on it.',
  severity: 'error',
  category: 'data',
  judgedRules: 'the assumption a valid request relies on, if any (a verdict)',
  rules: ['valid_request_served', 'ignored_fields_not_validated', 'served_err_empty'],
  appliesTo: () => true,
  judge: ({ exchange, expect, relies }) => {
    if (expect !== 'accept' || exchange.status === 0) return undefined;
    // The caller, its credits or pace, or the state of what it names: nothing about the request's validity.
    if (saysNothingOfValidity(exchange)) return undefined;
    const assertion = assertThat(relies?.rule ?? 'valid_request_served', served(exchange), `valid request not served: ${said(exchange)}`);
    // A payload beside a filled err is a refusal only if a served request's err is empty: the archive example fills it.
    return [payloadBesideError(exchange) ? through(assertion, 'served_err_empty') : assertion];
  },
});
