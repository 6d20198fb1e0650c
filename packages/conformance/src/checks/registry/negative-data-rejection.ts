import { hasConstrainedInput } from '../applies.js';
import { defineCheck } from '../define.js';
import { errorObject, isSuccess } from '../response.js';

export default defineCheck({
  id: 'negative_data_rejection',
  description: 'Requests that break a documented rule of the contract are rejected with an enveloped 4xx error.',
  severity: 'error',
  category: 'data',
  appliesTo: hasConstrainedInput,
  judge: ({ exchange, expect }) => {
    const status = exchange.status;
    if (expect !== 'reject' || status === 0) return undefined;
    const err = errorObject(exchange.json);
    const said = err ? ` (${err.code}: ${err.message})` : '';
    if (isSuccess(status)) return { ok: false, message: `invalid request accepted with status ${status}` };
    // Any client error but the ones that say nothing about validity (key, credits, rate).
    if (status < 400 || status >= 500 || status === 401 || status === 402 || status === 429) {
      return { ok: false, message: `invalid request answered ${status}${said}, expected a 4xx validation error` };
    }
    if (!err) return { ok: false, message: `invalid request rejected with ${status} but without err = { code, message }` };
    return { ok: true };
  },
});
