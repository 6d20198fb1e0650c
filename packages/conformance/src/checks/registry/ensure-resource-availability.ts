import type { RunContext } from '../../engine/context.js';
import type { Exchange } from '../../engine/http.js';
import { among } from '../applies.js';
import { defineCheck } from '../define.js';
import { dataOf, isObject, mediaIdsOf, summary } from './sequence.js';

async function sequence(run: RunContext): Promise<void> {
  const check = 'ensure_resource_availability';
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
      judge(
        'getMedia',
        media.exchange.status === 200 && isObject(item) && item.id === mediaId,
        `media ${mediaId} just created: get answered ${media.exchange.status}`,
        media.exchange,
      );
    }
    const listed = await run.exercise(
      { operationId: 'listGenerations', label: `list by generation_id ${id}`, query: { generation_id: id } },
      'stateful',
      'accept',
    );
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
      const listed = await run.exercise(
        { operationId: 'listCharacters', label: `find character ${fixtures.characterId} (page ${page})`, query: { page, page_size: 50 } },
        'stateful',
        'accept',
      );
      last = listed.exchange;
      const list = dataOf(listed.exchange);
      if (!Array.isArray(list) || list.length === 0) break;
      found = list.some((c) => isObject(c) && c.id === fixtures.characterId);
    }
    const message = `character ${fixtures.characterId} just created is not listed`;
    judge('listCharacters', found, message, last);
    judge('createCharacter', found, message, last);
  }
  summary(
    run,
    check,
    ['generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'getAssetV2', 'listCharacters'],
    failures ? `failed (${failures})` : 'created resources read back',
  );
}

export default defineCheck({
  id: 'ensure_resource_availability',
  description: 'What was just created can be read back (create → get, create → list).',
  severity: 'error',
  category: 'stateful',
  appliesTo: among('generateMedia', 'getGeneration', 'getMedia', 'listGenerations', 'uploadAssetV2', 'getAssetV2', 'createCharacter', 'listCharacters'),
  sequence,
});
