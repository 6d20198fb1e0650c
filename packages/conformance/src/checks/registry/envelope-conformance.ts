import { defineCheck } from '../define.js';
import { checkEnvelope } from '../response.js';

export default defineCheck({
  id: 'envelope_conformance',
  description: 'Bodies are the data/err envelope: success carries data, a failure holds its error in err.',
  severity: 'error',
  category: 'response',
  rules: ['envelope_is_object', 'success_has_data', 'err_is_object', 'failure_has_err', 'failure_err_code_message'],
  appliesTo: () => true,
  judge: ({ exchange }) => (exchange.status === 0 ? undefined : checkEnvelope(exchange)),
});
