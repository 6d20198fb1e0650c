import { defineCheck } from '../define.js';
import { AUTH_RULES, judgeAuth } from './auth.js';

export default defineCheck({
  id: 'auth_required',
  description: 'A request without X-API-KEY is not served (refused with 401: an assumption).',
  severity: 'critical',
  category: 'auth',
  rules: [AUTH_RULES['missing-key'].refused, AUTH_RULES['missing-key'].status],
  appliesTo: () => true,
  judge: (input) => judgeAuth(input, 'missing-key'),
});
