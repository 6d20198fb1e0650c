// The recipe table: the counter-servers of the assumptions no table derives — behaviours (`rule:<id>`),
// operations, and the few response fields an answer never carries on its own — keyed by what they
// refute. A recipe is a new server (it joins a combined run), an existing faithful variant or --strict
// broken target that already refutes the assumption (the main self-test runs it), or the counter-server
// of another assumption that refutes this one too. UNREFUTED lists, with the reason, what no server
// refutes: what cannot be refuted short of breaking a stated rule, and what the suite never asserts
// (its generic server runs all the same, and a test holds the suite gives no verdict on it).
import { operations } from '@mediagen/schema';
import type { ConformanceOptions } from '../../conformance.js';
import type { Rewrite } from '../proxy.js';
import { compose, otherSuccessStatus } from '../rewrites.js';
import { aboveBalanceRefusedAndCharged, balanceGoesNegative, chargeShowsLate, estimateCosts, readCosts } from './balance.js';
import {
  archiveWithoutIdsArchivesNothing,
  assumedFluxFilterIgnored,
  assumedPagingIgnored,
  failuresAsText,
  generationDisagrees,
  ignoredFieldsValidated,
  laxJsonTypes,
  legacyAliases,
  partialStyleDetailEcho,
  readableAfterAWhile,
  statusGoesBack,
  statusWithNotice,
} from './behaviours.js';
import { chargesAsMediaFinish } from './charges.js';
import { RELATION_REUSES } from './relations.js';
import { lenientAcceptor, narrowReader } from './requests.js';
import { keyOfRelied, tableAssumptions } from './table.js';

/** A new counter-server: its rewrite refutes every key of `refutes` (a run of its own, by id). */
export interface Recipe {
  id: string;
  description: string;
  refutes: readonly string[];
  upstream?: 'sandbox' | 'prism';
  rewrite: () => Rewrite;
  options?: Partial<ConformanceOptions>;
}

/** An existing server of the self-test that refutes these keys (a faithful variant, or a --strict broken target). */
export interface Reuse {
  reuse: 'variant' | 'broken';
  id: string;
  refutes: readonly string[];
}

/** Keys refuted by the counter-server of another assumption (`with`), for the reason given. */
export interface Alongside {
  with: string;
  refutes: readonly string[];
  why: string;
}

/** The balance a low-balance server starts with, and what the sandbox behind it holds. */
const LOW_BALANCE = 60;
const SANDBOX_CREDITS = 100_000;
/** Runs whose generation is dearer than the self-test's usual cap (the balance, not the cap, is what they test). */
const ABOVE_BALANCE: Partial<ConformanceOptions> = { maxCredits: 500, only: ['credits_arithmetic'] };
const CREDITS_ONLY: Partial<ConformanceOptions> = { only: ['credits_arithmetic'] };
/**
 * Estimates that cost: every balance reading is one, and a credits run reads the balance a few hundred
 * times, so it runs under a cap that holds its readings (under the self-test's own cap, the cap binds
 * long before the credits sequence, and its cells are plain skips: above the cap).
 */
const CREDITS_READINGS_COST: Partial<ConformanceOptions> = { maxCredits: 500, only: ['credits_arithmetic'] };
/** The self-test's share of generated requests (a run that needs them asks for them). */
export const GENERATED: Partial<ConformanceOptions> = { maxExamples: 10 };

/** Every assumed success status of the table: one server answers each with another 2xx. */
const assumedSuccessStatuses = () =>
  tableAssumptions()
    .filter((a) => a.key.endsWith('.success_status') && a.side === 'behaviour')
    .map((a) => a.key);

export const RECIPES: readonly (Recipe | Reuse | Alongside)[] = [
  {
    id: 'behaviours',
    description: 'a server that differs from our reading of behaviours no source shows, all at once',
    refutes: [
      'rule:served_err_empty',
      'rule:failure_is_json',
      'rule:ignored_fields_not_validated',
      'rule:json_types_strict',
      'rule:enum_values_case_sensitive',
      'rule:open_range_values_accepted',
      'rule:legacy_field_names_gone',
      'rule:page_honoured_where_assumed',
      'rule:type_flux_filter_assumed',
      'rule:created_readable_at_once',
      'rule:lifecycle_order',
      'rule:generation_agrees_with_media',
      'StyleDetailEcho.base_model',
      'StyleDetailEcho.name',
      'rule:ArchiveAssetsRequest.ids.required',
      ...assumedSuccessStatuses(),
    ],
    // Generated requests carry what the hand-written ones do not: fields a kind ignores, values in open ranges.
    options: GENERATED,
    rewrite: () =>
      compose(
        statusWithNotice,
        failuresAsText,
        ignoredFieldsValidated,
        laxJsonTypes,
        lenientAcceptor(['enum_values_case_sensitive']),
        narrowReader(['rule:open_range_values_accepted'], keyOfRelied),
        legacyAliases,
        assumedPagingIgnored,
        assumedFluxFilterIgnored,
        readableAfterAWhile(),
        statusGoesBack(),
        generationDisagrees,
        partialStyleDetailEcho,
        archiveWithoutIdsArchivesNothing,
        otherSuccessStatus('assumption'),
      ),
  },
  {
    id: 'charge-shows-late',
    description: 'a generation’s charge shows one balance reading late',
    refutes: ['rule:charge_taken_by_next_reading'],
    rewrite: chargeShowsLate,
    options: CREDITS_ONLY,
  },
  {
    id: 'charge-as-media-finish',
    description: 'a generation’s charge is taken item by item, as each media item finishes (the seed states the cost, not when it is taken)',
    refutes: ['rule:charge_taken_by_next_reading'],
    rewrite: chargesAsMediaFinish,
    options: CREDITS_ONLY,
  },
  {
    id: 'estimate-costs',
    description: 'every estimate costs one credit',
    refutes: ['rule:estimate_is_free'],
    rewrite: estimateCosts,
    options: CREDITS_READINGS_COST,
  },
  { id: 'read-costs', description: 'the first read of the voices costs one credit', refutes: ['rule:reads_are_free'], rewrite: readCosts },
  {
    id: 'balance-goes-negative',
    description: `a balance of ${LOW_BALANCE} credits that a generation may take below zero`,
    refutes: ['rule:above_balance_refused'],
    rewrite: () => balanceGoesNegative(LOW_BALANCE, SANDBOX_CREDITS),
    options: ABOVE_BALANCE,
  },
  {
    id: 'above-balance-400-charged',
    description: `a balance of ${LOW_BALANCE} credits; a generation above it is refused with 400, and charged all the same`,
    refutes: ['rule:above_balance_402', 'rule:failed_generate_is_free'],
    rewrite: () => aboveBalanceRefusedAndCharged(LOW_BALANCE, SANDBOX_CREDITS),
    options: ABOVE_BALANCE,
  },
  { reuse: 'variant', id: 'auth-403', refutes: ['rule:missing_key_401', 'rule:wrong_key_401'] },
  { reuse: 'variant', id: 'auth-200-err', refutes: ['rule:failure_status_error'] },
  { reuse: 'variant', id: 'deleted-410', refutes: ['rule:deleted_item_404'] },
  { reuse: 'variant', id: 'long-prompt-fails-later', refutes: ['rule:invalid_request_refused_up_front'] },
  { reuse: 'broken', id: 'unknown-field-crash', refutes: ['rule:unknown_field'] },
  { reuse: 'broken', id: 'cross-origin-redirect', refutes: ['rule:answers_at_its_origin'] },
  { reuse: 'broken', id: 'lifecycle-stuck', refutes: ['rule:lifecycle_terminal_in_time'] },
  { reuse: 'broken', id: 'credits-not-deducted', refutes: ['rule:credits_remaining_is_the_balance'] },
  { reuse: 'broken', id: 'legacy-image-id-honoured', refutes: ['rule:legacy_image_id_ignored'] },
  ...RELATION_REUSES,
  {
    with: 'ApiError.code',
    refutes: ['rule:failure_err_code_message'],
    why: 'a failure whose err.code is not a string is not { code, message }',
  },
];

/** What no server refutes, and why. */
export type Unrefuted = { kind: 'unrefutable' | 'unasserted'; reason: string };

const NOT_SENT = 'no request the suite sends breaks it alone, and none it sends as valid relies on it: its generic servers draw no verdict';
const EMPTY_PATH = 'an empty path parameter makes another path: no request to this operation can carry one';

export const UNREFUTED: Readonly<Record<string, Unrefuted>> = {
  'ErrorEnvelope.data': { kind: 'unrefutable', reason: 'its schema takes any value (a failure’s data means nothing): no answer breaks it' },
  'rule:ErrorEnvelope.type': {
    kind: 'unrefutable',
    reason: 'a failure body that is not an object breaks envelope_is_object (interface § Response envelope) first',
  },
  [`rule:${operations.getGeneration.operationId}.path.generation_id.length`]: { kind: 'unasserted', reason: EMPTY_PATH },
  [`rule:${operations.getMedia.operationId}.path.media_id.length`]: { kind: 'unasserted', reason: EMPTY_PATH },
  [`rule:${operations.deleteImage.operationId}.path.image_id.length`]: { kind: 'unasserted', reason: EMPTY_PATH },
  [`rule:${operations.getAssetV2.operationId}.path.asset_id.length`]: { kind: 'unasserted', reason: EMPTY_PATH },
  ...Object.fromEntries(
    [
      'rule:CharacterSettings.character_id.required',
      'rule:ControlNet.asset_id.required',
      'rule:ControlNet.control_mode.type',
      'rule:ControlNet.name.required',
      'rule:ControlNet.resize_mode.type',
      'rule:CreateCharacterRequest.asset_id.length',
      'rule:CreateCharacterRequest.name.length',
      'rule:Facelock.asset_id.required',
      'rule:LoraRef.name.required',
      'rule:Prompt.positive.required',
      'rule:Segment.asset_id.required',
      'rule:Segment.find.required',
      'rule:Segment.replace.required',
      'rule:SizeInput.height.required',
      'rule:SizeInput.width.required',
      'rule:SizeInput.width.type',
      'rule:StyleDetail.base_model.required',
      'rule:StyleDetail.name.required',
      'rule:TrueTouch.asset_id.required',
      'rule:VideoAnyone.duration.range',
      'rule:VideoAnyone.prompt.required',
      `rule:${operations.listControlnets.operationId}.query.type.enum`,
      'VideoAnyone.asset_id',
    ].map((key) => [key, { kind: 'unasserted', reason: NOT_SENT } satisfies Unrefuted]),
  ),
};
