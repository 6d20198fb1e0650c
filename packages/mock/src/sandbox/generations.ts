// Generations and their media coming and going: generate makes the media (`initiated`, with their
// shapes from lifecycle.ts and an outcome drawn from the seed) and spends the credits; deleting a
// generation or one media item removes the records and drops their files. New records count
// against the `records` budget.
import type { GenerationItem } from '@mediagen/schema';
import type { Catalogue } from './catalogue.js';
import type { MediaFiles } from './files.js';
import { mediaShapes } from './lifecycle.js';
import type { ResolvedOptions } from './options.js';
import { type NewId, stream } from './rng.js';
import { BudgetError, type GenerationRecord, type MediaRecord, type SandboxStore } from './store.js';

/** What the records budget allows: throws BudgetError naming how to free room. */
export function roomFor(store: SandboxStore, options: ResolvedOptions, adding: number): void {
  if (store.records + adding <= options.budgets.records) return;
  throw new BudgetError(
    `the sandbox holds ${store.records} records and may hold ${options.budgets.records} (--max-records); delete generations or archive assets first`,
  );
}

export class GenerationDesk {
  private readonly outcomes: () => number;

  constructor(
    private readonly store: SandboxStore,
    private readonly options: ResolvedOptions,
    private readonly catalogue: Catalogue,
    private readonly files: MediaFiles,
    private readonly newId: NewId,
  ) {
    this.outcomes = stream(options.seed, 'outcomes');
  }

  /** Creates the generation and its media (`initiated`) and spends `cost`; the caller has checked the balance. */
  generate(items: readonly GenerationItem[], cost: number): { generation: GenerationRecord; media: MediaRecord[] } {
    const { store, options } = this;
    const facts = {
      catalogue: this.catalogue,
      inputSize: (id: string | undefined) => (id === undefined ? undefined : (store.media.get(id)?.dim ?? store.assets.get(id)?.size)),
      audioDuration: (id: string | undefined) => (id === undefined ? undefined : store.assets.get(id)?.duration),
    };
    const shapes = items.flatMap((item) => mediaShapes(item, facts));
    roomFor(store, options, shapes.length + 1);
    const createdMs = options.now();
    const generation: GenerationRecord = { id: this.newId('gen_', store.generations), createdMs, mediaIds: [], cost };
    const made = new Map<string, MediaRecord>();
    for (const shape of shapes) {
      let id: string;
      do id = this.newId('media_', store.media);
      while (made.has(id));
      made.set(id, {
        id,
        generationId: generation.id,
        createdMs,
        pendingAtMs: createdMs + options.pendingMs,
        doneAtMs: createdMs + options.completeMs,
        // Always drawn, so the failure rate does not change which later draws go where.
        outcome: this.outcomes() < options.failureRate ? 'failed' : 'success',
        ...shape,
      });
      generation.mediaIds.push(id);
    }
    const media = [...made.values()];
    store.addGeneration(generation, media);
    store.credits -= cost;
    return { generation, media };
  }

  /** Deletes a generation, its media and their files. */
  remove(id: string): void {
    for (const mediaId of this.store.removeGeneration(id)) this.files.forget(mediaId);
  }

  /** Deletes one media item and its file. */
  removeMedia(id: string): void {
    this.store.removeMedia(id);
    this.files.forget(id);
  }
}
