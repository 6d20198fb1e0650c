// The stateful checks: sequences of requests whose verdict depends on what earlier requests did.
// They run only on targets that keep state (the sandbox, or a live service in full mode).
import { TERMINAL_MEDIA_STATUSES, normalizeBaseModel, operations } from '@mediagen/schema';
import type { CheckId } from '../checks/catalog.js';
import { isSuccess } from '../checks/response.js';
import { baseItem } from '../checks/cases.js';
import type { Exchange } from './http.js';
import type { Run } from './run.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const dataOf = (exchange: Exchange): unknown => (isObject(exchange.json) ? exchange.json.data : undefined);
/** Media ids of a generation (an older server's `images` too: renamed_fields reports the name). */
const mediaIdsOf = (generation: unknown): string[] => {
  const media = isObject(generation) ? (generation.media ?? generation.images) : undefined;
  return Array.isArray(media) ? media.filter(isObject).map((m) => m.id).filter((id): id is string => typeof id === 'string') : [];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(run: Run, check: CheckId, operations: string[], detail: string): void {
  if (!run.selected.has(check)) return;
  run.emit({ type: 'stateful', check, outcome: detail.startsWith('skipped') ? 'skipped' : detail.startsWith('failed') ? 'failed' : 'passed', detail: `${operations.join(', ')}: ${detail}` });
}

async function ensureResourceAvailability(run: Run): Promise<void> {
  const check: CheckId = 'ensure_resource_availability';
  const { fixtures } = run;
  let failures = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  if (fixtures.generationId) {
    const id = fixtures.generationId;
    const got = await run.exercise({ operationId: 'getGeneration', label: `read back generation ${id}`, params: { generation_id: id } }, 'stateful', 'accept');
    const data = dataOf(got.exchange);
    const ok = got.exchange.status === 200 && isObject(data) && data.generation_id === id && fixtures.mediaIds.every((m) => mediaIdsOf(data).includes(m));
    const message = `generation ${id} just created: get answered ${got.exchange.status}${ok ? '' : ' without the generation and its media'}`;
    judge('getGeneration', ok, message, got.exchange);
    judge('generateMedia', ok, message, got.exchange);
    for (const mediaId of fixtures.mediaIds) {
      const media = await run.exercise({ operationId: 'getMedia', label: `read back media ${mediaId}`, params: { media_id: mediaId } }, 'stateful', 'accept');
      const item = dataOf(media.exchange);
      judge('getMedia', media.exchange.status === 200 && isObject(item) && item.id === mediaId, `media ${mediaId} just created: get answered ${media.exchange.status}`, media.exchange);
    }
    const listed = await run.exercise({ operationId: 'listGenerations', label: `list by generation_id ${id}`, query: { generation_id: id } }, 'stateful', 'accept');
    const list = dataOf(listed.exchange);
    judge(
      'listGenerations',
      Array.isArray(list) && list.some((g) => isObject(g) && g.generation_id === id),
      `generation ${id} just created is not listed by ?generation_id (status ${listed.exchange.status})`,
      listed.exchange,
    );
  } else run.skip('getGeneration', check, 'no generation was created');
  const assetId = fixtures.imageAssetId;
  if (assetId) {
    const got = await run.exercise({ operationId: 'getAssetV2', label: `read back asset ${assetId}`, params: { asset_id: assetId } }, 'stateful', 'accept');
    const data = dataOf(got.exchange);
    const ok = got.exchange.status === 200 && isObject(data) && data.id === assetId;
    judge('getAssetV2', ok, `asset ${assetId} just uploaded: get answered ${got.exchange.status}`, got.exchange);
    judge('uploadAssetV2', ok, `asset ${assetId} just uploaded: get answered ${got.exchange.status}`, got.exchange);
  }
  if (fixtures.characterId) {
    let found = false;
    let last: Exchange | undefined;
    for (let page = 1; page <= 10 && !found; page++) {
      const listed = await run.exercise({ operationId: 'listCharacters', label: `find character ${fixtures.characterId} (page ${page})`, query: { page, page_size: 50 } }, 'stateful', 'accept');
      last = listed.exchange;
      const list = dataOf(listed.exchange);
      if (!Array.isArray(list) || list.length === 0) break;
      found = list.some((c) => isObject(c) && c.id === fixtures.characterId);
    }
    const message = `character ${fixtures.characterId} just created is not listed`;
    judge('listCharacters', found, message, last);
    judge('createCharacter', found, message, last);
  }
  summary(run, check, ['generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'getAssetV2', 'listCharacters'], failures ? `failed (${failures})` : 'created resources read back');
}

// `censored` is a terminal status the docs list (a finished item withheld).
const RANK: Record<string, number> = { initiated: 0, pending: 1, success: 2, failed: 2, censored: 2 };
const TERMINAL = new Set<string>([...TERMINAL_MEDIA_STATUSES, 'censored']);

async function lifecycleTerminal(run: Run): Promise<void> {
  const check: CheckId = 'lifecycle_terminal';
  const mediaIds = run.fixtures.mediaIds;
  if (mediaIds.length === 0) {
    run.skipAll(check, 'no generation was created');
    summary(run, check, ['generateMedia'], 'skipped: no generation');
    return;
  }
  const timeout = run.options.lifecycleTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeout;
  const last = new Map<string, string>();
  const problems: { message: string; exchange?: Exchange }[] = [];
  let lastExchange: Exchange | undefined;
  let delay = 50;
  for (;;) {
    const open = mediaIds.filter((id) => !TERMINAL.has(last.get(id) ?? ''));
    if (open.length === 0 || problems.length > 0) break;
    for (const id of open) {
      const exchange = await run.raw({ operationId: 'getMedia', label: `poll media ${id}`, params: { media_id: id } });
      lastExchange = exchange;
      const data = dataOf(exchange);
      const status = isObject(data) ? data.status : undefined;
      if (exchange.status !== 200 || typeof status !== 'string' || RANK[status] === undefined) {
        problems.push({ message: `media ${id}: poll answered ${exchange.status} with status ${JSON.stringify(status)}`, exchange });
        break;
      }
      const before = last.get(id);
      if (before !== undefined && RANK[status]! < RANK[before]!) {
        problems.push({ message: `media ${id} went back from ${before} to ${status}`, exchange });
        break;
      }
      if (before !== undefined && RANK[before] === 2 && status !== before) {
        problems.push({ message: `media ${id} changed after its terminal status: ${before} → ${status}`, exchange });
        break;
      }
      last.set(id, status);
    }
    if (Date.now() > deadline) {
      const stuck = mediaIds.filter((id) => !TERMINAL.has(last.get(id) ?? ''));
      if (stuck.length > 0) problems.push({ message: `media ${stuck.join(', ')} still ${stuck.map((id) => last.get(id)).join('/')} after ${timeout} ms`, ...(lastExchange ? { exchange: lastExchange } : {}) });
      break;
    }
    await sleep(delay);
    delay = Math.min(delay * 2, 1000);
  }
  // The generation agrees with its media once they are done.
  if (problems.length === 0 && run.fixtures.generationId) {
    const exchange = await run.raw({ operationId: 'getGeneration', label: 'generation after its media finished', params: { generation_id: run.fixtures.generationId } });
    const data = dataOf(exchange);
    const list = isObject(data) ? (data.media ?? data.images) : undefined;
    const media = Array.isArray(list) ? list.filter(isObject) : [];
    const disagree = media.filter((m) => typeof m.id === 'string' && last.has(m.id) && m.status !== last.get(m.id));
    if (disagree.length > 0) problems.push({ message: `getGeneration shows ${disagree.map((m) => `${m.id}=${m.status}`).join(', ')}, getMedia said otherwise`, exchange });
  }
  const ok = problems.length === 0;
  const message = ok ? 'ok' : problems[0]!.message;
  for (const op of ['generateMedia', 'getMedia', 'getGeneration']) run.judge(op, check, ok, message, 'stateful', problems[0]?.exchange);
  summary(run, check, ['generateMedia', 'getMedia', 'getGeneration'], ok ? `${mediaIds.length} media reached ${[...new Set(last.values())].join('/')}` : `failed: ${message}`);
}

async function useAfterFree(run: Run): Promise<void> {
  const check: CheckId = 'use_after_free';
  const made = await run.makeGeneration('made for use_after_free (2 items)', 'stateful', 2);
  if (!('generationId' in made) || made.mediaIds.length < 2) {
    const reason = 'generationId' in made ? `the generation has ${made.mediaIds.length} media, 2 are needed` : `no generation: ${made.refused}`;
    run.skipAll(check, reason);
    summary(run, check, ['deleteMedia', 'deleteGeneration'], `skipped: ${reason}`);
    return;
  }
  const { generationId } = made;
  const [gone, kept] = made.mediaIds as [string, string];
  let failures = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  const del = await run.exercise({ operationId: 'deleteMedia', label: `delete media ${gone}`, params: { media_id: gone } }, 'stateful', 'accept');
  const deleted = dataOf(del.exchange);
  judge('deleteMedia', isSuccess(del.exchange.status) && isObject(deleted) && deleted.id === gone, `delete media ${gone} answered ${del.exchange.status}${isObject(deleted) ? ` with id ${JSON.stringify(deleted.id)}` : ''}`, del.exchange);
  const after = await run.exercise({ operationId: 'getMedia', label: `deleted media ${gone}`, params: { media_id: gone } }, 'stateful', 'none');
  judge('deleteMedia', after.exchange.status === 404, `deleted media ${gone} is still returned (status ${after.exchange.status})`, after.exchange);
  const sibling = await run.exercise({ operationId: 'getMedia', label: `sibling media ${kept}`, params: { media_id: kept } }, 'stateful', 'none');
  judge('deleteMedia', sibling.exchange.status === 200, `sibling media ${kept} is gone after deleting ${gone} (status ${sibling.exchange.status})`, sibling.exchange);
  const generation = await run.exercise({ operationId: 'getGeneration', label: `generation ${generationId} after deleting ${gone}`, params: { generation_id: generationId } }, 'stateful', 'none');
  const ids = mediaIdsOf(dataOf(generation.exchange));
  judge(
    'deleteMedia',
    generation.exchange.status === 200 && ids.includes(kept) && !ids.includes(gone),
    `generation ${generationId} after deleting ${gone}: status ${generation.exchange.status}, media [${ids.join(', ')}] (expected ${kept} and not ${gone})`,
    generation.exchange,
  );
  const listed = await run.exercise({ operationId: 'listGenerations', label: `list by deleted media_id ${gone}`, query: { media_id: gone } }, 'stateful', 'accept');
  const list = dataOf(listed.exchange);
  judge('deleteMedia', Array.isArray(list) && !list.some((g) => mediaIdsOf(g).includes(gone)), `deleted media ${gone} is still listed by ?media_id`, listed.exchange);

  const delGen = await run.exercise({ operationId: 'deleteGeneration', label: `delete generation ${generationId}`, params: { generation_id: generationId } }, 'stateful', 'accept');
  judge('deleteGeneration', isSuccess(delGen.exchange.status), `delete generation ${generationId} answered ${delGen.exchange.status}`, delGen.exchange);
  const genAfter = await run.exercise({ operationId: 'getGeneration', label: `deleted generation ${generationId}`, params: { generation_id: generationId } }, 'stateful', 'none');
  judge('deleteGeneration', genAfter.exchange.status === 404, `deleted generation ${generationId} is still returned (status ${genAfter.exchange.status})`, genAfter.exchange);
  const keptAfter = await run.exercise({ operationId: 'getMedia', label: `media ${kept} of the deleted generation`, params: { media_id: kept } }, 'stateful', 'none');
  judge('deleteGeneration', keptAfter.exchange.status === 404, `media ${kept} outlives its deleted generation (status ${keptAfter.exchange.status})`, keptAfter.exchange);
  summary(run, check, ['deleteMedia', 'deleteGeneration'], failures ? `failed (${failures})` : 'deleted items gone, siblings kept');
}

async function creditsArithmetic(run: Run): Promise<void> {
  const check: CheckId = 'credits_arithmetic';
  const body = [baseItem(run.fixtures)];
  const numbers = (exchange: Exchange) => {
    const data = dataOf(exchange);
    return isObject(data) ? { estimated: Number(data.estimated), balance: Number(data.balance), remaining: Number(data.credits_remaining) } : undefined;
  };
  let failures = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  const first = await run.exercise({ operationId: 'estimateGeneration', label: 'estimate before generating', body }, 'stateful', 'accept');
  const e1 = numbers(first.exchange);
  if (!e1 || !isSuccess(first.exchange.status)) {
    run.skipAll(check, `the estimate answered ${first.exchange.status}`);
    summary(run, check, ['estimateGeneration'], 'skipped: no estimate');
    return;
  }
  const sane = Number.isFinite(e1.estimated) && e1.estimated >= 0 && Number.isFinite(e1.balance) && e1.balance >= 0;
  judge('estimateGeneration', sane, `estimate ${e1.estimated} and balance ${e1.balance} must be numbers ≥ 0`, first.exchange);
  if (e1.estimated > e1.balance) {
    run.skipAll(check, `the balance (${e1.balance}) is below one generation (${e1.estimated})`);
    return;
  }
  const { exchange, refused } = await run.generate({ operationId: 'generateMedia', label: 'generate what was estimated', body }, 'stateful', 'accept', true);
  if (!exchange || !isSuccess(exchange.status)) {
    run.skip('generateMedia', check, refused ?? `generate answered ${exchange?.status}`);
  } else {
    const remaining = numbers(exchange)?.remaining ?? Number.NaN;
    // A budgeted run estimates once more inside generate(); the balance is read again below anyway.
    const expected = e1.balance - e1.estimated;
    judge('generateMedia', remaining === expected, `credits_remaining ${remaining} after spending an estimate of ${e1.estimated} from ${e1.balance} (expected ${expected})`, exchange);
    const second = await run.exercise({ operationId: 'estimateGeneration', label: 'balance after generating', body }, 'stateful', 'accept');
    const e2 = numbers(second.exchange);
    judge('estimateGeneration', e2?.balance === remaining, `balance ${e2?.balance} after the generation, credits_remaining said ${remaining}`, second.exchange);
  }
  // A cost above the balance is refused with 402 (local targets only: a broken server would spend it).
  const portrait = run.fixtures.portraitAssetId;
  // Under --max-credits a request above the balance cannot be sent: if the server wrongly took it,
  // it would spend more than the cap allows.
  if (run.budget.capped && portrait) run.note('credits_arithmetic: a cost above the balance is not sent under --max-credits (the refusal with 402 is checked only without a cap)');
  if (!run.target.live && portrait && !run.budget.capped) {
    const balanceNow = numbers((await run.raw({ operationId: 'estimateGeneration', label: 'balance', body })))?.balance ?? e1.balance;
    const duration = (Math.floor(balanceNow / 5) + 1) * 5;
    const costly = [{ video_anyone: { asset_id: portrait, prompt: 'a very long video', duration } }];
    const estimate = await run.exercise({ operationId: 'estimateGeneration', label: `estimate a ${duration} s video`, body: costly }, 'stateful', 'accept');
    const e3 = numbers(estimate.exchange);
    if (e3 && isSuccess(estimate.exchange.status) && e3.estimated > e3.balance) {
      const over = await run.exercise({ operationId: 'generateMedia', label: `generate above the balance (${e3.estimated} > ${e3.balance})`, body: costly }, 'stateful', 'none');
      judge('generateMedia', over.exchange.status === 402, `a generation costing ${e3.estimated} with a balance of ${e3.balance} answered ${over.exchange.status}, expected 402`, over.exchange);
      const e4 = numbers(await run.raw({ operationId: 'estimateGeneration', label: 'balance after the refusal', body }));
      judge('estimateGeneration', e4?.balance === e3.balance, `the balance moved from ${e3.balance} to ${e4?.balance} after a refused generation`, estimate.exchange);
    }
  }
  summary(run, check, ['estimateGeneration', 'generateMedia'], failures ? `failed (${failures})` : `estimate ${e1.estimated} from balance ${e1.balance} adds up`);
}

async function renamedQuery(run: Run): Promise<void> {
  const mediaId = run.fixtures.mediaIds[0];
  if (!mediaId || !run.selected.has('renamed_fields')) return;
  const all = await run.raw({ operationId: 'listGenerations', label: 'unfiltered', query: { page_size: 50 } });
  const total = Array.isArray(dataOf(all)) ? (dataOf(all) as unknown[]).length : 0;
  const legacy = await run.exercise({ operationId: 'listGenerations', label: `legacy image_id ${mediaId}`, query: { image_id: mediaId, page_size: 50 } }, 'stateful', 'none');
  const legacyList = dataOf(legacy.exchange);
  const honoured = isSuccess(legacy.exchange.status) && Array.isArray(legacyList) && total > legacyList.length && legacyList.every((g) => mediaIdsOf(g).includes(mediaId));
  run.judge('listGenerations', 'renamed_fields', !honoured, `the legacy query parameter image_id still filters the generations`, 'stateful', legacy.exchange);
}

const itemsOf = (exchange: Exchange): Record<string, unknown>[] => {
  const data = dataOf(exchange);
  return Array.isArray(data) ? data.filter(isObject) : [];
};

/**
 * Filters filter: ?media_id lists only the generations that contain it (and the one that does);
 * ?status=success only generations with a successful item; ?type=flux only flux items, on listings
 * where the target has flux items and others (matching is loose: case and spelling of base models).
 */
async function filterConformance(run: Run): Promise<void> {
  const check: CheckId = 'filter_conformance';
  let failures = 0;
  let judged = 0;
  const judge = (operationId: string, ok: boolean, message: string, exchange?: Exchange) => {
    judged++;
    if (!ok) failures++;
    run.judge(operationId, check, ok, message, 'stateful', exchange);
  };
  const mediaId = run.fixtures.mediaIds[0];
  if (mediaId && run.ops.some((o) => o.operationId === 'listGenerations')) {
    const listed = await run.exercise({ operationId: 'listGenerations', label: `filter by media_id ${mediaId}`, query: { media_id: mediaId, page_size: 50 } }, 'stateful', 'accept');
    const list = itemsOf(listed.exchange);
    const strangers = list.filter((g) => !mediaIdsOf(g).includes(mediaId));
    judge(
      'listGenerations',
      isSuccess(listed.exchange.status) && list.length > 0 && strangers.length === 0,
      list.length === 0
        ? `?media_id=${mediaId} lists no generation, though ${run.fixtures.generationId ?? 'one'} contains it`
        : `?media_id=${mediaId} lists ${strangers.length} generation(s) that do not contain it (e.g. ${JSON.stringify(strangers[0]?.generation_id)})`,
      listed.exchange,
    );
    const success = await run.exercise({ operationId: 'listGenerations', label: 'filter by status=success', query: { status: 'success', page_size: 50 } }, 'stateful', 'accept');
    const unsuccessful = itemsOf(success.exchange).filter((g) => {
      const media = isObject(g) ? (g.media ?? g.images) : undefined;
      return Array.isArray(media) && !media.some((m) => isObject(m) && m.status === 'success');
    });
    judge(
      'listGenerations',
      unsuccessful.length === 0,
      `?status=success lists ${unsuccessful.length} generation(s) without a successful item (e.g. ${JSON.stringify(unsuccessful[0]?.generation_id)})`,
      success.exchange,
    );
  } else run.skip('listGenerations', check, 'no generation was created to filter on');
  const flux = (item: Record<string, unknown>) => typeof item.base_model === 'string' && normalizeBaseModel(item.base_model) === normalizeBaseModel('flux');
  for (const op of operations) {
    if (!run.ops.includes(op) || !checkApplies(op) || op.operationId === 'listGenerations') continue;
    const all = itemsOf(await run.raw({ operationId: op.operationId, label: 'unfiltered', query: { page: 1, page_size: 50 } }));
    if (!all.some(flux) || all.every(flux)) {
      run.skip(op.operationId, check, 'the target has no flux items beside others to filter');
      continue;
    }
    const listed = await run.exercise({ operationId: op.operationId, label: 'filter by type=flux', query: { type: 'flux', page: 1, page_size: 50 } }, 'stateful', 'accept');
    const others = itemsOf(listed.exchange).filter((item) => !flux(item));
    judge(
      op.operationId,
      isSuccess(listed.exchange.status) && others.length === 0,
      `?type=flux lists ${others.length} item(s) whose base_model is not flux (e.g. ${JSON.stringify(others[0]?.name)}: ${JSON.stringify(others[0]?.base_model)})`,
      listed.exchange,
    );
  }
  summary(run, check, ['listGenerations', 'listModels', 'listStyles', 'listLoras'], failures ? `failed (${failures})` : `${judged} filter(s) honoured`);
}

const checkApplies = (op: (typeof operations)[number]) => op.method === 'get' && op.query !== undefined && 'type' in op.query.shape;

/** Runs every selected stateful sequence. */
export async function runStateful(run: Run): Promise<void> {
  const writes = run.writes;
  const needsWrites = (check: CheckId) => {
    if (!run.selected.has(check)) return false;
    if (!writes) {
      run.skipAll(check, 'read-only mode: the sequence creates and deletes resources');
      return false;
    }
    return true;
  };
  if (run.selected.has('ensure_resource_availability')) {
    if (writes) await ensureResourceAvailability(run);
    else run.skipAll('ensure_resource_availability', 'read-only mode: nothing is created to read back');
  }
  if (needsWrites('filter_conformance')) await filterConformance(run);
  if (needsWrites('lifecycle_terminal')) await lifecycleTerminal(run);
  if (needsWrites('use_after_free')) await useAfterFree(run);
  if (needsWrites('credits_arithmetic')) await creditsArithmetic(run);
  if (writes) await renamedQuery(run);
  if (run.selected.has('pagination_conformance')) {
    // Judged on every listing that asked for a page; nothing more to send here.
  }
}
