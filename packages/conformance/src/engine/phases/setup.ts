// The setup phase: the catalogue (names requests may use), the planner (the stateful checks' credits,
// priced before anything spends), then on a stateful target in full mode the fixtures the rest uses
// (image assets with real PNG bytes, a character, a two-item generation), or, read-only, what the
// account already has.
import { catalogueOperation, operationList } from '@mediagen/schema';
import { baseItem } from '../../checks/cases.js';
import { isSuccess } from '../../checks/response.js';
import type { PhaseContext } from '../context.js';
import { emptyFixtures } from '../fixtures.js';
import { greyPng } from '../png.js';
import { isObject } from '../policy.js';

async function discoverCatalogue(run: PhaseContext): Promise<void> {
  const fixtures = run.fixtures;
  const read = async (operationId: string) => {
    if (!run.ops.some((o) => o.operationId === operationId) && run.ops.length < operationList.length) {
      return (await run.raw({ operationId, label: 'catalogue', query: { page_size: 50 } })).json;
    }
    return (await run.exercise({ operationId, label: 'catalogue listing (page_size 50)', query: { page: 1, page_size: 50 } }, 'setup', 'accept')).exchange.json;
  };
  const items = (json: unknown): Record<string, unknown>[] => (isObject(json) && Array.isArray(json.data) ? json.data.filter(isObject) : []);
  const named = (list: Record<string, unknown>[]) =>
    list
      .filter((i) => typeof i.name === 'string' && typeof i.base_model === 'string')
      .map((i) => ({ name: i.name as string, base_model: i.base_model as string }));
  const [models, styles, controlnets, loras, voices] = await Promise.all(
    (['models', 'styles', 'controlnets', 'loras', 'voices'] as const).map((name) => read(catalogueOperation(name).operationId)),
  );
  fixtures.catalogue = {
    models: named(items(models)),
    styles: named(items(styles)),
    loras: named(items(loras)),
    controlnets: named(items(controlnets)),
    voices: items(voices)
      .filter((v) => typeof v.name === 'string')
      .map((v) => ({ name: v.name as string })),
  };
}

/** Uploads an image asset of this size (slot, then the bytes); its id or undefined. */
export async function uploadImage(run: PhaseContext, width: number, height: number, type: 'image' | 'video' | 'audio' = 'image'): Promise<string | undefined> {
  const { exchange } = await run.exercise(
    { operationId: 'uploadAssetV2', label: `fixture ${type} asset ${width}×${height}`, query: { type }, body: { size: { height, width } } },
    'setup',
    'accept',
  );
  const data = isObject(exchange.json) ? exchange.json.data : undefined;
  if (!isSuccess(exchange.status) || !isObject(data) || typeof data.id !== 'string') return undefined;
  if (typeof data.upload_url === 'string') {
    const bytes = type === 'image' ? greyPng(width, height) : new Uint8Array(256).fill(7);
    const contentType = type === 'image' ? 'image/png' : type === 'video' ? 'video/webm' : 'audio/mpeg';
    try {
      await fetch(data.upload_url, {
        method: 'PUT',
        headers: { 'content-type': contentType },
        body: bytes as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      run.note(`could not send the bytes of fixture asset ${data.id} to its upload URL`);
    }
  }
  if (type === 'image') run.fixtures.inputs[data.id] = { width, height };
  return data.id;
}

/**
 * The planner: before anything spends, prices the generations the stateful checks need (with the
 * free estimate) and sets their credits aside. A budget below that skips them, said up front.
 */
export async function planBudget(run: PhaseContext): Promise<void> {
  if (!run.budget.capped || !run.writes || !run.target.stateful) return;
  const wanted = (check: string) => run.selects(check);
  const has = (id: string) => run.ops.some((o) => o.operationId === id);
  // Items per generation: the fixture (2, read back, watched to the end, filtered on), one per
  // deleting example, two for use_after_free (a deleted item and its sibling), one for credits_arithmetic.
  // use_after_free deletes a media item and a generation itself: with it, those two examples need none.
  const sizes: number[] = [2];
  for (const id of ['deleteImage', 'deleteMedia', 'deleteGeneration']) {
    if (!has(id) || !wanted('positive_data_acceptance') || (id !== 'deleteImage' && examplesCoveredBySequence(run))) continue;
    sizes.push(id === 'deleteMedia' ? 2 : 1);
  }
  if (wanted('use_after_free')) sizes.push(2);
  if (wanted('credits_arithmetic')) sizes.push(1);
  const item = baseItem(run.fixtures);
  const price = new Map<number, number>();
  for (const size of new Set(sizes)) {
    const body = Array.from({ length: size }, () => ({ ...item }));
    const { exchange } = await run.exercise({ operationId: 'estimateGeneration', label: `plan: price a ${size}-item generation`, body }, 'setup', 'accept');
    const data = isObject(exchange.json) ? exchange.json.data : undefined;
    const credits = isObject(data) ? Number(data.estimated) : Number.NaN;
    if (!isSuccess(exchange.status) || !Number.isFinite(credits) || credits < 0) {
      run.statefulBlocked = `the planner could not price a generation (estimate answered ${exchange.status})`;
      run.note(run.statefulBlocked);
      return;
    }
    price.set(size, credits);
  }
  const needed = sizes.reduce((sum, size) => sum + price.get(size)!, 0);
  if (!run.budget.plan(needed)) {
    run.statefulBlocked = `the stateful checks need at least ${needed} credits; --max-credits ${run.budget.max} is below that`;
    run.note(run.statefulBlocked);
  } else run.note(`budget plan: ${needed} of --max-credits ${run.budget.max} kept for the stateful checks' ${sizes.length} generations`);
}

export async function runSetup(run: PhaseContext): Promise<void> {
  Object.assign(run.fixtures, emptyFixtures(run.target.realIds));
  await discoverCatalogue(run);
  await planBudget(run);
  // Prism (and servers declared stateless on loopback) take the documented example ids.
  if (!run.target.realIds) return;
  const fixtures = run.fixtures;
  if (run.writes && run.target.stateful) {
    fixtures.imageAssetId = await uploadImage(run, 512, 512);
    fixtures.portraitAssetId = await uploadImage(run, 768, 1280);
    if (fixtures.portraitAssetId) fixtures.inputs[fixtures.portraitAssetId] = { width: 768, height: 1280 };
    if (!run.target.live) {
      fixtures.videoAssetId = await uploadImage(run, 1280, 720, 'video');
      if (fixtures.videoAssetId) fixtures.inputs[fixtures.videoAssetId] = { width: 1280, height: 720, frames: 150, duration: 5 };
      fixtures.audioAssetId = await uploadImage(run, 1, 1, 'audio');
      if (fixtures.imageAssetId) {
        const { exchange } = await run.exercise(
          {
            operationId: 'createCharacter',
            label: 'fixture character',
            body: { asset_id: fixtures.imageAssetId, character_type: 'realistic', name: `conformance_${run.runTag}_fixture`, prompt: 'a person, 30 years old' },
          },
          'setup',
          'accept',
        );
        const data = isObject(exchange.json) ? exchange.json.data : undefined;
        if (isObject(data) && typeof data.id === 'string') fixtures.characterId = data.id;
      }
    }
    const made = await run.makeGeneration('fixture generation (2 items)', 'setup');
    if ('generationId' in made) {
      fixtures.generationId = made.generationId;
      fixtures.mediaIds = made.mediaIds;
    } else run.note(`no fixture generation: ${made.refused}`);
    return;
  }
  // Read-only: read what the account already has.
  const first = async (operationId: string) => {
    const ex = await run.exercise({ operationId, label: 'find an existing resource', query: { page: 1, page_size: 1 } }, 'setup', 'accept');
    return isObject(ex.exchange.json) && Array.isArray(ex.exchange.json.data) ? ex.exchange.json.data.find(isObject) : undefined;
  };
  const generation = await first('listGenerations');
  if (generation && typeof generation.generation_id === 'string') {
    fixtures.generationId = generation.generation_id;
    const media = generation.media ?? generation.images;
    fixtures.mediaIds = (Array.isArray(media) ? media : []).filter(isObject).map((m) => String(m.id));
  }
  const asset = await first('listAssetsV2');
  if (asset && typeof asset.id === 'string') fixtures.imageAssetId = asset.id;
}

/** Whether use_after_free's own deletes stand for the deleteMedia and deleteGeneration examples. */
export function examplesCoveredBySequence(run: PhaseContext): boolean {
  return run.selects('use_after_free') && run.target.stateful && run.writes;
}
