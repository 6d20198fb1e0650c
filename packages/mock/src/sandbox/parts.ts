// The sandbox's parts, handed to its handlers as one narrow door: the store of records (store.ts),
// the desks that bring generations and assets into being and take them away within the budgets
// (generations.ts, assets.ts), the made files (files.ts), the reference checks (references.ts), and
// where links point. Views (views.ts), the lifecycle (lifecycle.ts) and pricing (pricing.ts) are
// functions of these. Nothing here scans every record held: each lookup goes through an index,
// each listing reads one page of an ordered list.
import type { Deflate } from '@mediagen/schema/util';
import { AssetDesk } from './assets.js';
import { type Catalogue, defaultCatalogue } from './catalogue.js';
import { MediaFiles } from './files.js';
import { seedFixtures } from './fixtures.js';
import { GenerationDesk } from './generations.js';
import type { ResolvedOptions } from './options.js';
import { ReferenceChecks } from './references.js';
import { idSource, type NewId } from './rng.js';
import { SandboxStore } from './store.js';

export interface SandboxParts {
  readonly options: ResolvedOptions;
  readonly catalogue: Catalogue;
  readonly store: SandboxStore;
  readonly generations: GenerationDesk;
  readonly assets: AssetDesk;
  readonly files: MediaFiles;
  readonly references: ReferenceChecks;
  readonly newId: NewId;
  /** The origin (`http://host:port`) every upload and media URL starts with. */
  readonly origin: () => string;
}

export interface PartsSetup {
  catalogue?: Partial<Catalogue>;
  /** zlib compressor for the PNGs; a stored-block encoder is used without one. */
  deflate?: Deflate;
  origin: () => string;
}

export function createParts(options: ResolvedOptions, setup: PartsSetup): SandboxParts {
  const catalogue = { ...defaultCatalogue(), ...setup.catalogue };
  const store = new SandboxStore(options.credits);
  const newId = idSource(options.seed);
  const files = new MediaFiles(options.budgets.fileCacheBytes, setup.deflate);
  if (options.fixtures) seedFixtures(store);
  return {
    options,
    catalogue,
    store,
    generations: new GenerationDesk(store, options, catalogue, files, newId),
    assets: new AssetDesk(store, options, newId),
    files,
    references: new ReferenceChecks(store, catalogue, options.now),
    newId,
    origin: setup.origin,
  };
}
