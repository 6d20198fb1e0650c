// Counter-servers of the relations and of the audit's over-strict judgements: faithful servers that
// differ from our readings only where the sources are silent, each of which a default run must pass
// (listing what it refutes) and --strict must fail. Registered among the faithful variants.
import { operations } from '@mediagen/schema';
import { isFor, type ProxyRequest, type ProxyResponse, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isObject, isSuccess } from '../rewrites.js';

const { generateMedia, getGeneration, getMedia, listCharacters, listGenerations } = operations;

/** A faithful variant's shape (as ../variants.ts reads it). */
export interface RelationVariant {
  id: string;
  description: string;
  refutes: readonly string[];
  /** The server's rewrite, made fresh for each run (what it remembers belongs to one run). */
  rewrite: () => Rewrite;
}

/** A refusal of the upstream that only says a name or an input does not exist (`unknown model "x"`, `unknown asset "y"`). */
const namesNothing = (answer: ProxyResponse): boolean => {
  const body = parseJson(answer);
  const message = isObject(body) && isObject(body.err) && typeof body.err.message === 'string' ? body.err.message : '';
  const issues = message.split('; ').filter((part) => part !== '');
  return (
    answer.status === 422 && issues.length > 0 && issues.every((issue) => /: unknown (model|style|LoRA|lora|asset|media|voice|control ?net)\b/i.test(issue))
  );
};

/** A body the upstream surely takes, in place of one naming what does not exist. */
const PLAIN = [{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse at dusk' } }];

/**
 * A generation naming a model, style, LoRA or input that does not exist is taken, and ends `failed`
 * (the sources say what a name must be, never that such a request is refused up front).
 */
function unknownNamesFailLater(): Rewrite {
  const doomed = new Set<string>();
  const doomedMedia = new Set<string>();
  return {
    request: async (request, tools) => {
      if (!isFor(request, generateMedia) || request.headers['x-api-key'] !== tools.apiKey) return request;
      const answer = await tools.upstream(request);
      if (!namesNothing(answer)) return answer;
      const taken = await tools.upstream({ ...request, body: JSON.stringify(PLAIN) } satisfies ProxyRequest);
      const body = parseJson(taken);
      if (isSuccess(taken.status) && isObject(body) && isObject(body.data) && typeof body.data.generation_id === 'string') {
        doomed.add(body.data.generation_id);
        if (Array.isArray(body.data.media)) for (const m of body.data.media.filter(isObject)) if (typeof m.id === 'string') doomedMedia.add(m.id);
      }
      return taken;
    },
    response: (request, response) => {
      if (!isFor(request, getGeneration, getMedia, listGenerations) || !isSuccess(response.status) || doomed.size === 0) return response;
      return editJson(response, (body) => {
        // A failed generation is no longer listed by ?status=success.
        if (isFor(request, listGenerations) && request.query.get('status') === 'success' && Array.isArray(body.data))
          body.data = body.data.filter((g) => !(isObject(g) && typeof g.generation_id === 'string' && doomed.has(g.generation_id)));
        const generations = Array.isArray(body.data) ? body.data : [body.data];
        for (const g of generations.filter(isObject)) {
          if (typeof g.generation_id === 'string' && doomed.has(g.generation_id) && Array.isArray(g.media))
            for (const m of g.media.filter(isObject)) {
              m.status = 'failed';
              m.url = '';
            }
        }
        if (isFor(request, getMedia) && isObject(body.data) && typeof body.data.id === 'string' && doomedMedia.has(body.data.id)) {
          body.data.status = 'failed';
          body.data.url = '';
        }
      });
    },
  };
}

/** The characters listing pages as `{ current_page, per_page, count }`: its answer is not visible, so its paging echo is ours. */
const charactersPagedOtherwise: Rewrite = {
  response: (request, response) =>
    isFor(request, listCharacters) && isSuccess(response.status)
      ? editJson(response, (body) => {
          const p = body.pagination;
          if (isObject(p)) body.pagination = { current_page: p.page, per_page: p.page_size, count: Array.isArray(body.data) ? body.data.length : 0 };
        })
      : response,
};

/** The --strict broken targets of the assumed relations, each the counter-server of the assumption it refutes. */
export const RELATION_REUSES = [
  { reuse: 'broken', id: 'total-drifts-between-pages', refutes: ['rule:page_total_steady'] },
  { reuse: 'broken', id: 'total-counts-one-more', refutes: ['rule:page_total_counts_items'] },
  { reuse: 'broken', id: 'unasked-media-per-item', refutes: ['rule:media_per_item'] },
] as const;

export const relationVariants = (): RelationVariant[] => [
  {
    id: 'unknown-names-fail-later',
    description: 'a generation naming a model, style, LoRA or input that does not exist is taken and ends failed',
    refutes: ['rule:invalid_request_refused_up_front'],
    rewrite: unknownNamesFailLater,
  },
  {
    id: 'characters-paged-otherwise',
    description: 'the characters listing pages as { current_page, per_page, count }',
    refutes: ['CharacterPage.pagination'],
    rewrite: () => charactersPagedOtherwise,
  },
];
