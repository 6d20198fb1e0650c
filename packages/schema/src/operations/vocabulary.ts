// The words of the operations table: what an operation is as the table writes it (OperationEntry) and
// with its derived traits (OperationSpec), and the traits' vocabularies (effect, resource kinds, catalogue
// names, the shapes that carry media).
import type { ErrorStatus } from '../common.js';
import type { Provenance } from '../provenance.js';
import type { z } from '../zod.js';

export type Tag = 'Generation' | 'Resources' | 'Assets' | 'Characters';
export type Method = 'get' | 'post' | 'delete';
export type Shape = Record<string, z.ZodType>;

export interface Example {
  summary: string;
  value: unknown;
  /**
   * The ledger date from which the example shows the API (it names a kind, field or value that came
   * then: Flux, a Flux control net): documents of older dates leave it out. Emitted as `x-since`.
   */
  since?: string;
}

/** What calling an operation does to the account: the one fact retries, safety modes and ordering read. */
export type Effect = 'read' | 'create' | 'spend' | 'delete';
/** The kinds of resource the account holds and operations create, read and delete. */
export type ResourceKind = 'generation' | 'media' | 'asset' | 'character';
/** The kind of resource an operation brings into being. */
export type Creates = 'generation' | 'asset' | 'character';
/** The five catalogue listings: the names generation requests refer to. */
export type CatalogueName = 'models' | 'styles' | 'controlnets' | 'loras' | 'voices';
/** The shape of a success body that carries media (where the 2024-09-04 renames live). */
export type MediaCarrier = 'generation' | 'generation-page' | 'media';

/** What a successful call brings into being, and where its id is in the success body's `data`. */
export interface Creation {
  kind: Creates;
  /** Path of the new resource's id inside `data` (`['asset', 'id']` for a v1 upload). */
  idAt: readonly string[];
}

/** What a successful call removes, and where the request names it. */
export interface Deletion {
  kind: Exclude<ResourceKind, 'character'>;
  /** The path parameter that names it, or the body field that lists the ids. */
  from: { param: string } | { bodyList: string };
}

/** The path parameters that name a resource of the account, and which kind (what a call needs first). */
export const PATH_PARAM_RESOURCES = {
  generation_id: 'generation',
  media_id: 'media',
  image_id: 'media',
  asset_id: 'asset',
} as const satisfies Record<string, ResourceKind>;

/** One operation as the table writes it; its operationId is its key in the table. */
export interface OperationEntry {
  method: Method;
  /** OpenAPI path template, e.g. `/pub/v1/generations/{generation_id}`. */
  path: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Set on the three deprecated operations: the operationId that replaces it (a test holds it is one). */
  deprecatedBy?: string;
  params?: z.ZodObject<Shape>;
  query?: z.ZodObject<Shape>;
  body?: z.ZodType;
  /** Example request bodies, by name. */
  requestExamples?: Record<string, Example>;
  /** Example path and query values for a runnable request (the mock and the conformance suite use them). */
  exampleParams?: Record<string, string>;
  exampleQuery?: Record<string, string>;
  success: {
    status: 200 | 201;
    description: string;
    /** The whole success envelope. */
    schema: z.ZodType;
    examples: Record<string, Example>;
  };
  errors: ErrorStatus[];
  /** read: changes nothing; create: makes a resource; spend: spends credits; delete: removes resources. */
  effect: Effect;
  /** A paged listing: takes `page`/`page_size` and answers a page of items with `pagination`. */
  paged: boolean;
  /** The resource a successful call creates, and where its id is. */
  creates?: Creation;
  /** The resource a successful call deletes, and where the request names it. */
  deletes?: Deletion;
  /** The success body carries a generation, a page of generations, or one media item. */
  carries?: MediaCarrier;
  /** One of the five resource listings (models, styles, control nets, LoRAs, voices). */
  catalogue?: CatalogueName;
  /** The body is a generation request: the rules that need outside facts (plan, catalogue, inputs) apply. */
  generationBody?: true;
  provenance: Provenance;
}
