// Rules only a service that holds the account's data can check: referenced assets and media exist
// (and are uploaded or finished), control nets, voices and styles named exist, character names are
// unique. Also the facts `checkGenerationRequest` reads from the account (plan, catalogue, inputs).
import {
  type CreateCharacterRequest,
  type GenerationContext,
  type GenerationItem,
  generationKind,
  type Issue,
  isFlux,
  normalizeBaseModel,
  ruleIssue,
} from '@mediagen/schema';
import type { Catalogue } from './catalogue.js';
import { statusAt } from './lifecycle.js';
import type { AssetType, SandboxStore } from './store.js';

type InputMetadata = { width: number; height: number; frames?: number; duration?: number };

function inputMetadata(store: SandboxStore, id: string): InputMetadata | undefined {
  const media = store.media.get(id);
  const found = media ? { ...media.dim, frames: media.frames, duration: media.duration } : undefined;
  const asset = found ? undefined : store.assets.get(id);
  const metadata = found ?? (asset && asset.status !== 'archive' ? { ...asset.size, frames: asset.frames, duration: asset.duration } : undefined);
  if (!metadata) return undefined;
  const { frames, duration, ...size } = metadata;
  return { ...size, ...(frames !== undefined ? { frames } : {}), ...(duration !== undefined ? { duration } : {}) };
}

/**
 * The facts `checkGenerationRequest` needs from the account: plan, catalogue, and the metadata of
 * inputs, read on demand (a request looks up only the ids it names).
 */
export function generationContext(store: SandboxStore, catalogue: Catalogue, plan: { name: string; maxBatchSize: number }): GenerationContext {
  const inputs = new Proxy(Object.create(null) as Record<string, InputMetadata>, {
    get: (_, id) => (typeof id === 'string' ? inputMetadata(store, id) : undefined),
    has: (_, id) => typeof id === 'string' && inputMetadata(store, id) !== undefined,
  });
  return { plan: { ...plan }, catalogue: { models: catalogue.models, styles: catalogue.styles, loras: catalogue.loras }, inputs };
}

export class ReferenceChecks {
  constructor(
    private readonly store: SandboxStore,
    private readonly catalogue: Catalogue,
    private readonly now: () => number,
  ) {}

  /**
   * Rules only a service that holds the account's data can check: referenced assets and media exist
   * (and are uploaded or finished), control nets, voices and styles named exist.
   */
  checkReferences(items: readonly GenerationItem[]): Issue[] {
    const issues: Issue[] = [];
    const issue = (path: (string | number)[], message: string, code = 'unknown_resource') =>
      issues.push(ruleIssue('reference_exists', path, message, { code }));
    const asset = (index: number, path: string[], id: string | undefined, types: readonly AssetType[]) => {
      if (id === undefined) return;
      const found = this.store.assets.get(id);
      if (!found || found.status === 'archive') {
        // video_anyone may name a generated image.
        const media = this.store.media.get(id);
        if (media && types.includes('image')) {
          if (media.type !== 'image') issue([index, ...path], `media "${id}" is a ${media.type}, expected an image`, 'wrong_input_type');
          else if (statusAt(media, this.now()) !== 'success')
            issue([index, ...path], `media "${id}" is not finished (status ${statusAt(media, this.now())})`, 'input_not_ready');
          return;
        }
        issue([index, ...path], `unknown asset "${id}"`);
        return;
      }
      if (!types.includes(found.type)) issue([index, ...path], `asset "${id}" is ${found.type}, expected ${types.join(' or ')}`, 'wrong_input_type');
      else if (found.status !== 'active') issue([index, ...path], `asset "${id}" has not been uploaded (status ${found.status})`, 'input_not_ready');
    };
    items.forEach((item, index) => {
      const kind = generationKind(item);
      if (kind === 'segment') asset(index, ['segment', 'asset_id'], item.segment?.asset_id, ['image']);
      if (kind === 'true_touch') asset(index, ['true_touch', 'asset_id'], item.true_touch?.asset_id, ['image']);
      if (kind === 'video_anyone') {
        const va = item.video_anyone!;
        if (va.media_id !== undefined) asset(index, ['video_anyone', 'media_id'], va.media_id, ['image']);
        else asset(index, ['video_anyone', 'asset_id'], va.asset_id, ['image']);
      }
      if (kind === 'narrator') {
        const n = item.narrator!;
        asset(index, ['narrator', 'image_asset_id'], n.image_asset_id, ['image']);
        asset(index, ['narrator', 'video_asset_id'], n.video_asset_id, ['video']);
        asset(index, ['narrator', 'audio_asset_id'], n.audio_asset_id, ['audio']);
        if (n.voice !== undefined && !this.catalogue.voices.some((v) => v.name === n.voice)) {
          issue([index, 'narrator', 'voice'], `unknown voice "${n.voice}" (not in GET /pub/v1/voices)`);
        }
      }
      if (kind === 'style' || kind === 'model') {
        asset(index, ['facelock', 'asset_id'], item.facelock?.asset_id, ['image']);
        if (item.model !== undefined && !this.catalogue.models.some((m) => m.name === item.model)) {
          issue([index, 'model'], `unknown model "${item.model}" (not in GET /pub/v1/models)`);
        }
        if (item.style !== undefined && !item.style_detail && !this.catalogue.styles.some((s) => s.name === item.style)) {
          issue([index, 'style'], `unknown style "${item.style}" (not in GET /pub/v1/styles)`);
        }
        if (item.style_detail) {
          const { name, base_model } = item.style_detail;
          const known = this.catalogue.styles.some((s) => s.name === name && normalizeBaseModel(s.base_model) === normalizeBaseModel(base_model));
          if (!known) issue([index, 'style_detail'], `unknown style "${name}" for base model ${base_model} (not in GET /pub/v1/styles)`);
        }
        if (item.control_net) {
          asset(index, ['control_net', 'asset_id'], item.control_net.asset_id, ['image']);
          const name = item.control_net.name;
          const candidates = this.catalogue.controlnets.filter((c) => c.name === name);
          if (candidates.length === 0) issue([index, 'control_net', 'name'], `unknown control net "${name}" (not in GET /pub/v1/controlnets)`);
          else if (isFlux(item) && !candidates.some((c) => normalizeBaseModel(c.base_model) === 'flux')) {
            issue(
              [index, 'control_net', 'name'],
              `control net "${name}" is not available for Flux (see GET /pub/v1/controlnets?type=flux)`,
              'controlnet_base_model',
            );
          }
        }
      }
    });
    return issues;
  }

  /** Issues with a create request that only the account's data can reveal (asset, unique name). */
  checkCharacter(request: CreateCharacterRequest): Issue[] {
    const issues: Issue[] = [];
    const asset = this.store.assets.get(request.asset_id);
    if (!asset || asset.status === 'archive')
      issues.push(ruleIssue('reference_exists', ['asset_id'], `unknown asset "${request.asset_id}"`, { code: 'unknown_resource' }));
    else if (asset.type !== 'image')
      issues.push(ruleIssue('reference_exists', ['asset_id'], `asset "${request.asset_id}" is ${asset.type}, expected image`, { code: 'wrong_input_type' }));
    else if (asset.status !== 'active')
      issues.push(
        ruleIssue('reference_exists', ['asset_id'], `asset "${request.asset_id}" has not been uploaded (status ${asset.status})`, { code: 'input_not_ready' }),
      );
    const all = [...this.catalogue.systemCharacters, ...this.store.characters.values()];
    if (all.some((c) => c.name === request.name))
      issues.push(ruleIssue('unique_character_name', ['name'], `a character named "${request.name}" already exists`, { code: 'duplicate_name' }));
    return issues;
  }
}
