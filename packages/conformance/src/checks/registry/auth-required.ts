import { all } from '../applies.js';
import { defineCheck } from '../define.js';
import { judgeAuth } from './auth.js';

export default defineCheck({
  id: 'auth_required',
  description: 'A request without X-API-KEY is rejected with 401 and an error envelope.',
  severity: 'critical',
  category: 'auth',
  appliesTo: all,
  judge: (input) => judgeAuth(input, 'missing-key'),
});
