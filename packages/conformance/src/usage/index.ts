// `@mediagen/conformance/usage`: usage files — what each consumer of the API was seen to use, from its
// traffic (names of fields only) — read, written, merged, and said as any API version says them.
export { UsageCollector } from './collect.js';
export { fieldPaths, holderOf, ITEMS, OTHER_NAME, pathSegments, pathText } from './fields.js';
export {
  CONSUMER_NAME,
  canonicalOperation,
  consumerName,
  emptyUsage,
  type FieldCounts,
  formatUsage,
  MAX_FIELD_DEPTH,
  MAX_FIELDS_PER_LOCATION,
  MAX_USAGE_BYTES,
  type OperationUsage,
  parseUsage,
  USAGE_FORMAT,
  type UsageFile,
  type VersionSeen,
} from './format.js';
export { type HarUsage, type HarUsageOptions, MAX_ORIGINS, usageOfHar } from './from-har.js';
export { mergeUsage } from './merge.js';
export { type UsageSession, usageSession } from './session.js';
export { MAX_USAGE_FILES, MAX_USAGE_FOLDER_BYTES, readUsageDir, readUsageFile, recordUsage, writeUsageFile } from './store.js';
export {
  compareVersions,
  exchangeVersions,
  type Location,
  newerOf,
  olderOf,
  planAt,
  type SpokenVersion,
  spokenVersion,
  translatePath,
  usageAt,
} from './versions.js';
