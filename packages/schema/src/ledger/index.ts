// The ledger engine: the dated changes, the documents as of every version, the compiled transform
// plan and the runtime transforms that apply it (re-exported from the runtime entry, which is what a
// client ships), and the generated changelog.

export { describeInstruction, renderChangelog } from './changelog.js';
export * from './changes.js';
export { documentAt, documentsByVersion, type OpenApiDocument, validateLedger } from './document.js';
export * from './instructions.js';
export { compilePlan } from './plan.js';
export { renderPlanModule } from './plan-module.js';
export * from './runtime.js';
export { resolveVersion, versionKeys } from './versions.js';
