// The resources the contract's examples name, so every documented request runs unchanged against
// a fresh sandbox. They carry no upload token: they can be read and used, never written.
import type { AssetRecord, AssetType, GenerationRecord, MediaRecord, SandboxStore } from './store.js';

const FIXTURE_TIME_MS = 1675732000 * 1000;

export function seedFixtures(store: SandboxStore): void {
  const asset = (id: string, type: AssetType, width: number, height: number, extra: Partial<AssetRecord> = {}) =>
    store.addAsset({ id, type, status: 'active', size: { width, height }, createdMs: FIXTURE_TIME_MS, tags: ['api'], ...extra });
  // ast_01 is 3:5 so the video_anyone example (which names it) passes the aspect-ratio rule.
  asset('ast_01', 'image', 768, 1280);
  asset('ast_123abc', 'image', 512, 512);
  asset('ast_imgxxxxx', 'image', 720, 1280);
  asset('ast_vidxxxxx', 'video', 1920, 1080, { duration: 5, frames: 150 });
  asset('ast_audxxxxx', 'audio', 0, 0, { duration: 5 });
  const generation: GenerationRecord = { id: 'gen_01', createdMs: FIXTURE_TIME_MS, mediaIds: [], cost: 4 };
  const media: MediaRecord[] = [];
  for (const id of ['media_01', 'img_01']) {
    media.push({
      id,
      generationId: 'gen_01',
      type: 'image',
      dim: { width: 512, height: 512 },
      createdMs: FIXTURE_TIME_MS,
      pendingAtMs: Number.NEGATIVE_INFINITY,
      doneAtMs: Number.NEGATIVE_INFINITY,
      outcome: 'success',
      model: 'JuggernautXL',
    });
    generation.mediaIds.push(id);
  }
  store.addGeneration(generation, media);
}
