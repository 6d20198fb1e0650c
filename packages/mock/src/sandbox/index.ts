// The sandbox without a server: build the Hono app and its state, to serve with any runtime's
// fetch handler (`app.fetch`) or to call in-process (`app.request(...)`). On Node, `startSandbox`
// (server.ts) also listens on a port.
import { type TransformPlan, transformPlan } from '@mediagen/schema';
import type { Hono } from 'hono';
import type { Deflate } from '@mediagen/schema/util';
import { type SandboxOptions, resolveOptions } from './options.js';
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

export { type Catalogue, defaultCatalogue } from './catalogue.js';
export { type Deflate, crc32, makePng, pngSize, storedDeflate } from '@mediagen/schema/util';
export { makeWebm } from './files.js';
export { DEFAULT_API_KEY, type SandboxFaults, type SandboxOptions, manualClock, resolveOptions } from './options.js';
export { mulberry32 } from './rng.js';
export { HttpError } from './reply.js';
export { createSandboxApp } from './routes.js';
export { COSTS, type AssetRecord, type GenerationRecord, type MediaRecord, SandboxState } from './state.js';
export { InvalidVersionError, versionAt } from './versioning.js';
