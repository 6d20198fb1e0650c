// The pieces the operations table is written with: path parameters, error lists, examples and the
// catalogue listing's entry, each written once for every operation that uses it.
import { type ErrorStatus, pagedEnvelope } from '../common.js';
import * as docs from '../examples/live-docs.js';
import { assumption, type DocsPage, documented, fromDocs, type Provenance } from '../provenance.js';
import { z } from '../zod.js';
import type { CatalogueName, Example, OperationEntry, Shape } from './vocabulary.js';

/** A path parameter: its page shows the path (so it is required); that it is not empty is ours. */
export const id = (example: string, page: DocsPage) =>
  fromDocs(z.string().min(1).openapi({ example }), page, undefined, { length: assumption('an empty id names no resource (the path would be another one)') });
export const ids = {
  generation_id: id('gen_01', 'getGeneration'),
  media_id: id('media_01', 'getMedia'),
  image_id: id('img_01', 'deleteImage'),
  asset_id: id('ast_01', 'getAssetV2'),
};
export const pathParams = <K extends keyof typeof ids>(...keys: K[]) => z.object(Object.fromEntries(keys.map((k) => [k, ids[k]])) as Pick<typeof ids, K>);
export const query = <S extends Shape>(shape: S) => z.object(shape);

export const WRITE_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
export const QUERY_ERRORS: ErrorStatus[] = [400, 401, 422, 429, 500, 503];
export const BY_ID_ERRORS: ErrorStatus[] = [401, 404, 429, 500, 503];

export const one = (summary: string, value: unknown): Record<string, Example> => ({ docs: { summary, value } });

/**
 * The generate page's field examples, one generation item each. The Flux item uses a control net
 * with Flux, which came on 2024-12-04 (its model value alone would pass any older document's schema).
 */
const ITEM_EXAMPLES_SINCE: Partial<Record<keyof typeof docs.generationItems, string>> = { flux: '2024-12-04' };
export const itemExamples: Record<string, Example> = Object.fromEntries(
  Object.entries(docs.generationItems).map(([name, item]) => {
    const since = ITEM_EXAMPLES_SINCE[name as keyof typeof docs.generationItems];
    return [name, { summary: `${name} generation (docs field examples)`, value: [item], ...(since ? { since } : {}) }];
  }),
);

/** A catalogue listing: a paged read of the resources generation requests name. */
export const catalogue = <Q extends z.ZodObject<Shape>, S extends z.ZodType, N extends CatalogueName>(
  name: N,
  path: string,
  what: string,
  parts: { query: Q; schema: S },
  examples: Record<string, Example>,
  provenance: Provenance = documented('generate', 'path referenced by the generate page; item shape assumed'),
) =>
  ({
    method: 'get',
    path,
    tag: 'Resources',
    summary: `List ${what}`,
    description: `Lists the available ${what}.`,
    query: parts.query,
    success: {
      status: 200,
      description: `The available ${what}.`,
      schema: parts.schema,
      examples,
    },
    errors: QUERY_ERRORS,
    effect: 'read',
    paged: true,
    catalogue: name,
    provenance,
  }) as const satisfies OperationEntry;

/** A listing example whose item shape is our assumption. */
export const assumedList = (items: unknown[], summary = 'shape assumed', since?: string): Example => ({
  summary,
  value: { data: items, err: {}, pagination: { page: 1, page_size: 10, total: items.length } },
  ...(since ? { since } : {}),
});

/** The `data` and `pagination` of a listing no page shows: our claims about them. */
export const listedData = (what: string) => assumption(`the ${what} listing answers its items as a list in data`);
export const listedPagination = (what: string) => assumption(`the ${what} listing answers a pagination object beside data`);
/** A catalogue listing's page envelope: neither its data nor its pagination is shown anywhere. */
export const cataloguePage = <T extends z.ZodType>(name: string, item: T, what: string) =>
  pagedEnvelope(name, z.array(item), listedData(what), listedPagination(what));
