// The rules of the service's behaviour: what it answers, not what a request may hold. Every assertion
// the conformance suite makes about a response (a status, a shape, a transition, an arithmetic
// relation, a refusal, an acceptance) names one of these rules, or a request rule it is the refusal
// of, or a constraint rule of a response field. A compound promise is split where the sources stop:
// "a missing key is not served" is stated, "…with 401" is ours.
import { type CatalogueName, type OperationId, operationList } from '../operations.js';
import { type AssumedProvenance, assumption, type DocsPage, documented, type SourcedProvenance, stated } from '../provenance.js';

/** A behaviour rule: its id, what it says, and its basis (a source with its pointer, or our claim). */
export type BehaviourRule = { id: string; description: string } & (Omit<SourcedProvenance, 'constraints'> | Omit<AssumedProvenance, 'constraints'>);

const rule = (id: string, basis: SourcedProvenance, description: string): BehaviourRule => ({ id, description, ...basis });
const assume = (id: string, description: string, claim: string): BehaviourRule => ({ id, description, ...assumption(claim) });

/** The behaviour rules, written once. */
export const BEHAVIOUR_RULES: readonly BehaviourRule[] = [
  // Answering at all.
  rule('answers_requests', stated('responseEnvelope', 'Every response shown has the form'), 'Every request to an operation gets an HTTP answer.'),
  // No source says the service never redirects: an answer elsewhere is a verdict, and the key never follows it.
  assume(
    'answers_at_its_origin',
    'An operation answers at its path on the service\u2019s own origin, not with a redirect to another origin.',
    'the service answers every operation at its own origin (a redirect elsewhere is not followed: the API key would go with it)',
  ),
  // The envelope.
  rule('envelope_is_object', stated('responseEnvelope', 'Every response shown has the form'), 'A response body is a JSON object: the data / err envelope.'),
  rule('success_has_data', stated('responseEnvelope', '(object, the payload)'), 'A successful response carries its payload in data.'),
  rule('err_is_object', stated('errors', 'is an object that holds the error when the request was not successful'), 'err, when present, is an object.'),
  rule(
    'failure_has_err',
    stated('errors', 'is an object that holds the error when the request was not successful'),
    'A request that was not successful is answered with err holding the error.',
  ),
  assume(
    'failure_err_code_message',
    'A failure fills err with { code, message }.',
    'every failure fills err with { code, message }, as the archive example does (the only filled err the docs show)',
  ),
  assume(
    'served_err_empty',
    'A served request answers with err empty or absent.',
    'a request that was served answers with an empty err (the archive example shows a filled placeholder err beside its payload)',
  ),
  assume(
    'failure_status_error',
    'A request that is not served is answered with a 4xx or 5xx status.',
    'failures use a 4xx or 5xx status (the sources show only 200)',
  ),
  // Content types.
  rule('success_is_json', documented('listGenerations'), 'A successful response is application/json.'),
  assume('failure_is_json', 'A failure is application/json.', 'failures are answered as application/json too (no failure is shown)'),
  // Valid requests.
  rule(
    'valid_request_served',
    stated('service', 'Each generation request returns a generation identifier'),
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
    'enum_values_case_sensitive',
    'Values of a list no source calls case sensitive are matched case-sensitively.',
    'values of a listed set (a query value, character.mode, aspect_ratio) are matched case-sensitively; only quality and sampler are stated case sensitive, and servers often match loosely',
  ),
  assume(
    'open_range_values_accepted',
    'A value no source bounds is accepted.',
    'a value of a field whose range no source states (a negative seed, a large LoRA weight or control mode, an empty prompt) is accepted',
  ),
  // Authentication.
  rule('missing_key_not_served', stated('authentication', 'string, required, value <API_KEY>'), 'A request without X-API-KEY is not served.'),
  assume(
    'missing_key_401',
    'A request without X-API-KEY is refused with 401.',
    'a missing key is refused with 401 (the behaviour for a missing key is not shown)',
  ),
  rule(
    'wrong_key_not_served',
    stated('authentication', 'The key is obtained by logging in to the service website'),
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
    stated('mediaItem', 'Renamed from `size` (list) and `image_size` (generate) on 2024-09-04'),
    'Responses carry the current names (media, dim, type).',
  ),
  assume(
    'legacy_field_names_gone',
    'Responses no longer carry the legacy names (images, size, image_size) beside the current ones.',
    'a renamed field is no longer sent under its old name (a server may keep the old name as an alias)',
  ),
  assume(
    'legacy_image_id_ignored',
    'The legacy image_id query parameter no longer filters.',
    'the renamed query parameter image_id is no longer honoured (a server may keep it as an alias)',
  ),
  // Pages and filters.
  rule('page_honoured', documented('listGenerations'), 'A paged listing answers at most page_size items, and pagination echoes the page asked for.'),
  assume(
    'page_honoured_where_assumed',
    'Listings whose page parameters are assumed honour them like list generations.',
    'the catalogue and asset listings take page and page_size as list generations does',
  ),
  rule('media_id_filter', stated('listGenerationsEndpoint', 'Query parameter `media_id`'), '?media_id lists only the generations that contain it.'),
  rule('generation_id_filter', documented('listGenerations'), '?generation_id lists only the generation of that id.'),
  rule('status_filter', documented('listGenerations'), '?status=success lists only generations with a successful item.'),
  rule(
    'type_flux_filter',
    stated('resourceListings', 'lists the control nets for flux models'),
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
    stated('service', 'The identifier is used to track the status of the generation and to view the generated media'),
    'A generation just created is served by get generation with its media.',
  ),
  rule('created_media_readable', documented('getMedia'), 'A media item just created is served by get media.'),
  assume(
    'created_readable_at_once',
    'What was just created is readable by the very next read.',
    'a resource just created is served by the first read after its creation (no source says when it becomes readable)',
  ),
  rule('created_generation_listed', documented('listGenerations'), 'A generation just created is listed by ?generation_id.'),
  rule('uploaded_asset_readable', documented('getAssetV2'), 'An asset just uploaded is served by get asset.'),
  rule('created_character_listed', documented('listCharacters'), 'A character just created is in the characters listing.'),
  // Deleting.
  rule('delete_answers_id', stated('deleteMediaEndpoint', 'the id of the deleted media'), 'A delete answers the id it deleted.'),
  rule('deleted_media_gone', stated('states', 'Deleting a media item removes that item only'), 'A deleted media item is no longer served or listed.'),
  rule(
    'deleted_media_siblings_kept',
    stated('states', 'the other media of the same generation batch are retained'),
    'Deleting a media item keeps the other media of its batch.',
  ),
  rule('deleted_generation_gone', documented('deleteGeneration'), 'A deleted generation is no longer served.'),
  rule('deleted_generation_media_gone', documented('deleteImage'), 'The media of a deleted generation are no longer served.'),
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
    stated('service', 'returns the credit cost of processing that request and the current credit balance'),
    'Generating spends what the estimate of the same body said: once the charge is taken (whenever that is), the balance has fallen by the estimate.',
  ),
  rule(
    'estimate_returns_the_balance',
    stated('service', 'returns the credit cost of processing that request and the current credit balance'),
    'The estimate answers the current balance: a charge the generate answer shows (credits_remaining below the balance before it) shows in the balance too.',
  ),
  rule(
    'generation_consumes_credits',
    stated('service', 'Each generation consumes credits'),
    'A generation that was served consumes credits: the balance falls after it (whenever the charge is taken).',
  ),
  assume(
    'credits_remaining_is_the_balance',
    'credits_remaining in the generate response is the balance once the charge settles.',
    'credits_remaining is the balance after the charge (the generate example shows the field, not what it is measured against)',
  ),
  assume(
    'charge_taken_by_next_reading',
    'The balance shows a generation\u2019s charge by the next estimate after it.',
    'the charge of a generation is taken before the next balance reading (no source says when it is taken)',
  ),
  assume('estimate_is_free', 'An estimate spends no credits.', 'an estimate spends no credits'),
  assume('reads_are_free', 'Reads spend no credits.', 'listing and reading spend no credits'),
  assume('failed_generate_is_free', 'A generate refused with an error keeps no credits.', 'a generate answered with an error keeps no credits'),
  assume('above_balance_refused', 'A generation costing more than the balance is refused.', 'a generation costing more than the balance is refused'),
  assume('above_balance_402', 'A generation costing more than the balance is refused with 402.', 'a generation above the balance is refused with 402'),
];

/**
 * The rules whose breach the interface description says makes a generation fail (§ Errors,
 * "Conditions that make a generation fail"): a server may refuse such a request up front or accept it
 * and report the generation `failed`; only a successful generation breaks them.
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
 * Where each operation's success status comes from: the docs pages that show it and the interface's
 * delete-media table; our guess where no page shows one. Generate is among the guesses: its page is cut
 * before the status, and "the only success status shown is 200" says what is shown, not what is used.
 */
const SUCCESS_STATUS_BASES: Partial<Record<OperationId, SourcedProvenance>> = {
  deleteMedia: stated('deleteMediaEndpoint', 'Response 200, application/json'),
  ...Object.fromEntries(
    (
      [
        ['listGenerations', 'listGenerations'],
        ['getGeneration', 'getGeneration'],
        ['getMedia', 'getMedia'],
        ['deleteGeneration', 'deleteGeneration'],
        ['deleteImage', 'deleteImage'],
        ['getGenerationStatus', 'generationStatus'],
        ['getImageStatus', 'imageStatus'],
        ['createCharacter', 'createCharacter'],
        ['uploadAsset', 'uploadAsset'],
        ['archiveAssets', 'archiveAsset'],
        ['uploadAssetV2', 'uploadAssetV2'],
      ] as const satisfies readonly (readonly [OperationId, DocsPage])[]
    ).map(([op, page]) => [op, documented(page)]),
  ),
};

/** The rule id of an operation's success status (`generateMedia.success_status`). */
export const successStatusRule = (operationId: OperationId): string => `${operationId}.success_status`;

/** One success-status rule per operation, with the basis its source gives. */
function successStatusRules(): BehaviourRule[] {
  return operationList.map((op) => {
    const basis = SUCCESS_STATUS_BASES[op.operationId];
    const description = `A successful ${op.operationId} answers ${op.success.status}.`;
    return basis
      ? rule(successStatusRule(op.operationId), basis, description)
      : assume(successStatusRule(op.operationId), description, `${op.operationId} answers ${op.success.status} on success (no page shows its status)`);
  });
}

/** Every behaviour rule: the list above and one success-status rule per operation. */
export function behaviourRules(): BehaviourRule[] {
  return [...BEHAVIOUR_RULES, ...successStatusRules()];
}
