import { ASPECT_RATIOS, checkOperationRequest, type GenerationItem, generationKind, isFlux, operations } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { served } from '../../model/answer.js';
import { dataOf, type Exchange } from '../../model/exchange.js';
import { assertThat } from '../../model/verdict.js';
import { defineCheck, type Found, type HistoryJudge, type Observed, onOperations } from '../define.js';

const { generateMedia, getMedia, getGeneration, listGenerations } = operations;
const OPERATIONS = [generateMedia.operationId] as const;

/** Ids remembered at most (a long recording stays bounded: the oldest go first). */
const MAX_IDS = 100_000;
const remember = <V>(map: Map<string, V>, key: string, value: V) => {
  if (!map.has(key) && map.size >= MAX_IDS) map.delete(map.keys().next().value!);
  map.set(key, value);
};

/** The kinds whose item reads batch_size and aspect_ratio (the others read only their own object). */
const imageKind = (item: GenerationItem) => {
  const kind = generationKind(item);
  return kind === 'model' || kind === 'style';
};

const ratioOf = (value: string) => {
  const [w, h] = value.split(':').map(Number);
  return w! / h!;
};

/** The listed ratio nearest to a width and height (compared on a log scale: 2:3 and 3:2 are as far from 1:1). */
function nearestRatio(width: number, height: number): string {
  const actual = Math.log(width / height);
  let best: string = ASPECT_RATIOS[0];
  for (const ratio of ASPECT_RATIOS) if (Math.abs(Math.log(ratioOf(ratio)) - actual) < Math.abs(Math.log(ratioOf(best)) - actual)) best = ratio;
  return best;
}

/** The media items an answer shows, with their generation id when it says so. */
function mediaShown(op: Observed['op'], exchange: Exchange, generationOf: (mediaId: string) => string | undefined) {
  const data = dataOf(exchange);
  const out: { generationId: string | undefined; media: Record<string, unknown> }[] = [];
  const ofGeneration = (g: unknown) => {
    if (!isObject(g) || !Array.isArray(g.media)) return;
    const id = typeof g.generation_id === 'string' ? g.generation_id : undefined;
    for (const m of g.media.filter(isObject)) out.push({ generationId: id ?? (typeof m.id === 'string' ? generationOf(m.id) : undefined), media: m });
  };
  if (op === getMedia && isObject(data)) out.push({ generationId: typeof data.id === 'string' ? generationOf(data.id) : undefined, media: data });
  else if (op === getGeneration) ofGeneration(data);
  else if (op === listGenerations && Array.isArray(data)) data.forEach(ofGeneration);
  return out;
}

/**
 * Judges a history: what a generation request asked for against what it made. The generate answer's
 * media count against batch_size (one item: the interface; several, or none given: ours) and their
 * type (a model or style generation makes images); every later read of a finished media item of a
 * one-item model or style generation against the aspect ratio it asked for (the nearest listed ratio:
 * sizes are rounded to what a model renders). Only requests the contract allows are judged.
 */
function judgeHistory(): HistoryJudge {
  /** Generation id → the aspect ratio its one item asked for. */
  const asked = new Map<string, string>();
  const judged = new Set<string>();
  return {
    observe({ op, exchange, expect, history }: Observed): Found[] {
      if (!served(exchange)) return [];
      const out: Found[] = [];
      const add = (rule: string, ok: boolean, message: string) =>
        out.push({ operationId: generateMedia.operationId, assertion: assertThat(rule, ok, message) });
      if (op === generateMedia) {
        const body = exchange.request.body;
        const data = dataOf(exchange);
        // A request sent as valid, or one whose refusal would have said nothing (a batch the plan may not allow) that the contract allows.
        const allowed = expect === 'accept' || (expect === 'none' && checkOperationRequest(generateMedia, { body }).errors.length === 0);
        if (!allowed || !Array.isArray(body) || !isObject(data) || !Array.isArray(data.media)) return [];
        const items = body.filter(isObject) as GenerationItem[];
        if (items.length !== body.length || items.some((item) => generationKind(item) === undefined)) return [];
        const media = data.media.filter(isObject);
        const single = items.length === 1 && imageKind(items[0]!) && Number.isInteger(items[0]!.batch_size);
        const expected = items.reduce((n, item) => n + (imageKind(item) ? (item.batch_size ?? 1) : 1), 0);
        add(
          single ? 'batch_size_media_count' : 'media_per_item',
          media.length === expected,
          `a body of ${items.length} item(s) asking for ${expected} media made ${media.length} (generation ${JSON.stringify(data.generation_id)})`,
        );
        if (items.every(imageKind)) {
          const others = media.filter((m) => typeof m.type === 'string' && m.type !== 'image');
          add(
            'image_kind_makes_images',
            others.length === 0,
            `a model or style generation made media of type ${others.map((m) => JSON.stringify(m.type)).join(', ')}`,
          );
        }
        const [item] = items;
        // With Flux and a control net the control image decides the aspect ratio (the live docs).
        const decided = items.length === 1 && imageKind(item!) && typeof item!.aspect_ratio === 'string' && !(isFlux(item!) && item!.control_net);
        if (decided && typeof data.generation_id === 'string') remember(asked, data.generation_id, item!.aspect_ratio!);
        return out;
      }
      for (const { generationId, media } of mediaShown(op, exchange, (id) => history.generationOf.get(id))) {
        const ratio = generationId === undefined ? undefined : asked.get(generationId);
        const dim = isObject(media.dim) ? media.dim : undefined;
        if (!ratio || media.status !== 'success' || typeof media.id !== 'string' || judged.has(media.id)) continue;
        if (typeof dim?.width !== 'number' || typeof dim.height !== 'number' || dim.width <= 0 || dim.height <= 0) continue;
        if (judged.size < MAX_IDS) judged.add(media.id);
        const made = nearestRatio(dim.width, dim.height);
        add('aspect_ratio_honoured', made === ratio, `asked for aspect_ratio ${ratio}, media ${media.id} is ${dim.width}×${dim.height} (${made})`);
      }
      return out;
    },
  };
}

export default defineCheck({
  id: 'request_relations',
  description:
    'What a generation made is what it asked for: batch_size media (one item: stated; several: an assumption), images from a model or style, and the aspect ratio asked for.',
  severity: 'error',
  category: 'stateful',
  rules: ['batch_size_media_count', 'media_per_item', 'image_kind_makes_images', 'aspect_ratio_honoured'],
  operations: OPERATIONS,
  appliesTo: onOperations(OPERATIONS),
  history: judgeHistory,
});
