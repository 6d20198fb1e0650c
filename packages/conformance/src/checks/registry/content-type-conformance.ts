import { defineCheck } from '../define.js';
import { checkContentType } from '../response.js';

export default defineCheck({
  id: 'content_type_conformance',
  description: 'The response carries the documented content type (application/json).',
  severity: 'error',
  category: 'response',
  rules: ['success_is_json', 'failure_is_json'],
  appliesTo: () => true,
  judge: ({ exchange }) => (exchange.status === 0 ? undefined : checkContentType(exchange)),
});
