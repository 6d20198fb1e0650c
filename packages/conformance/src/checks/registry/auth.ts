// The two auth checks judge the same way: a request without the right key is not served (the
// interface: the key is required), and is refused with 401 (ours: the status is not shown).
import { assertThat } from '../../model/verdict.js';
import { defineCheck, type Judged } from '../define.js';
import { said, served } from '../response.js';

export const AUTH_RULES = {
  'missing-key': { refused: 'missing_key_not_served', status: 'missing_key_401', how: 'without X-API-KEY' },
  'wrong-key': { refused: 'wrong_key_not_served', status: 'wrong_key_401', how: 'with a wrong X-API-KEY' },
} as const;

export function judgeAuth({ exchange, expect }: Judged, wanted: keyof typeof AUTH_RULES) {
  if (expect !== wanted || exchange.status === 0) return undefined;
  const rules = AUTH_RULES[wanted];
  return [
    assertThat(rules.refused, !served(exchange), `${rules.how}: served (${said(exchange)})`),
    assertThat(rules.status, exchange.status === 401, `${rules.how}: answered ${said(exchange)}, not 401`),
  ];
}

/** One of the two auth checks: a request sent `wanted` is not served, and is refused with 401. */
export function authCheck<const Id extends string>(id: Id, wanted: keyof typeof AUTH_RULES) {
  const rules = AUTH_RULES[wanted];
  return defineCheck({
    id,
    description: `A request ${rules.how} is not served (refused with 401: an assumption).`,
    severity: 'critical',
    category: 'auth',
    rules: [rules.refused, rules.status],
    appliesTo: () => true,
    judge: (input) => judgeAuth(input, wanted),
  });
}
