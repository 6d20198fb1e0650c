// The rules of the service's behaviour: what it answers, not what a request may hold. Every assertion
// the conformance suite makes about a response (a status, a shape, a transition, an arithmetic
// relation, a refusal, an acceptance) names one of these rules, or a request rule it is the refusal
// of, or a constraint rule of a response field. A compound promise is split where the sources stop:
// "a missing key is not served" is stated, "…with 401" is ours.
import { type CatalogueName, type OperationId, operationList } from '../operations.js';
import type { ProvenanceSource } from '../provenance.js';

const GEN = 'https://docs.rendernet.ai/api-reference/endpoint/generations/generation';
const LIST = 'https://docs.rendernet.ai/api-reference/endpoint/generations/list_generations';
const GET = 'https://docs.rendernet.ai/api-reference/endpoint/generations/get_generation';
const MEDIA = 'https://docs.rendernet.ai/api-reference/endpoint/generations/get_media';
const DELGEN = 'https://docs.rendernet.ai/api-reference/endpoint/generations/delete_generation';
const DELIMG = 'https://docs.rendernet.ai/api-reference/endpoint/generations/delete_image';
const CHARC = 'https://docs.rendernet.ai/api-reference/endpoint/characters/create_character';
const CHARL = 'https://docs.rendernet.ai/api-reference/endpoint/characters/get_characters.md';
const GETA2 = 'https://docs.rendernet.ai/api-reference/endpoint/assets_v2/get_asset_v2.md';

export interface BehaviourRule {
  id: string;
  source: ProvenanceSource;
  /** Where a source says it (`interface § Section: "words"`, or the docs page); none for assumptions. */
  cite?: string;
  description: string;
  /** For assumptions: the claim a run confirms or refutes. */
  note?: string;
}

const rule = (id: string, source: 'interface' | 'live-docs', cite: string, description: string): BehaviourRule => ({ id, source, cite, description });
const assume = (id: string, description: string, note: string): BehaviourRule => ({ id, source: 'assumption', description, note });

/** The behaviour rules, written once. */
export const BEHAVIOUR_RULES: readonly BehaviourRule[] = [
  // Answering at all.
  rule(
    'answers_requests',
    'interface',
    'interface § Endpoints: "All endpoints take the header X-API-KEY"',
    'Every request to an operation gets an HTTP answer.',
  ),
  rule(
    'answers_at_its_origin',
    'live-docs',
    GEN,
    'An operation answers at its path on the service\u2019s own origin: a redirect to another origin is no answer (the API key would follow it).',
  ),
  // The envelope.
  rule(
    'envelope_is_object',
    'interface',
    'interface § Response envelope: "Every response shown has the form: data (object, the payload) and err"',
    'A response body is a JSON object: the data / err envelope.',
  ),
  rule('success_has_data', 'interface', 'interface § Response envelope: "data (object, the payload)"', 'A successful response carries its payload in data.'),
  rule(
    'err_is_object',
    'interface',
    'interface § Errors: "err is an object that holds the error when the request was not successful"',
    'err, when present, is an object.',
  ),
  rule(
    'failure_has_err',
    'interface',
    'interface § Errors: "err is an object that holds the error when the request was not successful"',
    'A request that was not successful is answered with err holding the error.',
  ),
  assume(
    'failure_err_code_message',
    'A failure fills err with { code, message }.',
    'every failure fills err with { code, message }, as the archive example does (the only filled err the docs show)',
  ),
  assume(
    'failure_status_error',
    'A request that is not served is answered with a 4xx or 5xx status.',
    'failures use a 4xx or 5xx status (the sources show only 200)',
  ),
  // Content types.
  rule('success_is_json', 'live-docs', LIST, 'A successful response is application/json.'),
  assume('failure_is_json', 'A failure is application/json.', 'failures are answered as application/json too (no failure is shown)'),
  // Valid requests.
  rule(
    'valid_request_served',
    'interface',
    'interface § What the service does: "Each generation request returns a generation identifier"',
    'A request the sources allow is served: a 2xx answer whose err is empty.',
  ),
  assume(
    'ignored_fields_not_validated',
    'Fields the chosen kind ignores are not validated.',
    'a field the chosen kind ignores is not validated (a segment item may carry a Flux control_net with resize_mode)',
  ),
  // Invalid requests: the refusal of a request rule names that rule; how it is refused is ours.
  assume(
    'invalid_request_refused_up_front',
    'A request that breaks a rule is refused up front with a 4xx status.',
    'a request that breaks a rule is refused with a 4xx status (not accepted and failed later, not answered 200 with err)',
  ),
  assume(
    'json_types_strict',
    'A number sent as a numeric string, or null for a field, is refused.',
    'a number sent as a numeric string, or null for a field, is refused (a lax server, as pydantic is by default, reads "20" as 20 and null as absent)',
  ),
  assume(
    'query_values_case_sensitive',
    'Query values are matched case-sensitively.',
    'query values are matched case-sensitively (no source says so; servers often match loosely)',
  ),
  // Authentication.
  rule(
    'missing_key_not_served',
    'interface',
    'interface § Authentication: "Every endpoint takes the header X-API-KEY: string, required"',
    'A request without X-API-KEY is not served.',
  ),
  assume(
    'missing_key_401',
    'A request without X-API-KEY is refused with 401.',
    'a missing key is refused with 401 (the behaviour for a missing key is not shown)',
  ),
  rule(
    'wrong_key_not_served',
    'interface',
    'interface § Authentication: "value <API_KEY>. The key is obtained by logging in to the service website"',
    'A request with a key the service did not issue is not served.',
  ),
  assume(
    'wrong_key_401',
    'A request with a wrong X-API-KEY is refused with 401.',
    'a wrong key is refused with 401 (the behaviour for an invalid key is not shown)',
  ),
  // Names of the dated changes.
  rule(
    'current_field_names',
    'interface',
    'interface § Versioning: "2024-09-04 … images renamed media, image_size renamed dim, type added"',
    'Responses use the current names (media, dim, type), not the legacy ones (images, size, image_size).',
  ),
  assume(
    'legacy_image_id_ignored',
    'The legacy image_id query parameter no longer filters.',
    'the renamed query parameter image_id is no longer honoured (a server may keep it as an alias)',
  ),
  // Pages and filters.
  rule('page_honoured', 'live-docs', LIST, 'A paged listing answers at most page_size items, and pagination echoes the page asked for.'),
  assume(
    'page_honoured_where_assumed',
    'Listings whose page parameters are assumed honour them like list generations.',
    'the catalogue and asset listings take page and page_size as list generations does',
  ),
  rule(
    'media_id_filter',
    'interface',
    'interface § GET /pub/v1/generations: "Query parameter media_id"',
    '?media_id lists only the generations that contain it.',
  ),
  rule('generation_id_filter', 'live-docs', LIST, '?generation_id lists the generation of that id.'),
  rule('status_filter', 'live-docs', LIST, '?status=success lists only generations with a successful item.'),
  rule(
    'type_flux_filter',
    'interface',
    'interface § Resource listings: "?type=flux lists the control nets for flux models"',
    '?type=flux lists only flux items (control nets, and styles per the Flux notes).',
  ),
  assume(
    'type_flux_filter_assumed',
    'Models and LoRAs honour ?type=flux as control nets do.',
    'the models and LoRAs listings filter by ?type=flux as control nets and styles do',
  ),
  // What was created can be read back.
  rule(
    'created_generation_readable',
    'interface',
    'interface § What the service does: "The identifier is used to track the status of the generation and to view the generated media"',
    'A generation just created is served by get generation with its media.',
  ),
  rule('created_media_readable', 'live-docs', MEDIA, 'A media item just created is served by get media.'),
  rule('created_generation_listed', 'live-docs', LIST, 'A generation just created is listed by ?generation_id.'),
  rule('uploaded_asset_readable', 'live-docs', GETA2, 'An asset just uploaded is served by get asset.'),
  rule('created_character_listed', 'live-docs', CHARL, 'A character just created is in the characters listing.'),
  // Deleting.
  rule(
    'delete_answers_id',
    'interface',
    'interface § DELETE /pub/v1/generations/media/{media_id}: "data: object with id (string, the id of the deleted media)"',
    'A delete answers the id it deleted.',
  ),
  rule(
    'deleted_media_gone',
    'interface',
    'interface § States and transitions: "Deleting a media item removes that item only"',
    'A deleted media item is no longer served or listed.',
  ),
  rule(
    'deleted_media_siblings_kept',
    'interface',
    'interface § States and transitions: "the other media of the same generation batch are retained"',
    'Deleting a media item keeps the other media of its batch.',
  ),
  rule('deleted_generation_gone', 'live-docs', DELGEN, 'A deleted generation is no longer served.'),
  rule('deleted_generation_media_gone', 'live-docs', DELIMG, 'The media of a deleted generation are no longer served.'),
  assume(
    'deleted_item_404',
    'A deleted item looked up again answers 404.',
    'a deleted generation or media item looked up again answers 404 (no source shows the status)',
  ),
  // The lifecycle.
  assume(
    'lifecycle_order',
    'Media move initiated → pending → success | failed | censored, never back, and change no more once terminal.',
    'media statuses move initiated → pending → a terminal status and never back (transitions are not shown)',
  ),
  assume('lifecycle_terminal_in_time', 'Media reach a terminal status within the wait.', 'a generation finishes within the run\u2019s lifecycle wait'),
  assume(
    'generation_agrees_with_media',
    'Get generation and get media report the same status for a finished item.',
    'get generation and get media agree on a finished item\u2019s status',
  ),
  // Credits.
  rule(
    'estimate_is_the_charge',
    'interface',
    'interface § What the service does: "returns the credit cost of processing that request and the current credit balance"',
    'Generating spends what the estimate of the same body said: the balance falls by the estimate.',
  ),
  rule('credits_remaining_is_the_balance', 'live-docs', GEN, 'credits_remaining in the generate response is the balance the next estimate reports.'),
  assume('estimate_is_free', 'An estimate spends no credits.', 'an estimate spends no credits'),
  assume('reads_are_free', 'Reads spend no credits.', 'listing and reading spend no credits'),
  assume('failed_generate_is_free', 'A generate refused with an error keeps no credits.', 'a generate answered with an error keeps no credits'),
  assume('above_balance_refused', 'A generation costing more than the balance is refused.', 'a generation costing more than the balance is refused'),
  assume('above_balance_402', 'A generation costing more than the balance is refused with 402.', 'a generation above the balance is refused with 402'),
  assume(
    'estimate_prices_any_valid_body',
    'The estimate answers a price for every valid body.',
    'the estimate prices every body the contract allows (none is refused for the caller\u2019s plan or balance)',
  ),
];

/**
 * The rules whose breach the interface description says makes a generation fail (§ Errors,
 * "Conditions that make a generation fail"): a server may refuse such a request up front or accept it
 * and report the generation `failed`; only a successful video breaks them.
 */
export const GENERATION_FAILURE_RULES: ReadonlySet<string> = new Set([
  'VideoAnyone.prompt.length',
  'video_anyone_aspect_ratio',
  'narrator_video_fps',
  'narrator_video_height',
  'narrator_video_width',
]);

/**
 * The listings whose `?type=flux` the sources document: control nets (interface § Resource listings:
 * "?type=flux lists the control nets for flux models") and styles (the generate page's Flux notes:
 * "list with GET /pub/v1/styles?type=flux"). On the others the filter is ours (`type_flux_filter_assumed`).
 */
export const FLUX_FILTER_DOCUMENTED: ReadonlySet<CatalogueName> = new Set<CatalogueName>(['controlnets', 'styles']);

/**
 * Where each operation's success status comes from: the docs pages that show it, the interface's
 * "only success status shown is 200" for generate and delete media, and our guess where no page shows one.
 */
const SUCCESS_STATUS_CITES: Partial<Record<OperationId, string>> = {
  generateMedia: 'interface § Errors: "The only success status shown is 200"',
  deleteMedia: 'interface § DELETE /pub/v1/generations/media/{media_id}: "Response 200, application/json"',
  listGenerations: LIST,
  getGeneration: GET,
  getMedia: MEDIA,
  deleteGeneration: DELGEN,
  deleteImage: DELIMG,
  getGenerationStatus: 'https://docs.rendernet.ai/api-reference/endpoint/generations/generation_status',
  getImageStatus: 'https://docs.rendernet.ai/api-reference/endpoint/generations/image_status',
  createCharacter: CHARC,
  uploadAsset: 'https://docs.rendernet.ai/api-reference/endpoint/assets/upload_asset',
  archiveAssets: 'https://docs.rendernet.ai/api-reference/endpoint/assets/archive_asset',
  uploadAssetV2: 'https://docs.rendernet.ai/api-reference/endpoint/assets_v2/upload_asset_v2',
};

/** The rule id of an operation's success status (`generateMedia.success_status`). */
export const successStatusRule = (operationId: OperationId): string => `${operationId}.success_status`;

/** One success-status rule per operation, with the basis its source gives. */
function successStatusRules(): BehaviourRule[] {
  return operationList.map((op) => {
    const cite = SUCCESS_STATUS_CITES[op.operationId];
    const description = `A successful ${op.operationId} answers ${op.success.status}.`;
    if (!cite)
      return assume(successStatusRule(op.operationId), description, `${op.operationId} answers ${op.success.status} on success (no page shows its status)`);
    return rule(successStatusRule(op.operationId), cite.startsWith('interface') ? 'interface' : 'live-docs', cite, description);
  });
}

/** Every behaviour rule: the list above and one success-status rule per operation. */
export function behaviourRules(): BehaviourRule[] {
  return [...BEHAVIOUR_RULES, ...successStatusRules()];
}
