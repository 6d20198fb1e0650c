// Provenance: where each field and operation of the contract comes from.
//
// The interface description hides many wire names and shapes, the live docs show only the start of
// each page, and the rest we had to decide. Every element therefore records its source, so a reader
// (and the conformance suite) can tell a documented fact from a guess. A fact of a source carries a
// pointer to it (`cite`): the section of the interface description and the words it rests on, or the
// live docs page that shows it. An assumption carries a claim that a run against the live service can
// confirm or refute, and no pointer: nothing says it.
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi';
import type { z } from './zod.js';

export type ProvenanceSource = 'interface' | 'live-docs' | 'assumption';

/** The kinds of constraint a field can carry; each is a rule of its own (`GenerationItem.steps.range`). */
export type ConstraintKind = 'type' | 'required' | 'enum' | 'range' | 'length';
export type ConstraintBasis = Partial<Record<ConstraintKind, Provenance>>;

interface ProvenanceBase {
  /**
   * Where a constraint on the field comes from when that differs from the field itself: a field
   * the docs show whose range we decided (`true_touch.scale_factor`), or a required-ness the docs
   * state. Without an entry, a constraint shares the field's basis (required-ness in requests
   * excepted: no source marks a request body field required unless said here).
   */
  constraints?: ConstraintBasis;
}

/** A fact one of the two sources states, with the pointer to where. */
export interface SourcedProvenance extends ProvenanceBase {
  source: 'interface' | 'live-docs';
  /**
   * `interface § <section>: "<the words it rests on>"` (a heading of the interface description and a
   * short exact quote), or the URL of the live docs page that shows it.
   */
  cite: string;
  /** A remark on how the source is read (a cut example, a slip of the docs); optional. */
  note?: string;
}

/** A decision of ours; `note` is the claim a live run can confirm or refute. */
export interface AssumedProvenance extends ProvenanceBase {
  source: 'assumption';
  note?: string;
  cite?: undefined;
}

export type Provenance = SourcedProvenance | AssumedProvenance;

/**
 * `Schema.field` for schema fields, `operationId.query.name` / `operationId.path.name` for parameters
 * (`Set.name` for a parameter of a set several operations share), `operation:operationId` for operations.
 */
export type ProvenanceRecord = Provenance & { element: string };

/**
 * The sections of the interface description, by a short key; a citation names the heading in full.
 * (Level-3 headings are cited rather than the level-2 heading above them: the narrower, the better.)
 */
export const INTERFACE_SECTIONS = {
  service: 'What the service does',
  resources: 'Resources and their fields',
  requestBody: 'Generation request body (POST /pub/v1/generations, and the estimate operation)',
  mediaItem: 'Media item',
  generationResponse: 'Generation response (POST /pub/v1/generations)',
  responseEnvelope: 'Response envelope',
  states: 'States and transitions',
  endpoints: 'Endpoints',
  generateEndpoint: 'POST /pub/v1/generations',
  estimateEndpoint: 'Estimate operation',
  listGenerationsEndpoint: 'GET /pub/v1/generations',
  deleteMediaEndpoint: 'DELETE /pub/v1/generations/media/{media_id}',
  resourceListings: 'Resource listings',
  otherOperations: 'Other operations',
  authentication: 'Authentication',
  events: 'Events',
  errors: 'Errors',
  limits: 'Limits',
  versioning: 'Versioning',
} as const;
export type InterfaceSection = keyof typeof INTERFACE_SECTIONS;

const DOCS = 'https://docs.rendernet.ai/api-reference/endpoint';

/** The live documentation's pages, by a short key (a page may show several operations' facts). */
export const DOCS_PAGES = {
  generate: `${DOCS}/generations/generation`,
  estimate: `${DOCS}/generations/estimate_generation`,
  listGenerations: `${DOCS}/generations/list_generations`,
  getGeneration: `${DOCS}/generations/get_generation`,
  getMedia: `${DOCS}/generations/get_media`,
  deleteGeneration: `${DOCS}/generations/delete_generation`,
  deleteImage: `${DOCS}/generations/delete_image`,
  generationStatus: `${DOCS}/generations/generation_status`,
  imageStatus: `${DOCS}/generations/image_status`,
  createCharacter: `${DOCS}/characters/create_character`,
  listCharacters: `${DOCS}/characters/get_characters.md`,
  uploadAsset: `${DOCS}/assets/upload_asset`,
  archiveAsset: `${DOCS}/assets/archive_asset`,
  uploadAssetV2: `${DOCS}/assets_v2/upload_asset_v2`,
  getAssetV2: `${DOCS}/assets_v2/get_asset_v2.md`,
  listAssetsV2: `${DOCS}/assets_v2/list_assets_v2.md`,
} as const;
export type DocsPage = keyof typeof DOCS_PAGES;

/** The form of an interface citation: `interface § <heading>: "<words>"`. */
export const interfaceCite = (section: InterfaceSection, words: string): string => `interface § ${INTERFACE_SECTIONS[section]}: "${words}"`;

const withNote = <T extends object>(basis: T, note: string | undefined): T & { note?: string } => (note ? { ...basis, note } : basis);

/** A basis the live docs give: the page that shows it. */
export const documented = (page: DocsPage, note?: string): SourcedProvenance => withNote({ source: 'live-docs', cite: DOCS_PAGES[page] }, note);

/** A basis the interface description gives: its section and the exact words (short). */
export const stated = (section: InterfaceSection, words: string, note?: string): SourcedProvenance =>
  withNote({ source: 'interface', cite: interfaceCite(section, words) }, note);

/** A basis of ours: the claim a live run can test. */
export const assumption = (claim: string): AssumedProvenance => ({ source: 'assumption', note: claim });

// The provenance lives in the schema's own OpenAPI metadata (`x-provenance`), where the document
// emitter finds it too: nothing is registered at import, so importing a schema module has no effect
// beyond building its schemas. The list of records is derived on demand (./provenance-records.ts).

/** Tags a schema with its basis (and the bases of its constraints that differ from it). */
export function withBasis<T extends z.ZodType>(schema: T, basis: Provenance, constraints?: ConstraintBasis): T {
  const provenance: Provenance = constraints && Object.keys(constraints).length ? { ...basis, constraints } : basis;
  return schema.openapi({ 'x-provenance': provenance } as never);
}

/** A field whose name and shape a live docs page shows. */
export const fromDocs = <T extends z.ZodType>(schema: T, page: DocsPage, note?: string, constraints?: ConstraintBasis): T =>
  withBasis(schema, documented(page, note), constraints);

/** A field the interface description states (and the live docs do not contradict), with the words it rests on. */
export const fromInterface = <T extends z.ZodType>(schema: T, section: InterfaceSection, words: string, note?: string, constraints?: ConstraintBasis): T =>
  withBasis(schema, stated(section, words, note), constraints);

/** A decision of ours that neither source settles; `claim` is what a live run can test. */
export const assumed = <T extends z.ZodType>(schema: T, claim: string, constraints?: ConstraintBasis): T => withBasis(schema, assumption(claim), constraints);

/** The enums a source calls case sensitive (quality, sampler), by their schema. */
const caseSensitiveEnums = new WeakSet<object>();

/**
 * Marks an enum a source calls case sensitive: a value of it in another case breaks the enum's own
 * rule. Of any other enum, refusing another case is our reading (`enum_values_case_sensitive`).
 */
export function caseSensitive<T extends z.ZodType>(schema: T): T {
  caseSensitiveEnums.add(schema);
  return schema;
}

/** Whether a source calls this enum case sensitive. */
export const isCaseSensitive = (schema: object): boolean => caseSensitiveEnums.has(schema);

/** The names of the parameters several operations share, by their schema (see `parameterSet`). */
const sharedParameterNames = new WeakMap<object, string>();

/**
 * Names the parameters of a set several operations spread into their queries (`CatalogueQuery.type`),
 * so an element, its rules and their verdicts name the set, not whichever operation the table lists
 * first. A parameter already named by a set it was spread from keeps that name.
 */
export function parameterSet<T extends Record<string, z.ZodType>>(name: string, parameters: T): T {
  for (const [key, schema] of Object.entries(parameters)) if (!sharedParameterNames.has(schema)) sharedParameterNames.set(schema, `${name}.${key}`);
  return parameters;
}

/** The element name of a shared parameter, if its schema belongs to a named set. */
export const sharedParameterName = (schema: object): string | undefined => sharedParameterNames.get(schema);

/** The provenance of a schema built with the helpers above, looking through `.optional()`. */
export function provenanceOf(schema: z.ZodType): Provenance | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; depth < 4 && current; depth++) {
    const found = (getOpenApiMetadata(current as never) as { 'x-provenance'?: Provenance } | undefined)?.['x-provenance'];
    if (found) return found;
    current = (current as unknown as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  }
  return undefined;
}
