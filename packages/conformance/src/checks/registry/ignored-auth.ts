import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { judgeAuth } from './auth.js';

export default defineCheck({
  id: 'ignored_auth',
  description: 'A request with a wrong X-API-KEY is rejected with 401 and an error envelope.',
  severity: 'critical',
  category: 'auth',
  appliesTo: all,
  judge: (input) => judgeAuth(input, 'wrong-key'),
});
