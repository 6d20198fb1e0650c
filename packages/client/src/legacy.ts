// Legacy tolerance. A response in an older shape (`images`, `size`, `image_size`) is recognised by
// the renamed fields' old names (a small generated table), and only then are the schema package's
// ledger transforms loaded (a dynamic import, so bundlers put them in a chunk of their own) to
// fingerprint the version and upgrade the body to the newest shape.
import { LEGACY_MARKERS, type LegacyMarker, NEWEST_VERSION } from './generated/legacy.js';
import type { OperationId } from './generated/operations.js';
import type { ResponseUpgrader, UpgradeOutcome } from './types.js';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** True when `field` is an own key of some object at `path` (`'*'` = every array item). */
function presentAt(value: unknown, path: readonly string[], depth: number, field: string): boolean {
  if (depth === path.length) return isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, field);
  const segment = path[depth]!;
  if (segment === '*') return Array.isArray(value) && value.some((item) => presentAt(item, path, depth + 1, field));
  return isPlainObject(value) && presentAt(value[segment], path, depth + 1, field);
}

/** Whether a response body shows a field name of an older API version (cheap; no transforms loaded). */
export function looksLegacy(operationId: string, status: number, body: unknown): boolean {
  const markers: readonly LegacyMarker[] | undefined = LEGACY_MARKERS[operationId]?.[String(status)];
  if (!markers) return false;
  for (const [path, field] of markers) if (presentAt(body, path, 0, field)) return true;
  return false;
}

/**
 * The default upgrader: the ledger's fingerprint and transforms from `@mediagen/schema/transforms`,
 * loaded the first time a legacy body is seen.
 */
export const ledgerUpgrader: ResponseUpgrader = {
  mayApply: looksLegacy,
  async upgrade(operationId: OperationId, status: number, body: unknown): Promise<UpgradeOutcome | undefined> {
    const transforms = await import('@mediagen/schema/transforms');
    const version = transforms.fingerprint(operationId, status, body);
    if (version === undefined || version === NEWEST_VERSION) return undefined;
    const upgraded = transforms.upgradeResponseBody(operationId, status, body, version);
    return upgraded.changed ? { body: upgraded.body, version } : undefined;
  },
};
