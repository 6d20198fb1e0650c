import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { checkEnvelope } from '../response.js';

export default defineCheck({
  id: 'envelope_conformance',
  description: 'Success bodies carry `data`; failures carry `err = { code, message }`.',
  severity: 'error',
  category: 'response',
  appliesTo: all,
  judge: ({ exchange }) => (exchange.status === 0 ? undefined : checkEnvelope(exchange)),
});
