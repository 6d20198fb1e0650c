// The two auth checks judge the same way: a request without the right key is refused with an
// enveloped 401.
import type { Judged, Verdict } from '../define.js';
import { errorObject } from '../response.js';

export function judgeAuth({ exchange, expect }: Judged, wanted: 'missing-key' | 'wrong-key'): Omit<Verdict, 'check'> | undefined {
  if (expect !== wanted || exchange.status === 0) return undefined;
  const how = wanted === 'missing-key' ? 'without X-API-KEY' : 'with a wrong X-API-KEY';
  if (exchange.status !== 401) return { ok: false, message: `${how}: answered ${exchange.status}, expected 401` };
  if (!errorObject(exchange.json)) return { ok: false, message: `${how}: 401 without err = { code, message }` };
  return { ok: true };
}
