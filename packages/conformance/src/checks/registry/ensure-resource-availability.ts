import { type OperationId, type OperationSpec, operations, weakestAlong } from '@mediagen/schema';
import { said, served, speaksOfExistence } from '../../model/answer.js';
import { dataOf, type Exchange } from '../../model/exchange.js';
import type { ResourceKind } from '../../model/history.js';
import { type Assertion, assertThat, through } from '../../model/verdict.js';
import { defineCheck, type Found, type HistoryJudge, type Observed, onOperations } from '../define.js';
import type { CheckPort } from '../port.js';
import { dataString, itemsOf, mediaIdsOf, sendUntil } from './sequence.js';

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

/**
 * How long after its creation a resource may stay unreadable: no source says when it becomes readable
 * (that it is at once is `created_readable_at_once`, ours). A live run reads again until then; a
 * history whose reads all failed until at least this long after the creation shows it never was.
 */
export const EVENTUAL_READ_MS = 3_000;

/** The assumed link a read goes through, if any: an id in a response no source shows (`getAssetV2`'s data). */
const readThrough = (op: OperationSpec, path: (string | number)[]): string | undefined => {
  const element = weakestAlong(op.success.schema, path);
  return element === undefined ? undefined : `${element}.type`;
};
const ASSET_ID = readThrough(getAssetV2, ['data', 'id']);
const CHARACTER_ID = readThrough(listCharacters, ['data', 0, 'id']);

/** What a read of a created resource decides, until it is readable. */
interface Awaited {
  rule: string;
  credited: readonly OperationId[];
  createdAt: number;
  via?: string;
  read: boolean;
  readable: boolean;
  /** When the last read that did not show it was sent, and how many did not. */
  lastMissAt?: number;
  misses?: number;
  miss?: string;
}

/** The page walk through the characters listing: which pages were seen since page 1 and whether a character was found. */
interface Walk {
  pages: Set<number>;
}

/**
 * Judges a history: what was created is readable — a generation by get generation (with its media),
 * its media by get media, the generation by ?generation_id, an uploaded asset by get asset, a
 * character in the characters listing. A read before it is readable refutes `created_readable_at_once`
 * (ours); the obligation breaks only when no read ever showed it, it was looked for again (one miss
 * is no sign it never will be: a sequence may read once, then delete it), and the last read was sent at
 * least EVENTUAL_READ_MS after the creation.
 */
function judgeHistory(): HistoryJudge {
  const awaited = new Map<string, Awaited>();
  const walk: Walk = { pages: new Set() };
  const key = (rule: string, id: string) => `${rule}:${id}`;
  const expectOf = (rule: string, id: string, kind: ResourceKind, credited: readonly OperationId[], history: Observed['history'], via?: string) => {
    const createdAt = history.resources.createdAt(kind, id);
    if (createdAt === undefined || history.exists(kind, id) !== 'exists') return undefined;
    let entry = awaited.get(key(rule, id));
    if (!entry) {
      entry = { rule, credited, createdAt, read: false, readable: false, ...(via ? { via } : {}) };
      if (awaited.size < 100_000) awaited.set(key(rule, id), entry);
    }
    return entry;
  };
  /** A read that showed the resource, or did not (`miss` says what it showed instead). */
  const decide = (entry: Awaited, operationId: OperationId, shown: boolean, miss: string, at: number): Found[] => {
    const first = !entry.read;
    entry.read = true;
    const out: Found[] = [];
    if (first) out.push({ operationId, assertion: assertThat('created_readable_at_once', shown, `${miss}, right after its creation`) });
    if (shown) {
      if (!entry.readable)
        for (const credited of entry.credited) out.push({ operationId: credited, assertion: through({ rule: entry.rule, ok: true }, entry.via) });
      entry.readable = true;
    } else if (!entry.readable) {
      entry.lastMissAt = at;
      entry.misses = (entry.misses ?? 0) + 1;
      entry.miss = miss;
    }
    return out;
  };
  return {
    observe({ op, params, exchange, expect, history, at: answeredAt }: Observed): Found[] {
      if (expect === 'missing-key' || expect === 'wrong-key' || !speaksOfExistence(exchange)) return [];
      // A miss is dated from when its read was sent: the server may have looked when the request came,
      // and a slow answer (a loaded machine, a slow network) must not stretch the time it speaks of.
      const at = answeredAt - Math.max(0, exchange.durationMs ?? 0);
      if (op === createCharacter && served(exchange)) {
        // A character is looked for in the listing: its entry starts with its creation.
        const id = dataString(exchange, 'id');
        if (id !== undefined && awaited.size < 100_000) {
          awaited.set(key('created_character_listed', id), {
            rule: 'created_character_listed',
            credited: [listCharacters.operationId, createCharacter.operationId],
            createdAt: answeredAt,
            read: false,
            readable: false,
            ...(CHARACTER_ID ? { via: CHARACTER_ID } : {}),
          });
        }
        return [];
      }
      if (op === getGeneration && params.generation_id !== undefined) {
        const id = params.generation_id;
        const entry = expectOf('created_generation_readable', id, 'generation', [getGeneration.operationId, generateMedia.operationId], history);
        if (!entry) return [];
        const listed = mediaIdsOf(dataOf(exchange));
        const media = history.mediaOf(id).filter((m) => history.exists('media', m) === 'exists');
        const shown = served(exchange) && dataString(exchange, 'generation_id') === id && media.every((m) => listed.includes(m));
        return decide(entry, op.operationId, shown, `get generation ${id} answered ${said(exchange)} without the generation and its media`, at);
      }
      if (op === getMedia && params.media_id !== undefined) {
        const id = params.media_id;
        const entry = expectOf('created_media_readable', id, 'media', [getMedia.operationId], history);
        if (!entry) return [];
        return decide(entry, op.operationId, served(exchange) && dataString(exchange, 'id') === id, `get media ${id} answered ${said(exchange)}`, at);
      }
      const query = exchange.request.query ?? {};
      // Only a listing filtered by the id alone shows it: another filter (`status=failed`) may rightly leave it out.
      const byIdAlone = Object.keys(query).every((name) => name === 'generation_id' || name === 'page' || name === 'page_size');
      if (op === listGenerations && typeof query.generation_id === 'string' && byIdAlone && (query.page === undefined || Number(query.page) === 1)) {
        const id = query.generation_id;
        const entry = expectOf('created_generation_listed', id, 'generation', [listGenerations.operationId], history);
        if (!entry) return [];
        const shown = served(exchange) && itemsOf(exchange).some((g) => g.generation_id === id);
        return decide(entry, op.operationId, shown, `?generation_id=${id} answered ${said(exchange)} without it`, at);
      }
      if (op === getAssetV2 && params.asset_id !== undefined) {
        const id = params.asset_id;
        const entry = expectOf('uploaded_asset_readable', id, 'asset', [getAssetV2.operationId, uploadAssetV2.operationId], history, ASSET_ID);
        if (!entry) return [];
        return decide(entry, op.operationId, served(exchange) && dataString(exchange, 'id') === id, `get asset ${id} answered ${said(exchange)}`, at);
      }
      if (op === listCharacters && served(exchange)) return charactersPage(exchange, history, at);
      return [];
    },
    finish(): Found[] {
      const out: Found[] = [];
      for (const entry of awaited.values()) {
        if (entry.readable || entry.lastMissAt === undefined || (entry.misses ?? 0) < 2 || entry.lastMissAt - entry.createdAt < EVENTUAL_READ_MS) continue;
        const assertion: Assertion = through(
          assertThat(entry.rule, false, `${entry.miss}; still not readable ${Math.round(entry.lastMissAt - entry.createdAt)} ms after its creation`),
          entry.via,
        );
        for (const credited of entry.credited) out.push({ operationId: credited, assertion });
      }
      return out;
    },
  };

  /** A page of the characters listing: a created character found, or a walk from page 1 that ended without it. */
  function charactersPage(exchange: Exchange, history: Observed['history'], at: number): Found[] {
    const query = exchange.request.query ?? {};
    const page = query.page === undefined ? 1 : Number(query.page);
    if (page === 1) walk.pages.clear();
    walk.pages.add(page);
    const items = itemsOf(exchange);
    const pageSize = Number(query.page_size ?? Number.NaN);
    const lastPage = items.length === 0 || (Number.isFinite(pageSize) && items.length < pageSize);
    const whole = lastPage && Array.from({ length: page }, (_, i) => i + 1).every((p) => walk.pages.has(p));
    const out: Found[] = [];
    for (const [id, entry] of awaited) {
      if (!id.startsWith('created_character_listed:')) continue;
      const character = id.slice('created_character_listed:'.length);
      if (items.some((c) => c.id === character)) out.push(...decide(entry, listCharacters.operationId, true, '', at));
      else if (whole)
        out.push(...decide(entry, listCharacters.operationId, false, `character ${character} is not in the characters listing (${page} page(s))`, at));
    }
    return out;
  }
}

/** The requests: each created resource read back, again until it is readable or the eventual-read window passes. */
async function sequence(port: CheckPort): Promise<void> {
  const { fixtures } = port;
  const readable = (id: string, field: string) => (exchange: Exchange) => served(exchange) && dataString(exchange, field) === id;
  if (fixtures.generationId) {
    const id = fixtures.generationId;
    await sendUntil(
      port,
      { operationId: getGeneration.operationId, label: `read back generation ${id}`, params: { generation_id: id } },
      readable(id, 'generation_id'),
      EVENTUAL_READ_MS,
    );
    for (const mediaId of fixtures.mediaIds)
      await sendUntil(
        port,
        { operationId: getMedia.operationId, label: `read back media ${mediaId}`, params: { media_id: mediaId } },
        readable(mediaId, 'id'),
        EVENTUAL_READ_MS,
      );
    await sendUntil(
      port,
      { operationId: listGenerations.operationId, label: `list by generation_id ${id}`, query: { generation_id: id } },
      (exchange) => served(exchange) && itemsOf(exchange).some((g) => g.generation_id === id),
      EVENTUAL_READ_MS,
    );
  } else port.skip(getGeneration.operationId, 'no generation was created');
  const assetId = fixtures.imageAssetId;
  if (assetId)
    await sendUntil(
      port,
      { operationId: getAssetV2.operationId, label: `read back asset ${assetId}`, params: { asset_id: assetId } },
      readable(assetId, 'id'),
      EVENTUAL_READ_MS,
    );
  if (fixtures.characterId) await findCharacter(port, fixtures.characterId);
}

/** Pages through the characters (at most 10 pages) looking for one id; again, from page 1, until found or the window passes. */
async function findCharacter(port: CheckPort, id: string): Promise<void> {
  const deadline = Date.now() + EVENTUAL_READ_MS;
  for (let delay = 50, walks = 1; ; delay = Math.min(delay * 2, 1000), walks++) {
    for (let page = 1; page <= 10; page++) {
      const { exchange } = await port.send(
        { operationId: listCharacters.operationId, label: `find character ${id} (page ${page})`, query: { page, page_size: 50 } },
        'accept',
      );
      const list = itemsOf(exchange);
      if (list.some((c) => c.id === id)) return;
      if (!served(exchange) || list.length < 50) break;
    }
    // Walked at least twice, the last walk once the window has passed (as sendUntil reads).
    const left = deadline - Date.now();
    if (left <= 0 && walks >= 2) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(delay, left))));
  }
}

export default defineCheck({
  id: 'ensure_resource_availability',
  description: 'What was just created can be read back (create → get, create → list), at once or after a while (at once: an assumption).',
  severity: 'error',
  category: 'stateful',
  rules: [
    'created_generation_readable',
    'created_media_readable',
    'created_generation_listed',
    'uploaded_asset_readable',
    'created_character_listed',
    'created_readable_at_once',
  ],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  history: judgeHistory,
  sequence,
});
