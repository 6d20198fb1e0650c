// Every rule of the contract as data: `rules()` lists the named rules of the generation request
// (refinements, kind warnings, the rules that need outside facts) and every constraint the schemas
// carry (derived in ./fields.ts), each with its basis — the interface description, the live docs, or
// an assumption of ours that a live run can confirm or refute. Issues carry the rule id and basis, so
// the client, the sandbox, media-validate and the conformance suite tell an obligation from a guess.
import { ledger } from '../ledger/changes.js';
import { type AssumedProvenance, assumption, documented, type SourcedProvenance, stated } from '../provenance.js';
import { behaviourRules } from './behaviour.js';
import { elementInfo, fieldConstraints } from './fields.js';

export type Severity = 'error' | 'warning';

/**
 * Where a rule comes from: a source with the pointer to where it says so (`cite`, as in provenance:
 * `interface § <section>: "<words>"` or a live docs page), or an assumption whose `note` is the claim
 * a live run can confirm or refute. `note` on a sourced rule is a remark on how the source is read.
 */
export type RuleBasis = Omit<SourcedProvenance, 'constraints'> | Omit<AssumedProvenance, 'constraints'>;

interface RuleFacts {
  id: string;
  description: string;
  /** `generation-item`, `request-body`, `behaviour` (what the service answers), an operationId or a field path such as `GenerationItem.control_net`. */
  appliesTo: 'generation-item' | string;
  /** Ledger date that introduced it. */
  since?: string;
  /** What breaking it is by default: an `error` makes the request invalid, a `warning` does not. */
  severity: Severity;
}

export type RuleRecord = RuleFacts & RuleBasis;

/** A named rule as written: its facts and its basis (the ledger gives its date). */
export type NamedRule = Omit<RuleFacts, 'since'> & RuleBasis;

const rule = (facts: Omit<RuleFacts, 'since'>, basis: RuleBasis): NamedRule => ({ ...facts, ...basis });

/** The named rules of a generation request, written once. Constraint rules of single fields are derived, not listed here. */
const REQUEST_RULES: readonly NamedRule[] = [
  rule(
    {
      id: 'one_kind_per_item',
      severity: 'warning',
      appliesTo: 'generation-item',
      description: 'An item should name one kind: segment, style (or style_detail), model, true_touch, narrator or video_anyone.',
    },
    documented('generate', 'each element "should carry only one of" them'),
  ),
  rule(
    {
      id: 'kind_priority',
      severity: 'warning',
      appliesTo: 'generation-item',
      description: 'With several kinds the highest priority wins (segment > style > model > true_touch > narrator > video_anyone); the others are ignored.',
    },
    documented('generate', 'the priority list'),
  ),
  rule(
    {
      id: 'own_object_only',
      severity: 'warning',
      appliesTo: 'generation-item',
      description: 'A segment, true_touch, narrator or video_anyone generation reads only its own object; other fields are ignored.',
    },
    stated('requestBody', 'only takes notice of parameters that are passed inside its own object'),
  ),
  rule(
    {
      id: 'flux_ignored_fields',
      severity: 'warning',
      appliesTo: 'generation-item',
      description: 'With Flux only facelock, character, control_net, aspect_ratio, batch_size, prompt and seed apply; other fields are ignored.',
    },
    documented('generate', 'the Flux revision of the page'),
  ),
  rule(
    {
      id: 'flux_control_net_modes',
      severity: 'error',
      appliesTo: 'GenerationItem.control_net',
      description: 'When Flux is the chosen kind, control_net takes neither resize_mode nor control_mode.',
    },
    // The interface: "the fields `resize_mode` and `control_mode` are not supported inside it"; the
    // live docs: "unsupported", "not applicable to Flux". Neither says such a request is refused: a
    // server may as well ignore them. The client and the sandbox refuse them (an error: strict writer),
    // and a run reads a server that serves them as a verdict on this reading, not a failure.
    assumption(
      'the service refuses a Flux control_net with resize_mode or control_mode (the sources call them "not supported", which a server may read as ignored)',
    ),
  ),
  rule(
    {
      id: 'narrator_input',
      severity: 'error',
      appliesTo: 'GenerationItem.narrator',
      description: 'A narrator item gives script with voice, or audio_asset_id.',
    },
    documented('generate', 'script + voice, or an existing audio asset'),
  ),
  rule(
    {
      id: 'narrator_both_inputs',
      severity: 'warning',
      appliesTo: 'GenerationItem.narrator',
      description: 'A narrator item with both script and audio_asset_id is accepted, but the docs do not say which wins.',
    },
    documented('generate', 'the docs\u2019 own example sends all five narrator fields'),
  ),
  rule(
    {
      id: 'video_anyone_input',
      severity: 'error',
      appliesTo: 'GenerationItem.video_anyone',
      description: 'A video_anyone item takes its input image from exactly one of media_id and asset_id.',
    },
    // The interface names the two identifiers as inputs but shows no sub-field of video_anyone, and the
    // docs pass an asset id in media_id: the asset_id field and "exactly one of" are ours.
    assumption('the service refuses a video_anyone item that gives neither or both of media_id and asset_id'),
  ),
  rule(
    {
      id: 'video_anyone_aspect_ratio',
      severity: 'error',
      appliesTo: 'GenerationItem.video_anyone',
      description: 'The video_anyone input image has aspect ratio 3:5 or 5:3 (needs the input\u2019s metadata).',
    },
    stated('requestBody', 'The input image must have aspect ratio `3:5` or `5:3`.'),
  ),
  rule(
    {
      id: 'narrator_video_fps',
      severity: 'error',
      appliesTo: 'GenerationItem.narrator',
      description: 'A narrator video asset has at most 30 frames per second (total frames / total duration).',
    },
    stated('requestBody', 'more than 30 frames per second (total frames divided by total duration)'),
  ),
  rule(
    {
      id: 'narrator_video_height',
      severity: 'error',
      appliesTo: 'GenerationItem.narrator',
      description: 'A narrator video asset is at most 1080 pixels high.',
    },
    stated('requestBody', 'a height above 1080'),
  ),
  rule(
    {
      id: 'narrator_video_width',
      severity: 'error',
      appliesTo: 'GenerationItem.narrator',
      description: 'A narrator video asset is at most 1920 pixels wide.',
    },
    stated('requestBody', 'a width above 1920'),
  ),
  rule(
    {
      id: 'lora_base_model',
      severity: 'error',
      appliesTo: 'GenerationItem.loras',
      description: 'Where the chosen kind reads loras (a non-Flux style or model), every LoRA has the base model of that style or model.',
    },
    stated('requestBody', 'Every LoRA must have the same base model (`SD 1.5` or `SDXL`) as the selected style or model.'),
  ),
  rule(
    {
      id: 'catalogue_name',
      severity: 'error',
      appliesTo: 'generation-item',
      description: 'Models, styles and LoRAs are named as GET /pub/v1/models, /styles and /loras list them (needs the listings).',
    },
    stated('requestBody', 'Name of a model from GET /pub/v1/models.', 'and of a style from /styles, LoRAs from /loras'),
  ),
  rule(
    {
      id: 'reference_exists',
      severity: 'error',
      appliesTo: 'request-body',
      description:
        'Identifiers name existing resources: asset_id an uploaded asset of the right type, media_id a media item produced by a generation, control nets and voices from their listings (needs the account\u2019s data).',
    },
    stated('requestBody', 'Identifier of an uploaded image asset.', 'the identifiers for input images; voices come from GET /pub/v1/voices (live docs)'),
  ),
  rule(
    {
      id: 'unique_character_name',
      severity: 'error',
      appliesTo: 'CreateCharacterRequest.name',
      description: 'A new character\u2019s name is unique among the caller\u2019s characters (needs the account\u2019s data).',
    },
    documented('createCharacter'),
  ),
  rule(
    {
      id: 'plan_batch_size',
      severity: 'error',
      appliesTo: 'GenerationItem.batch_size',
      description: 'batch_size is at most the maximum of the caller\u2019s plan (needs the plan).',
    },
    stated('requestBody', 'The maximum depends on the subscription plan.'),
  ),
  rule(
    {
      id: 'unknown_field',
      severity: 'warning',
      appliesTo: 'request-body',
      description: 'A field the contract does not name is probably a typo: a warning with a did-you-mean (an error in strict mode).',
    },
    assumption('the service ignores request fields it does not know, so a misspelt field silently does nothing'),
  ),
];

/** Every named rule: the request rules, then the rule sets of other files (one line each). */
const NAMED_RULES: readonly NamedRule[] = [...REQUEST_RULES];

/** Ledger dates of `rule_added`, by rule id. */
function ruleDates(): Map<string, string> {
  const out = new Map<string, string>();
  for (const change of ledger) for (const i of change.instructions) if (i.op === 'rule_added') out.set(i.rule, change.date);
  return out;
}

/** One deprecation warning rule per `field_deprecated` of the ledger. */
function deprecationRules(): RuleRecord[] {
  const out: RuleRecord[] = [];
  for (const change of ledger) {
    for (const i of change.instructions) {
      if (i.op !== 'field_deprecated') continue;
      out.push({
        id: `${i.schema}.${i.field}.deprecated`,
        ...documented('generate', change.name),
        severity: 'warning',
        appliesTo: `${i.schema}.${i.field}`,
        description: `${i.schema}.${i.field} is deprecated${i.use ? ` in favour of ${i.use}` : ''}.`,
        since: change.date,
      });
    }
  }
  return out;
}

let cache: { list: RuleRecord[]; byId: Map<string, RuleRecord> } | undefined;

function build() {
  const dates = ruleDates();
  const named = NAMED_RULES.map((rule): RuleRecord => {
    const since = dates.get(rule.id) ?? elementInfo(rule.appliesTo)?.since;
    return since ? { ...rule, since } : { ...rule };
  });
  const derived = [...fieldConstraints().values()].map((c): RuleRecord => {
    const { constraints: _constraints, ...basis } = c.provenance;
    return { id: c.id, ...basis, description: c.description, appliesTo: c.element, ...(c.since ? { since: c.since } : {}), severity: 'error' };
  });
  const behaviour = behaviourRules().map((r): RuleRecord => ({ ...r, appliesTo: 'behaviour', severity: 'error' }));
  const list = [...named, ...deprecationRules(), ...derived, ...behaviour];
  return { list, byId: new Map(list.map((r) => [r.id, r])) };
}

/** Every rule of the contract, named ones first, then the derived field constraints. */
export function rules(): RuleRecord[] {
  cache ??= build();
  return cache.list.map((r) => ({ ...r }));
}

/** One rule by id, or `undefined`. */
export function ruleById(id: string): RuleRecord | undefined {
  cache ??= build();
  return cache.byId.get(id);
}
