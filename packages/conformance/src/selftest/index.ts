// The self-test of the suite: broken targets, the rewriting proxy and the runner.
export { type BrokenTarget, brokenTargets } from './broken-targets.js';
export { type ProxyRequest, type ProxyResponse, type ProxyTools, type Rewrite, type RunningProxy, jsonReply, operationFor, parseJson, startProxy } from './proxy.js';
export { type BrokenTargetResult, type FaithfulResult, type SelftestOptions, type SelftestResult, formatSelftest, runSelftest } from './run.js';
