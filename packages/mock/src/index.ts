// @mediagen/mock: local mocks of the RenderNet (Affogato) media-generation API contract.
// `startMock` runs Prism on the contract's OpenAPI document; `startSandbox` runs a stateful
// in-memory implementation of every operation.

export { type DocumentRef, documentFor } from './documents.js';
export { MOCK_HEADER, type MockKind } from './edge/envelope.js';
export { DocumentNotFoundError, MockError, type MockErrorCode, PortInUseError, PrismStartError } from './errors.js';
export { freePort } from './net.js';
export { type MockOptions, type RunningMock, startMock } from './prism/index.js';
export {
  type Catalogue,
  COSTS,
  createSandbox,
  DEFAULT_API_KEY,
  defaultCatalogue,
  manualClock,
  type Sandbox,
  type SandboxFaults,
  type SandboxOptions,
  type SandboxPlatform,
  SandboxState,
} from './sandbox/index.js';
export { type RunningSandbox, type SandboxServerOptions, startSandbox } from './sandbox/server.js';
