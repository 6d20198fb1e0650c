import { authCheck } from './auth.js';

export default authCheck('auth_required', 'missing-key');
