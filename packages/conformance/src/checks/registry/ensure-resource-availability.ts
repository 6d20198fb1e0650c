import { operations } from '@mediagen/schema';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { said, served } from '../response.js';
import { itemsOf, mediaIdsOf, tally } from './sequence.js';

const { generateMedia, getGeneration, getMedia, listGenerations, uploadAssetV2, getAssetV2, createCharacter, listCharacters } = operations;
const OPERATIONS = [
  generateMedia.operationId,
  getGeneration.operationId,
  getMedia.operationId,
  listGenerations.operationId,
  uploadAssetV2.operationId,
  getAssetV2.operationId,
  createCharacter.operationId,
  listCharacters.operationId,
] as const;

const idIs = (exchange: Exchange, field: string, id: string) => {
  const data = dataOf(exchange);
  return served(exchange) && typeof data === 'object' && data !== null && (data as Record<string, unknown>)[field] === id;
};

/** Pages through the characters (at most 10 pages) looking for one id. */
async function findCharacter(port: CheckPort, id: string): Promise<{ found: boolean; last?: Exchange }> {
  let last: Exchange | undefined;
  for (let page = 1; page <= 10; page++) {
    last = (
      await port.send({ operationId: listCharacters.operationId, label: `find character ${id} (page ${page})`, query: { page, page_size: 50 } }, 'accept')
    ).exchange;
    const list = itemsOf(last);
    if (list.some((c) => c.id === id)) return { found: true, last };
    if (list.length === 0) break;
  }
  return last ? { found: false, last } : { found: false };
}

async function sequence(port: CheckPort): Promise<void> {
  const t = tally(port, 'ensure_resource_availability');
  const { fixtures } = port;
  if (fixtures.generationId) {
    const id = fixtures.generationId;
    const got = (await port.send({ operationId: getGeneration.operationId, label: `read back generation ${id}`, params: { generation_id: id } }, 'accept'))
      .exchange;
    const readable = assertThat(
      'created_generation_readable',
      idIs(got, 'generation_id', id) && fixtures.mediaIds.every((m) => mediaIdsOf(dataOf(got)).includes(m)),
      `generation ${id} just created: get answered ${said(got)} without the generation and its media`,
    );
    t.assert(getGeneration.operationId, readable, got);
    t.assert(generateMedia.operationId, readable, got);
    for (const mediaId of fixtures.mediaIds) {
      const media = (await port.send({ operationId: getMedia.operationId, label: `read back media ${mediaId}`, params: { media_id: mediaId } }, 'accept'))
        .exchange;
      t.assert(
        getMedia.operationId,
        assertThat('created_media_readable', idIs(media, 'id', mediaId), `media ${mediaId} just created: get answered ${said(media)}`),
        media,
      );
    }
    const listed = (await port.send({ operationId: listGenerations.operationId, label: `list by generation_id ${id}`, query: { generation_id: id } }, 'accept'))
      .exchange;
    t.assert(
      listGenerations.operationId,
      assertThat(
        'created_generation_listed',
        itemsOf(listed).some((g) => g.generation_id === id),
        `generation ${id} just created is not listed by ?generation_id (${said(listed)})`,
      ),
      listed,
    );
  } else port.skip(getGeneration.operationId, 'ensure_resource_availability', 'no generation was created');
  const assetId = fixtures.imageAssetId;
  if (assetId) {
    const got = (await port.send({ operationId: getAssetV2.operationId, label: `read back asset ${assetId}`, params: { asset_id: assetId } }, 'accept'))
      .exchange;
    const readable = assertThat('uploaded_asset_readable', idIs(got, 'id', assetId), `asset ${assetId} just uploaded: get answered ${said(got)}`);
    t.assert(getAssetV2.operationId, readable, got);
    t.assert(uploadAssetV2.operationId, readable, got);
  }
  if (fixtures.characterId) {
    const { found, last } = await findCharacter(port, fixtures.characterId);
    const listed = assertThat('created_character_listed', found, `character ${fixtures.characterId} just created is not listed`);
    t.assert(listCharacters.operationId, listed, last);
    t.assert(createCharacter.operationId, listed, last);
  }
  t.end('created resources read back');
}

export default defineCheck({
  id: 'ensure_resource_availability',
  description: 'What was just created can be read back (create → get, create → list).',
  severity: 'error',
  category: 'stateful',
  rules: ['created_generation_readable', 'created_media_readable', 'created_generation_listed', 'uploaded_asset_readable', 'created_character_listed'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  sequence,
});
