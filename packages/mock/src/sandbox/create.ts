// Building the sandbox without a server: the Hono app and its parts, to serve with any runtime's
// fetch handler (`app.fetch`) or to call in-process (in-process.ts). On Node, `startSandbox`
// (server.ts) also listens on a port, behind the edge. Nothing here is Node-specific.
import { type TransformPlan, transformPlan } from '@mediagen/schema';
import type { Deflate } from '@mediagen/schema/util';
import type { Hono } from 'hono';
import { versionAt } from '../core/versions.js';
import { originOfUrl } from '../edge/gate.js';
import type { Versioning } from '../validation/request.js';
import { resolveOptions, type SandboxOptions } from './options.js';
import { createParts, type SandboxParts } from './parts.js';
import { createSandboxApp } from './routes.js';
import type { SandboxStore } from './store.js';

export interface Sandbox {
  app: Hono;
  /** What the sandbox holds: generations, media, assets, characters (maps by id) and `credits`. */
  state: SandboxStore;
  /** Its parts: the store, the desks that create and delete within the budgets, files, checks. */
  parts: SandboxParts;
  /** The version key answered in (`baseline` or a ledger date), or undefined for the newest. */
  readonly version: string | undefined;
  /** Answers in the shapes of another API date from now on (undefined: the newest); what it holds is kept. */
  setVersion(at: string | undefined): void;
}

export interface SandboxPlatform {
  /** zlib compressor for the PNGs; a stored-block encoder is used without one. */
  deflate?: Deflate;
  /** The transform plan for `at`; defaults to the schema package's. */
  plan?: TransformPlan;
  /** Where links point, read on each request (`startSandbox` passes its listening address). Default: `publicUrl`. */
  origin?: () => string;
}

/** Builds a sandbox. Throws RangeError for a bad knob, InvalidVersionError for a bad `at`. */
export function createSandbox(options: SandboxOptions = {}, platform: SandboxPlatform = {}): Sandbox {
  const resolved = resolveOptions(options);
  const origin = options.publicUrl === undefined ? 'http://localhost' : originOfUrl(options.publicUrl, 'publicUrl').origin;
  const plan = platform.plan ?? transformPlan;
  const newest = plan.changes.at(-1)?.date;
  let version: string | undefined;
  let versioning: Versioning | undefined;
  const setVersion = (at: string | undefined) => {
    version = at === undefined ? undefined : versionAt(at);
    // The newest version's shapes are the schemas' own: nothing to transform.
    versioning = version === undefined || version === newest ? undefined : { version, plan };
  };
  setVersion(options.at);
  const parts = createParts(resolved, {
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    ...(platform.deflate ? { deflate: platform.deflate } : {}),
    origin: platform.origin ?? (() => origin),
  });
  const app = createSandboxApp(parts, { versioning: () => versioning });
  return {
    app,
    state: parts.store,
    parts,
    get version() {
      return version;
    },
    setVersion,
  };
}
