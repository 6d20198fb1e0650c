// The rewrites of the behaviour recipes: servers that differ from an assumed behaviour of ours and from
// nothing a source states. Each is one small function; the recipe table (./recipes.ts) says which
// assumption each refutes and which run it joins.
import { checkOperationRequest, FLUX_FILTER_DOCUMENTED, type OperationSpec, operationById, operations, provenanceOf } from '@mediagen/schema';
import { isObject } from '@mediagen/schema/util';
import { isFor, jsonReply, type ProxyRequest, parseJson, type Rewrite } from '../proxy.js';
import { editJson, isSuccess, onGenerationItems, onMediaSuccess, refusal } from '../rewrites.js';

const { archiveAssets, getGenerationStatus, getGeneration, getMedia, generateMedia, estimateGeneration } = operations;
const opOf = (request: Pick<ProxyRequest, 'operationId'>): OperationSpec | undefined => (request.operationId ? operationById(request.operationId) : undefined);

/** The (deprecated) generation status carries a filled err beside its payload, as the docs' archive example does. */
export const statusWithNotice: Rewrite = {
  response: (request, response) =>
    isFor(request, getGenerationStatus) && isSuccess(response.status)
      ? editJson(response, (body) => (body.err = { code: 'notice', message: 'this endpoint is deprecated' }))
      : response,
};

/** Failures come as text/plain (their body is still the JSON envelope). */
export const failuresAsText: Rewrite = {
  response: (_request, response) =>
    response.status >= 400 ? { ...response, headers: { ...response.headers, 'content-type': 'text/plain; charset=utf-8' } } : response,
};

/** A generation body carrying fields its chosen kind ignores is refused: this server validates them. */
export const ignoredFieldsValidated: Rewrite = {
  request: (request) => {
    if (!isFor(request, generateMedia, estimateGeneration)) return request;
    // Generate and estimate take the same body: one judgement of it.
    const checked = checkOperationRequest(operations.estimateGeneration, { body: parseJson(request) });
    return checked.warnings.some((w) => w.code === 'ignored_field') ? refusal(422, 'validation_error', 'a field the kind ignores is invalid') : request;
  },
};

/** Lax JSON types, as pydantic reads them: "20" is 20, null is absent (generation items). */
export const laxJsonTypes: Rewrite = {
  request: onGenerationItems((item) => {
    for (const [key, value] of Object.entries(item)) {
      if (value === null) delete item[key];
      else if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && key !== 'model' && key !== 'style')
        item[key] = Number(value);
    }
  }),
};

/** Generations and media keep their legacy names beside the current ones (`images`, `size`). */
export const legacyAliases: Rewrite = {
  response: onMediaSuccess(({ generations, media }) => {
    for (const g of generations) if (Array.isArray(g.media)) g.images = g.media.map((m) => (isObject(m) ? { ...m } : m));
    for (const m of media) if (isObject(m.dim)) m.size = { ...m.dim };
  }),
};

const assumedPaging = (op: OperationSpec | undefined) =>
  op?.query?.shape.page_size !== undefined && provenanceOf(op.query.shape.page_size)?.source === 'assumption';

/** Listings whose page parameters are ours ignore them (always their first page). */
export const assumedPagingIgnored: Rewrite = {
  request: (request) => {
    if (!assumedPaging(opOf(request)) || (!request.query.has('page') && !request.query.has('page_size'))) return request;
    const query = new URLSearchParams(request.query);
    query.delete('page');
    query.delete('page_size');
    return { ...request, query };
  },
};

/** The listings whose `?type=flux` no source documents ignore it. */
export const assumedFluxFilterIgnored: Rewrite = {
  request: (request) => {
    const op = opOf(request);
    if (!op?.catalogue || FLUX_FILTER_DOCUMENTED.has(op.catalogue) || !request.query.has('type')) return request;
    const query = new URLSearchParams(request.query);
    query.delete('type');
    return { ...request, query };
  },
};

/** A generation is not readable by the very first read after its creation (404), only by later ones. */
export function readableAfterAWhile(): Rewrite {
  const read = new Set<string>();
  return {
    request: (request) => {
      if (!isFor(request, getGeneration) || !request.headers['x-api-key']) return request;
      const id = decodeURIComponent(request.path.split('/').pop() ?? '');
      if (read.has(id) || read.size > 10_000) return request;
      read.add(id);
      return refusal(404, 'not_found', 'not yet');
    },
  };
}

/** A media item read again after its terminal status reports `pending` once (its status goes back). */
export function statusGoesBack(): Rewrite {
  const terminalReads = new Map<string, number>();
  return {
    response: (request, response) =>
      isFor(request, getMedia) && isSuccess(response.status)
        ? editJson(response, (body) => {
            const m = body.data;
            if (!isObject(m) || typeof m.id !== 'string' || (m.status !== 'success' && m.status !== 'failed')) return;
            const seen = (terminalReads.get(m.id) ?? 0) + 1;
            terminalReads.set(m.id, seen);
            if (seen === 2) m.status = 'pending';
          })
        : response,
  };
}

/** Get generation reports a successful item as failed while get media says success. */
export const generationDisagrees: Rewrite = {
  response: (request, response) =>
    isFor(request, getGeneration) && isSuccess(response.status)
      ? editJson(response, (body) => {
          if (isObject(body.data) && Array.isArray(body.data.media))
            for (const m of body.data.media) if (isObject(m) && m.status === 'success') m.status = 'failed';
        })
      : response,
};

/** An archive request without ids archives nothing (an empty list), where we assume it is refused. */
export const archiveWithoutIdsArchivesNothing: Rewrite = {
  request: (request) => {
    if (!isFor(request, archiveAssets)) return request;
    const body = parseJson(request);
    return isObject(body) && body.ids === undefined ? jsonReply(200, { data: [], err: {} }) : request;
  },
};

/** Media echo a style_detail that lacks one of the fields we assume it carries (base_model on the first item, name on the others). */
export const partialStyleDetailEcho: Rewrite = {
  response: onMediaSuccess(({ media }) =>
    media.forEach((m, i) => {
      m.style_detail = i === 0 ? { name: 'Bokeh' } : { base_model: 'sdxl' };
    }),
  ),
};
