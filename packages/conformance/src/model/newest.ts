// An answer in the newest shape, from whichever dated version it speaks: the ledger's transforms bring
// an older server's names (`images`, `image_size`) to the newest ones, so nothing downstream reads a
// legacy name by hand. The fingerprint decides the version; an answer the newest version already
// matches, or one no version explains, is left as it came.
import { fingerprintResponse, latestDate, type OperationSpec, transformPlan, upgradeResponse } from '@mediagen/schema';
import { type Exchange, isSuccess } from './exchange.js';

export function inNewestShape(op: Pick<OperationSpec, 'operationId'>, exchange: Exchange): Exchange {
  if (exchange.json === undefined || !isSuccess(exchange.status)) return exchange;
  const spoken = fingerprintResponse(transformPlan, op.operationId, exchange.status, exchange.json);
  if (spoken === undefined || spoken === latestDate) return exchange;
  return { ...exchange, json: upgradeResponse(transformPlan, op.operationId, exchange.status, exchange.json, spoken).body };
}
