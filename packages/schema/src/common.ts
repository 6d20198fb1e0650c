// Shapes shared by every resource: the `data`/`err` envelope, the error object, dimensions and
// pagination. Objects are open both ways: no source forbids unknown request fields (a typo is a
// warning of the request checks, an error only in strict mode), and a field the service adds tomorrow
// must not break today's clients.
import { assumed, assumption, fromDocs, fromInterface, type Provenance, parameterSet, withBasis } from './provenance.js';
import { z } from './zod.js';

type Shape = Record<string, z.ZodType>;

/** A request object: unknown fields allowed (the checks warn); its fields are the elements `Name.field`. */
export function requestObject<S extends Shape>(name: string, shape: S, description?: string) {
  return z.object(shape).openapi(name, description ? { description } : {});
}

/** A response object: unknown fields kept (forward compatible); its fields are the elements `Name.field`. */
export function responseObject<S extends Shape>(name: string, shape: S, description?: string) {
  return z.looseObject(shape).openapi(name, description ? { description } : {});
}

/** The docs give dimensions as integers (get generation's field list); that they are never negative is ours. */
const dimension = () => fromDocs(z.int().min(0).openapi({ example: 512 }), 'getGeneration', undefined, { range: assumption('dimensions are never negative') });

export const Dim = responseObject(
  'Dim',
  {
    height: dimension(),
    width: dimension(),
  },
  'Pixel dimensions of a media item or asset.',
);
export type Dim = z.infer<typeof Dim>;

/**
 * The same `{ height, width }` pair as sent in asset upload requests. The upload page shows only the
 * example 512: that a size is a whole number of pixels, at least 1, is ours.
 */
const sizeInput = (field: string) =>
  fromDocs(z.int().min(1).openapi({ example: 512 }), 'uploadAsset', undefined, {
    type: assumption(`the service rejects a ${field} that is not a whole number`),
    range: assumption(`the service rejects a ${field} below 1`),
  });

export const SizeInput = requestObject(
  'SizeInput',
  {
    height: sizeInput('height'),
    width: sizeInput('width'),
  },
  'Approximate pixel size of the file about to be uploaded.',
);
export type SizeInput = z.infer<typeof SizeInput>;

// The only filled err the docs show is the archive example's placeholder (`error_code`, `error_message`):
// that an error carries these two fields is ours, a claim a live run settles.
export const ApiError = responseObject(
  'ApiError',
  {
    code: assumed(z.string().openapi({ example: 'error_code' }), 'a filled err has a string code, as the archive example\u2019s placeholder does'),
    message: assumed(z.string().openapi({ example: 'error_message' }), 'a filled err has a string message, as the archive example\u2019s placeholder does'),
  },
  'The error object of a failed request.',
);
export type ApiError = z.infer<typeof ApiError>;

/** `err` on a successful response: the docs show `{}`; the archive example shows a filled one. */
export const EmptyOrError = z
  .union([z.strictObject({}).openapi({ title: 'no error' }), ApiError])
  .openapi('ErrOrEmpty', { description: 'Empty object on success; the archive example fills it.' });

// Get generation's field list gives each an integer and page_size 1 <= x <= 50; the other bounds are ours.
export const Pagination = responseObject('Pagination', {
  page: fromDocs(z.int().min(1).openapi({ example: 1 }), 'getGeneration', undefined, { range: assumption('pages are numbered from 1') }),
  page_size: fromDocs(z.int().min(1).openapi({ example: 10 }), 'getGeneration'),
  total: fromDocs(z.int().min(0).openapi({ example: 100 }), 'getGeneration', undefined, { range: assumption('a total is never negative') }),
});
export type Pagination = z.infer<typeof Pagination>;

/**
 * `err` of every success envelope: the interface description's words say it is an object; that it is
 * `{}` or `{ code, message }` and nothing else is ours (the two the docs' examples show).
 */
const errField = () =>
  fromInterface(
    EmptyOrError.optional(),
    'responseEnvelope',
    '`err` (object, the error if the request was not successful)',
    'the generate example ends before it',
    { type: assumption('a successful response\u2019s err is {} or { code, message }, the two shapes the docs\u2019 examples show') },
  );

/**
 * The success envelope of an operation whose `data` has the basis `dataBasis` (the page that shows
 * it, or the claim we make about it). `err` is optional because the generate example ends before it.
 */
export function envelope<T extends z.ZodType>(name: string, data: T, dataBasis: Provenance) {
  return responseObject(name, { data: withBasis(data, dataBasis), err: errField() });
}

/** The success envelope of a paged listing: `envelope` and an optional `pagination` with its own basis. */
export function pagedEnvelope<T extends z.ZodType>(name: string, data: T, dataBasis: Provenance, paginationBasis: Provenance) {
  return responseObject(name, { data: withBasis(data, dataBasis), err: errField(), pagination: withBasis(Pagination.optional(), paginationBasis) });
}

export const ErrorEnvelope = responseObject(
  'ErrorEnvelope',
  {
    data: assumed(z.unknown().optional(), 'failed responses carry no meaningful data'),
    // That a failed request has `err` is the interface description's; its { code, message } shape is ours
    // (ApiError, after the archive example's placeholder); that failures answer a 4xx or 5xx status is ours (the
    // error responses of the document say so), since neither source shows an error status.
    err: fromInterface(
      ApiError,
      'errors',
      '`err` is an object that holds the error when the request was not successful',
      'its { code, message } is the archive example\u2019s',
    ),
  },
  'The envelope of a failed request: `err` holds `{ code, message }`.',
);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Error codes this contract uses in its examples and the sandbox; the service may send others. */
export const ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'insufficient_credits',
  404: 'not_found',
  422: 'validation_error',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
} as const;
export type ErrorStatus = keyof typeof ERROR_CODES;

/**
 * Status ranges every operation declares with the error envelope. Neither source shows a 4xx or 5xx,
 * so which one a server picks for a given failure is not a promise of the contract: any of them, in
 * the envelope, conforms. The statuses of ERROR_CODES stay listed for their examples (and for mocks
 * that answer 401 for a missing key and 422 for an invalid request).
 */
export const ERROR_STATUS_RANGES = ['4XX', '5XX'] as const;
export type ErrorStatusRange = (typeof ERROR_STATUS_RANGES)[number];

/** True when a status falls in a declared range (`404` in `4XX`). */
export const inStatusRange = (status: number, range: ErrorStatusRange): boolean => Math.floor(status / 100) === Number(range[0]);

export const pageSchema = () => z.coerce.number().int().min(1).optional().openapi({ type: 'integer', minimum: 1, example: 1 });
export const pageSizeSchema = () => z.coerce.number().int().min(1).max(50).optional().openapi({ type: 'integer', minimum: 1, maximum: 50, example: 10 });

/**
 * The page parameters list generations documents: the parameters and their meaning are the page's;
 * their bounds are ours (it prints both "x > 1" and "minimum 1" for page, "1 < x < 50" and
 * "1 <= x <= 50" for page_size).
 */
export const PageQuery = {
  page: fromDocs(pageSchema(), 'listGenerations', undefined, { range: assumption('page starts at 1 (docs print both "x > 1" and "minimum 1")') }),
  page_size: fromDocs(pageSizeSchema(), 'listGenerations', undefined, {
    range: assumption('page_size is 1..50 inclusive (docs print "1 < x < 50" and "1 <= x <= 50")'),
  }),
};

/** The same parameters on the listings whose parameters no page shows (the catalogue, assets v2): ours. */
export const AssumedPageQuery = parameterSet('AssumedPageQuery', {
  page: assumed(pageSchema(), 'this listing takes page as list generations does, from 1'),
  page_size: assumed(pageSizeSchema(), 'this listing takes page_size as list generations does, 1..50'),
});
