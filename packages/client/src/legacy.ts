// Legacy tolerance. A response in an older shape (`images`, `size`, `image_size`) is recognised by
// the renamed fields' old names (a small generated table), and only then are the schema package's
// ledger transforms loaded (`lazy/upgrade.ts`, through the lazy loader, so bundlers put them in a chunk
// of their own) to fingerprint the version and upgrade the body to the newest shape.
import { isObject } from '@mediagen/schema/util';
import { LEGACY_MARKERS, type LegacyMarker, NEWEST_VERSION } from './generated/legacy.js';
import { loadUpgrade } from './lazy/load.js';
import type { ResponseUpgrader } from './types.js';

/** True when `field` is an own key of some object at `path` (`'*'` = every array item). */
function presentAt(value: unknown, path: readonly string[], depth: number, field: string): boolean {
  if (depth === path.length) return isObject(value) && Object.hasOwn(value, field);
  const segment = path[depth]!;
  if (segment === '*') return Array.isArray(value) && value.some((item) => presentAt(item, path, depth + 1, field));
  return isObject(value) && presentAt(value[segment], path, depth + 1, field);
}

/** Whether a response body shows a field name of an older API version (cheap; no transforms loaded). */
export function looksLegacy(operationId: string, status: number, body: unknown): boolean {
  // A numeric key reads the same property as its string. A loop, not a callback made per response.
  const markers: readonly LegacyMarker[] = LEGACY_MARKERS[operationId]?.[status] ?? [];
  for (const [path, field] of markers) if (presentAt(body, path, 0, field)) return true;
  return false;
}

/**
 * The default upgrader: the ledger's fingerprint and transforms from `@mediagen/schema/transforms`,
 * loaded (with the code that uses them, `upgrade.ts`) the first time a legacy body is seen.
 */
export const ledgerUpgrader: ResponseUpgrader = {
  mayApply: looksLegacy,
  upgrade: (operationId, status, body) => loadUpgrade().then((loaded) => loaded.upgrade(operationId, status, body, NEWEST_VERSION)),
};
