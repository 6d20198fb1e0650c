// The setup phase: the catalogue (names requests may use), the planner (the stateful checks' credits,
// priced before anything spends), then on a stateful target in full mode the fixtures the rest uses
// (image assets with real PNG bytes, a video of a known frame rate, a character, under a cap one item
// of the cheapest kind of generation, a two-item generation), or, read-only, what the account already has.
import { type CatalogueName, catalogueOperation, operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { CHECKS } from '../../checks/catalog.js';
import { served } from '../../checks/response.js';
import { dataOf } from '../../model/exchange.js';
import { inNewestShape } from '../../model/newest.js';
import { emptyFixtures } from '../../requests/fixtures.js';
import { baseItem } from '../../requests/generation-bodies.js';
import type { PhaseContext } from '../context.js';
import { leavesResidue } from '../policy.js';
import { deletingExamples } from './deleting.js';
import { firstSpend, kindsByPrice } from './kinds.js';
import { uploadAsset } from './uploads.js';

const { estimateGeneration, createCharacter, listGenerations, listAssetsV2 } = operations;
const CATALOGUES: readonly CatalogueName[] = ['models', 'styles', 'controlnets', 'loras', 'voices'];

async function discoverCatalogue(run: PhaseContext): Promise<void> {
  const read = async (name: CatalogueName) => {
    const op = catalogueOperation(name);
    const c = { operationId: op.operationId, label: 'catalogue listing (page_size 50)', query: { page: 1, page_size: 50 } };
    const exchange = run.ops.includes(op) ? (await run.exercise(c, 'setup', 'accept')).exchange : await run.raw(c);
    // A listing that failed, or that has more than one page, names only some of what exists: no rule is judged with it.
    const json = exchange.json;
    const pagination = isObject(json) && isObject(json.pagination) ? json.pagination : undefined;
    const list = isObject(json) && Array.isArray(json.data) ? json.data : undefined;
    if (served(exchange) && list && (list.length < 50 || (typeof pagination?.total === 'number' && pagination.total <= list.length))) whole.add(name);
    return json;
  };
  const whole = new Set<CatalogueName>();
  const items = (json: unknown) => (isObject(json) && Array.isArray(json.data) ? json.data.filter(isObject) : []);
  const named = (list: Record<string, unknown>[]) =>
    list
      .filter((i) => typeof i.name === 'string' && typeof i.base_model === 'string')
      .map((i) => ({ name: i.name as string, base_model: i.base_model as string }));
  const lists = Object.fromEntries(await Promise.all(CATALOGUES.map(async (name) => [name, items(await read(name))] as const)));
  run.fixtures.catalogue = {
    models: named(lists.models ?? []),
    styles: named(lists.styles ?? []),
    loras: named(lists.loras ?? []),
    controlnets: named(lists.controlnets ?? []),
    voices: (lists.voices ?? []).filter((v) => typeof v.name === 'string').map((v) => ({ name: v.name as string })),
  };
  run.fixtures.wholeListings = [...whole];
}

/**
 * The planner: before anything spends, prices the generations the stateful checks and the deleting
 * examples need (with the free estimate) and sets their credits aside. A cap below that skips them,
 * said up front.
 */
export async function planBudget(run: PhaseContext): Promise<void> {
  if (!run.capped || !run.writes || !run.target.stateful) return;
  // The first spend (one item of the cheapest kind: phases/kinds.ts), the fixture (2 items: read back,
  // watched to the end, filtered on), each selected check's own, and one per deleting example the
  // sequences do not stand for.
  const sizes: number[] = [1, 2, ...CHECKS.filter((c) => run.selects(c.id)).flatMap((c) => c.generations ?? [])];
  if (run.selects('positive_data_acceptance')) sizes.push(...deletingExamples(run).map((e) => e.items));
  const price = new Map<number, number>();
  for (const size of new Set(sizes)) {
    const body = Array.from({ length: size }, () => baseItem(run.fixtures));
    const { exchange, refused } = await run.exercise(
      { operationId: estimateGeneration.operationId, label: `plan: price a ${size}-item generation`, body },
      'setup',
      'accept',
    );
    const data = dataOf(exchange);
    const credits = isObject(data) ? data.estimated : undefined;
    if (!served(exchange) || typeof credits !== 'number' || !Number.isFinite(credits) || credits < 0) {
      // A refusal of the spend guard is passed on whole: the skips it causes carry its cause.
      run.statefulBlocked = `the planner could not price a generation (${refused ?? `estimate answered ${exchange.status}`})`;
      run.note(run.statefulBlocked);
      return;
    }
    price.set(size, credits);
  }
  const needed = sizes.reduce((sum, size) => sum + price.get(size)!, 0);
  if (!run.plan(needed)) {
    run.statefulBlocked = `the stateful checks need at least ${needed} credits; the credit cap is below that`;
    run.note(run.statefulBlocked);
  } else run.note(`budget plan: ${needed} credits kept for the stateful checks' ${sizes.length} generations`);
}

async function createFixtures(run: PhaseContext): Promise<void> {
  const { fixtures } = run;
  fixtures.imageAssetId = await uploadAsset(run, 512, 512);
  fixtures.portraitAssetId = await uploadAsset(run, 768, 1280);
  if (!run.target.live) {
    fixtures.videoAssetId = await uploadAsset(run, 1280, 720, 'video');
    if (fixtures.videoAssetId) fixtures.inputs[fixtures.videoAssetId] = { width: 1280, height: 720, frames: 5, duration: 1 };
    // A video whose real frame rate (60 frames in one second) is above the narrator limit.
    fixtures.fastVideoAssetId = await uploadAsset(run, 48, 80, 'video', 60);
    if (fixtures.fastVideoAssetId) fixtures.inputs[fixtures.fastVideoAssetId] = { width: 48, height: 80, frames: 60, duration: 1 };
    // Videos beyond the narrator's 1920×1080, each by one limit alone.
    fixtures.wideVideoAssetId = await uploadAsset(run, 1921, 1080, 'video');
    if (fixtures.wideVideoAssetId) fixtures.inputs[fixtures.wideVideoAssetId] = { width: 1921, height: 1080, frames: 5, duration: 1 };
    fixtures.tallVideoAssetId = await uploadAsset(run, 1920, 1081, 'video');
    if (fixtures.tallVideoAssetId) fixtures.inputs[fixtures.tallVideoAssetId] = { width: 1920, height: 1081, frames: 5, duration: 1 };
    fixtures.audioAssetId = await uploadAsset(run, 1, 1, 'audio');
  }
  // Characters cannot be deleted: none on a live host.
  if (fixtures.imageAssetId && !(run.target.live && leavesResidue(createCharacter))) {
    const name = `conformance_${fixtures.runTag}_fixture`;
    const body = { asset_id: fixtures.imageAssetId, character_type: 'realistic', name, prompt: 'a person, 30 years old' };
    const { exchange } = await run.exercise({ operationId: createCharacter.operationId, label: 'fixture character', body }, 'setup', 'accept');
    const data = dataOf(exchange);
    if (isObject(data) && typeof data.id === 'string') {
      fixtures.characterId = data.id;
      fixtures.characterName = name;
    }
  }
  // Under a cap, the first spend is the smallest the plan allows: one item of the cheapest kind.
  if (run.capped) {
    run.kinds = await kindsByPrice(run);
    await firstSpend(run, run.kinds);
  }
  const made = await run.makeGeneration('fixture generation (2 items)', 'setup', 2);
  if ('generationId' in made) {
    fixtures.generationId = made.generationId;
    fixtures.mediaIds = made.mediaIds;
  } else run.note(`no fixture generation: ${made.refused}`);
}

/** Read-only: what the account already has. */
async function findExisting(run: PhaseContext): Promise<void> {
  const first = async (operationId: typeof listGenerations.operationId | typeof listAssetsV2.operationId) => {
    const ex = await run.exercise({ operationId, label: 'find an existing resource', query: { page: 1, page_size: 1 } }, 'setup', 'accept');
    const data = dataOf(inNewestShape(operations[operationId], ex.exchange));
    return Array.isArray(data) ? data.find(isObject) : undefined;
  };
  const generation = await first(listGenerations.operationId);
  if (generation && typeof generation.generation_id === 'string') {
    run.fixtures.generationId = generation.generation_id;
    const media = generation.media;
    run.fixtures.mediaIds = (Array.isArray(media) ? media : []).filter(isObject).map((m) => String(m.id));
  }
  const asset = await first(listAssetsV2.operationId);
  if (asset && typeof asset.id === 'string') run.fixtures.imageAssetId = asset.id;
}

export async function runSetup(run: PhaseContext): Promise<void> {
  Object.assign(run.fixtures, emptyFixtures(run.target.realIds, run.fixtures.runTag));
  await discoverCatalogue(run);
  await planBudget(run);
  // Prism (and servers declared stateless on loopback) take the documented example ids.
  if (!run.target.realIds) return;
  if (run.writes && run.target.stateful) await createFixtures(run);
  else await findExisting(run);
}
