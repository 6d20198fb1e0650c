import { defineCheck } from '../define.js';
import { AUTH_RULES, judgeAuth } from './auth.js';

export default defineCheck({
  id: 'ignored_auth',
  description: 'A request with a wrong X-API-KEY is not served (refused with 401: an assumption).',
  severity: 'critical',
  category: 'auth',
  rules: [AUTH_RULES['wrong-key'].refused, AUTH_RULES['wrong-key'].status],
  appliesTo: () => true,
  judge: (input) => judgeAuth(input, 'wrong-key'),
});
