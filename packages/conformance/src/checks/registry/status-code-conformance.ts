import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { checkStatusCode } from '../response.js';

export default defineCheck({
  id: 'status_code_conformance',
  description: 'The status code is one the document declares for the operation (any plausible 4xx where the document declares client errors).',
  severity: 'error',
  category: 'response',
  appliesTo: all,
  judge: ({ op, exchange }) => checkStatusCode(op, exchange),
});
