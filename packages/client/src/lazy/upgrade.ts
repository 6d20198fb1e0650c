// The default upgrader's work, loaded (with the schema package's ledger transforms) only when a
// response shows a legacy field name: fingerprint the version, bring the body to the newest shape.
import { fingerprint, upgradeResponseBody } from '@mediagen/schema/transforms';
import type { OperationId } from '../generated/operations.js';
import type { UpgradeOutcome } from '../types.js';

/**
 * `newest` is the newest API version, passed in rather than imported: the generated module that holds
 * it is in the core chunk, and importing it here would split it into a chunk of its own.
 */
export function upgrade(operationId: OperationId, status: number, body: unknown, newest: string): UpgradeOutcome | undefined {
  const version = fingerprint(operationId, status, body);
  if (version === undefined || version === newest) return undefined;
  const upgraded = upgradeResponseBody(operationId, status, body, version);
  return upgraded.changed ? { body: upgraded.body, version } : undefined;
}
