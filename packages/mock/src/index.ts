// @mediagen/mock: local mocks of the RenderNet (Affogato) media-generation API contract.
// `startMock` runs Prism on the contract's OpenAPI document; `startSandbox` runs a stateful
// in-memory implementation of every operation; `createInProcessSandbox` is that sandbox as a
// `fetch` function (no process, no port), and `@mediagen/mock/msw` its Mock Service Worker handlers.
// The facts other packages must not restate are exported here once: the marker header
// (MOCK_HEADER), the sandbox's key and defaults (SANDBOX_API_KEY, SANDBOX_DEFAULTS) and the edge's
// bounds (EDGE_LIMITS).

export { type DocumentRef, documentFor } from './core/documents.js';
export { DocumentNotFoundError, MockError, type MockErrorCode, PortInUseError, PrismStartError } from './core/errors.js';
export { freePort } from './core/net.js';
export { MOCK_HEADER, type MockKind } from './edge/envelope.js';
export { EDGE_LIMITS, type EdgeLimits } from './edge/limits.js';
export { type RequestLogEntry, requestLine } from './edge/server.js';
export { type MockOptions, type RunningMock, startMock } from './prism/index.js';
export {
  type Catalogue,
  COSTS,
  createInProcessSandbox,
  createSandbox,
  defaultCatalogue,
  IN_PROCESS_URL,
  type InProcessSandbox,
  manualClock,
  SANDBOX_API_KEY,
  SANDBOX_DEFAULTS,
  type Sandbox,
  type SandboxBudgets,
  type SandboxFaults,
  type SandboxOptions,
  type SandboxParts,
  type SandboxPlatform,
  type SandboxStore,
} from './sandbox/index.js';
export { type RunningSandbox, type SandboxServerOptions, startSandbox } from './sandbox/server.js';
