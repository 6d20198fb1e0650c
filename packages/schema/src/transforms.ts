// `@mediagen/schema/transforms`: what a client or server needs to speak an older API date — the
// compiled transform plan and the functions that apply it — without zod or any document.
import { transformPlan } from './ledger/plan.generated.js';
import type { VersionKey } from './ledger/runtime.js';
import { downgradeRequest, downgradeResponse, fingerprintResponse, type RequestParts, upgradeRequest, upgradeResponse } from './ledger/runtime.js';

export * from './ledger/runtime.js';
export { transformPlan };

/** Newest dates of the ledger, from the plan (no ledger text shipped). */
export const planVersions = (): VersionKey[] => ['baseline', ...transformPlan.changes.map((c) => c.date)];

/** A response body of version `from` in the newest shape. */
export const upgradeResponseBody = (operationId: string, status: number | string, body: unknown, from: VersionKey) =>
  upgradeResponse(transformPlan, operationId, status, body, from);
/** A newest-shape response body as version `to` answers it. */
export const downgradeResponseBody = (operationId: string, status: number | string, body: unknown, to: VersionKey) =>
  downgradeResponse(transformPlan, operationId, status, body, to);
/** A newest-shape request as version `to` expects it; throws VersionIncompatibleError when it cannot be said. */
export const downgradeRequestParts = (operationId: string, parts: RequestParts, to: VersionKey) => downgradeRequest(transformPlan, operationId, parts, to);
/** A request of version `from` in the newest shape. */
export const upgradeRequestParts = (operationId: string, parts: RequestParts, from: VersionKey) => upgradeRequest(transformPlan, operationId, parts, from);
/** Which version a response body's shape matches, if anything in it tells. */
export const fingerprint = (operationId: string, status: number | string, body: unknown) => fingerprintResponse(transformPlan, operationId, status, body);
