import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { checkNotServerError } from '../response.js';

export default defineCheck({
  id: 'not_a_server_error',
  description: 'A request the contract allows is never answered with a 5xx.',
  severity: 'error',
  category: 'response',
  appliesTo: all,
  // Only requests the contract allows: a valid one, or a sequence's read.
  judge: ({ exchange, expect }) => (expect === 'accept' || expect === 'none' ? checkNotServerError(exchange) : undefined),
});
