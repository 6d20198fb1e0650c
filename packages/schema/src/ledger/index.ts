// The ledger engine: the dated changes, the documents as of every version, the compiled transform
// plan and the runtime transforms that apply it (re-exported from the runtime entry, which is what a
// client ships), and the generated changelog.

// Which ledger changes touch which call: each change's sites (operation, location, field paths before
// and after), the sites of each component in a dated document, and a field path said at another version.
export { type ChangeKind, type ChangeSite, changeSites } from './change-sites.js';
export { describeInstruction, renderChangelog } from './changelog.js';
export * from './changes.js';
export { type ComponentSite, componentSites, componentsAt, sameLocation, statusCovers } from './component-sites.js';
export { documentAt, documentsByVersion, type OpenApiDocument, validateLedger } from './document.js';
export { compareVersions, ITEMS, type Location, pathSegments, pathText, planAt, translatePath } from './field-paths.js';
export * from './instructions.js';
export { compilePlan } from './plan.js';
export { renderPlanModule } from './plan-module.js';
export * from './runtime.js';
export { resolveVersion, versionKeys } from './versions.js';
