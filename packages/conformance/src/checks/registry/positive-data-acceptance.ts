import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { errorObject, isSuccess } from '../response.js';

export default defineCheck({
  id: 'positive_data_acceptance',
  description: 'Requests the contract allows (examples, boundary values, generated ones) are accepted.',
  severity: 'error',
  category: 'data',
  appliesTo: all,
  judge: ({ op, exchange, expect }) => {
    const status = exchange.status;
    if (expect !== 'accept' || status === 0) return undefined;
    if (isSuccess(status)) return { ok: true };
    // Not enough credits says nothing about the request's validity.
    if (status === 402 && (op.spendsCredits || op.operationId === 'estimateGeneration')) return undefined;
    const err = errorObject(exchange.json);
    return { ok: false, message: `valid request rejected with status ${status}${err ? ` (${err.code}: ${err.message})` : ''}` };
  },
});
