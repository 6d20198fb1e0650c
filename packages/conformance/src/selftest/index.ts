// The self-test of the suite: broken targets, the rewriting proxy and the runner.
export { type BrokenTarget, brokenTargets } from './broken-targets.js';
export * as counter from './counter/index.js';
export { formatSelftest } from './format.js';
export {
  jsonReply,
  operationFor,
  type ProxyRequest,
  type ProxyResponse,
  type ProxyTools,
  parseJson,
  type Rewrite,
  type RunningProxy,
  startProxy,
} from './proxy.js';
export { type BrokenTargetResult, type FaithfulResult, runSelftest, type SelftestOptions, type SelftestResult } from './run.js';
export { type FaithfulVariant, faithfulVariants } from './variants.js';
