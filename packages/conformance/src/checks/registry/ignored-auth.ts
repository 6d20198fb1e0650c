import { authCheck } from './auth.js';

export default authCheck('ignored_auth', 'wrong-key');
