// @mediagen/schema: the contract of the RenderNet (Affogato) media-generation API.
// Schemas and types per resource, the operations table, the rules, provenance and the ledger.
export * from './common.js';
export * as liveDocsExamples from './examples/live-docs.js';
export * from './ledger/index.js';
export { transformPlan } from './ledger/plan.generated.js';
// The ledger names operations by plain strings; the contract's own union wins.
export type { OperationId } from './operations.js';
export * from './operations.js';
export * from './provenance.js';
export { assumptions, provenanceRecords } from './provenance-records.js';
export * from './resources/assets.js';
export * from './resources/catalogue.js';
export * from './resources/characters.js';
export * from './resources/generation.js';
export * from './resources/generation-parts.js';
export * from './resources/generation-request.js';
export { matchOperation, type OperationRoute, operationFor, type PathMatch, PathTable, type RouteTemplate } from './routes.js';
export * from './rules/behaviour.js';
export * from './rules/catalog.js';
export * from './rules/check.js';
export { constraintRule, elementAt, elementsAlong, exampleOf, type FieldConstraint, fieldConstraints, weakestAlong } from './rules/fields.js';
export * from './rules/issues.js';
export * from './rules/kinds.js';
export * from './rules/operation-request.js';
export { assumptionsRelied } from './rules/reliance.js';
export { didYouMean, unknownFieldIssues } from './rules/unknown-fields.js';
export * from './util/facts.js';
export { z } from './zod.js';
