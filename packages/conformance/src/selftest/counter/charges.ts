// A server that takes a generation's charge item by item, as each media item finishes, where the
// sandbox takes it whole when the generation is made. The seed states the cost, not when it is taken:
// a default run must pass it (the assumption that the charge shows by the next reading is refuted).
// Its estimates report the sandbox's balance raised by what is not charged yet: the price per item of
// each media item still in progress, read from the sandbox's own generation.
import { operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { isFor, type ProxyRequest, type ProxyTools, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isSuccess } from '../rewrites.js';

const { estimateGeneration, generateMedia, getGeneration } = operations;
const DONE = new Set(['success', 'failed', 'censored']);

/** A generation whose items are charged as they finish: its id, the price of each item, and its items. */
interface Unfinished {
  generationId: string;
  perItem: number;
  items: number;
  /** Balance readings since it was made. */
  readings: number;
}

const numberIn = (json: unknown, field: string): number | undefined => {
  const value = isObject(json) && isObject(json.data) ? json.data[field] : undefined;
  return typeof value === 'number' ? value : undefined;
};

/**
 * What is not charged yet: the price of every item still in progress (generations done are forgotten).
 * The first reading after a generation shows none of its charge, however fast its media finished: the
 * server is slower to charge than the sandbox is to finish, so the run sees the late charge whatever
 * the machine's speed (with the sandbox's media done in tens of milliseconds, a loaded machine's next
 * reading came after they finished, and the charge showed at once).
 */
async function uncharged(unfinished: Unfinished[], request: ProxyRequest, tools: ProxyTools): Promise<number> {
  let owed = 0;
  for (const generation of [...unfinished]) {
    const path = getGeneration.path.replace('{generation_id}', encodeURIComponent(generation.generationId));
    const json = parseJson(await tools.upstream({ method: 'GET', path, headers: { 'x-api-key': request.headers['x-api-key'] ?? tools.apiKey } }));
    const media = isObject(json) && isObject(json.data) && Array.isArray(json.data.media) ? json.data.media.filter(isObject) : [];
    const first = generation.readings++ === 0;
    const open = first ? generation.items : media.filter((m) => typeof m.status !== 'string' || !DONE.has(m.status)).length;
    if (open === 0) unfinished.splice(unfinished.indexOf(generation), 1);
    owed += open * generation.perItem;
  }
  return owed;
}

export function chargesAsMediaFinish(): Rewrite {
  const unfinished: Unfinished[] = [];
  const prices = new Map<ProxyRequest, number>();
  return {
    request: async (request, tools) => {
      if (!isFor(request, generateMedia) || request.headers['x-api-key'] !== tools.apiKey) return request;
      const priced = parseJson(
        await tools.upstream({ method: 'POST', path: estimateGeneration.path, headers: request.headers, ...(request.body ? { body: request.body } : {}) }),
      );
      const price = numberIn(priced, 'estimated');
      if (price !== undefined) prices.set(request, price);
      return request;
    },
    response: async (request, response, tools) => {
      const price = prices.get(request);
      prices.delete(request);
      if (!isSuccess(response.status)) return response;
      if (isFor(request, generateMedia) && price !== undefined) {
        const json = parseJson(response);
        const data = isObject(json) && isObject(json.data) ? json.data : undefined;
        const count = Array.isArray(data?.media) ? data.media.length : 0;
        if (typeof data?.generation_id === 'string' && count > 0)
          unfinished.push({ generationId: data.generation_id, perItem: price / count, items: count, readings: 0 });
        return response;
      }
      if (!isFor(request, estimateGeneration) || request.headers['x-api-key'] !== tools.apiKey || unfinished.length === 0) return response;
      const owed = await uncharged(unfinished, request, tools);
      return editJson(response, (body) => {
        if (isObject(body.data) && typeof body.data.balance === 'number') body.data.balance += owed;
      });
    },
  };
}
