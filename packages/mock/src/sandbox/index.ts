// @mediagen/mock/sandbox: the sandbox without a server, on any runtime: `createSandbox` (the Hono app
// and its parts) and `createInProcessSandbox` (the same as a `fetch` function: no process, no port).
// On Node, `startSandbox` (server.ts) also listens on a port, behind the edge. Nothing here is
// Node-specific.

export { crc32, type Deflate, makePng, pngSize, storedDeflate } from '@mediagen/schema/util';
export { InvalidVersionError, versionAt } from '../core/versions.js';
export { type Catalogue, defaultCatalogue } from './catalogue.js';
export { createSandbox, type Sandbox, type SandboxPlatform } from './create.js';
export { makeMediaFile } from './files.js';
export { createInProcessSandbox, IN_PROCESS_URL, type InProcessSandbox } from './in-process.js';
export { manualClock, resolveOptions, SANDBOX_API_KEY, SANDBOX_DEFAULTS, type SandboxBudgets, type SandboxFaults, type SandboxOptions } from './options.js';
export type { SandboxParts } from './parts.js';
export { COSTS } from './pricing.js';
export { HttpError } from './reply.js';
export { mulberry32 } from './rng.js';
export { createSandboxApp } from './routes.js';
export type { AssetRecord, GenerationRecord, MediaRecord, SandboxStore } from './store.js';
export { makeWebm } from './webm.js';
