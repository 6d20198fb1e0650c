import { operationList, successStatusRule } from '@mediagen/schema';
import { defineCheck } from '../define.js';
import { checkStatusCode } from '../response.js';

export default defineCheck({
  id: 'status_code_conformance',
  description: 'An answer comes at the service\u2019s origin; a success carries the documented status, a failure an error status.',
  severity: 'error',
  category: 'response',
  rules: ['answers_requests', 'answers_at_its_origin', 'failure_status_error', ...operationList.map((op) => successStatusRule(op.operationId))],
  appliesTo: () => true,
  judge: ({ op, exchange }) => checkStatusCode(op, exchange),
});
