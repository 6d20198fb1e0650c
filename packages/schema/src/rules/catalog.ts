// Every rule of the contract as data: `rules()` lists the named rules of the generation request
// (refinements, kind warnings, the rules that need outside facts) and every constraint the schemas
// carry (derived in ./fields.ts), each with its basis — the interface description, the live docs, or
// an assumption of ours that a live run can confirm or refute. Issues carry the rule id and basis, so
// the client, the sandbox, media-validate and the conformance suite tell an obligation from a guess.
import { ledger } from '../ledger/changes.js';
import type { ProvenanceSource } from '../provenance.js';
import { behaviourRules } from './behaviour.js';
import { elementInfo, fieldConstraints } from './fields.js';

export type Severity = 'error' | 'warning';

export interface RuleRecord {
  id: string;
  source: ProvenanceSource;
  description: string;
  /** The claim, for assumptions; a citation otherwise. */
  note?: string;
  /** Where a source says it: `interface § Section: "words"`, or the docs page. */
  cite?: string;
  /** `generation-item`, `request-body`, `behaviour` (what the service answers), an operationId or a field path such as `GenerationItem.control_net`. */
  appliesTo: 'generation-item' | string;
  /** Ledger date that introduced it. */
  since?: string;
  /** What breaking it is by default: an `error` makes the request invalid, a `warning` does not. */
  severity: Severity;
}

type NamedRule = Omit<RuleRecord, 'since'>;

/** The named rules, written once. Constraint rules of single fields are derived, not listed here. */
const NAMED_RULES: readonly NamedRule[] = [
  {
    id: 'one_kind_per_item',
    source: 'live-docs',
    severity: 'warning',
    appliesTo: 'generation-item',
    description: 'An item should name one kind: segment, style (or style_detail), model, true_touch, narrator or video_anyone.',
    note: 'generate page: each element "should carry only one of" them',
  },
  {
    id: 'kind_priority',
    source: 'live-docs',
    severity: 'warning',
    appliesTo: 'generation-item',
    description: 'With several kinds the highest priority wins (segment > style > model > true_touch > narrator > video_anyone); the others are ignored.',
    note: 'generate page, priority list',
  },
  {
    id: 'own_object_only',
    source: 'interface',
    severity: 'warning',
    appliesTo: 'generation-item',
    description: 'A segment, true_touch, narrator or video_anyone generation reads only its own object; other fields are ignored.',
    note: 'interface description, rule 1',
  },
  {
    id: 'flux_ignored_fields',
    source: 'live-docs',
    severity: 'warning',
    appliesTo: 'generation-item',
    description: 'With Flux only facelock, character, control_net, aspect_ratio, batch_size, prompt and seed apply; other fields are ignored.',
    note: 'generate page, Flux revision',
  },
  {
    id: 'flux_control_net_modes',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.control_net',
    description: 'When Flux is the chosen kind, control_net takes neither resize_mode nor control_mode.',
    note: 'interface description, control_net and the 2024-12-04 change',
  },
  {
    id: 'narrator_input',
    source: 'live-docs',
    severity: 'error',
    appliesTo: 'GenerationItem.narrator',
    description: 'A narrator item gives script with voice, or audio_asset_id.',
    note: 'generate page: script + voice, or an existing audio asset',
  },
  {
    id: 'narrator_both_inputs',
    source: 'live-docs',
    severity: 'warning',
    appliesTo: 'GenerationItem.narrator',
    description: 'A narrator item with both script and audio_asset_id is accepted, but the docs do not say which wins.',
    note: 'the docs\u2019 own example sends all five narrator fields',
  },
  {
    id: 'video_anyone_input',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.video_anyone',
    description: 'A video_anyone item takes its input image from exactly one of media_id and asset_id.',
    note: 'interface description, rule 2: "either the media_id … or the asset_id"',
  },
  {
    id: 'video_anyone_aspect_ratio',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.video_anyone',
    description: 'The video_anyone input image has aspect ratio 3:5 or 5:3 (needs the input\u2019s metadata).',
    note: 'interface description, rule 2 and limits',
  },
  {
    id: 'narrator_video_fps',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.narrator',
    description: 'A narrator video asset has at most 30 frames per second (total frames / total duration).',
    note: 'interface description, rule 3',
  },
  {
    id: 'narrator_video_height',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.narrator',
    description: 'A narrator video asset is at most 1080 pixels high.',
    note: 'interface description, rule 3',
  },
  {
    id: 'narrator_video_width',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.narrator',
    description: 'A narrator video asset is at most 1920 pixels wide.',
    note: 'interface description, rule 3',
  },
  {
    id: 'lora_base_model',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.loras',
    description: 'Where the chosen kind reads loras (a non-Flux style or model), every LoRA has the base model of that style or model.',
    note: 'interface description, LoRAs',
  },
  {
    id: 'catalogue_name',
    source: 'interface',
    severity: 'error',
    appliesTo: 'generation-item',
    description: 'Models, styles and LoRAs are named as GET /pub/v1/models, /styles and /loras list them (needs the listings).',
    note: 'interface description, model, style and LoRAs',
  },
  {
    id: 'reference_exists',
    source: 'interface',
    severity: 'error',
    appliesTo: 'request-body',
    description:
      'Identifiers name the caller\u2019s own resources: asset_id an uploaded asset of the right type, media_id a finished media item, control nets and voices from their listings (needs the account\u2019s data).',
    note: 'interface description, identifiers for input images',
  },
  {
    id: 'unique_character_name',
    source: 'live-docs',
    severity: 'error',
    appliesTo: 'CreateCharacterRequest.name',
    description: 'A new character\u2019s name is unique among the caller\u2019s characters (needs the account\u2019s data).',
    note: 'create character page',
  },
  {
    id: 'plan_batch_size',
    source: 'interface',
    severity: 'error',
    appliesTo: 'GenerationItem.batch_size',
    description: 'batch_size is at most the maximum of the caller\u2019s plan (needs the plan).',
    note: 'interface description, limits',
  },
  {
    id: 'unknown_field',
    source: 'assumption',
    severity: 'warning',
    appliesTo: 'request-body',
    description: 'A field the contract does not name is probably a typo: a warning with a did-you-mean (an error in strict mode).',
    note: 'the service ignores request fields it does not know, so a misspelt field silently does nothing',
  },
];

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
        source: 'live-docs',
        severity: 'warning',
        appliesTo: `${i.schema}.${i.field}`,
        description: `${i.schema}.${i.field} is deprecated${i.use ? ` in favour of ${i.use}` : ''}.`,
        note: change.name,
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
  const derived = [...fieldConstraints().values()].map(
    (c): RuleRecord => ({
      id: c.id,
      source: c.provenance.source,
      description: c.description,
      ...(c.provenance.note ? { note: c.provenance.note } : {}),
      appliesTo: c.element,
      ...(c.since ? { since: c.since } : {}),
      severity: 'error',
    }),
  );
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
