// The sandbox without a server: build the Hono app and its state, to serve with any runtime's
// fetch handler (`app.fetch`) or to call in-process (`app.request(...)`). On Node, `startSandbox`
// (server.ts) also listens on a port.
import { type TransformPlan, transformPlan } from '@mediagen/schema';
import type { Deflate } from '@mediagen/schema/util';
import type { Hono } from 'hono';
import { resolveOptions, type SandboxOptions } from './options.js';
import { createSandboxApp } from './routes.js';
import { SandboxState } from './state.js';
import { versionAt } from './versioning.js';

export interface Sandbox {
  app: Hono;
  state: SandboxState;
  /** The version key answered in (`baseline` or a ledger date), or undefined for the newest. */
  version: string | undefined;
}

export interface SandboxPlatform {
  /** zlib compressor for the PNGs; a stored-block encoder is used without one. */
  deflate?: Deflate;
  /** The transform plan for `at`; defaults to the schema package's. */
  plan?: TransformPlan;
}

/** Builds a sandbox (state and app). Throws RangeError for a bad knob, InvalidVersionError for a bad `at`. */
export function createSandbox(options: SandboxOptions = {}, platform: SandboxPlatform = {}): Sandbox {
  const resolved = resolveOptions(options);
  const version = options.at === undefined ? undefined : versionAt(options.at);
  const versioning = version === undefined ? undefined : { version, plan: platform.plan ?? transformPlan };
  const state = new SandboxState(resolved, options.catalogue, platform.deflate);
  const app = createSandboxApp(state, versioning ? { versioning } : {});
  return { app, state, version };
}

export { crc32, type Deflate, makePng, pngSize, storedDeflate } from '@mediagen/schema/util';
export { type Catalogue, defaultCatalogue } from './catalogue.js';
export { makeWebm } from './files.js';
export { DEFAULT_API_KEY, manualClock, resolveOptions, type SandboxFaults, type SandboxOptions } from './options.js';
export { HttpError } from './reply.js';
export { mulberry32 } from './rng.js';
export { createSandboxApp } from './routes.js';
export { type AssetRecord, COSTS, type GenerationRecord, type MediaRecord, SandboxState } from './state.js';
export { InvalidVersionError, versionAt } from './versioning.js';
