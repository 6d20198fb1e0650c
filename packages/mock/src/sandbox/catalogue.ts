// The sandbox's catalogue: what GET /pub/v1/models, /styles, /controlnets, /loras and /voices list,
// and what generation requests are checked against (unknown model, LoRA base-model mismatch, ...).
// It includes every name the contract's examples use, so the documented requests run unchanged.
import type { CatalogueItem, Character, Voice } from '@mediagen/schema';

export interface Catalogue {
  models: CatalogueItem[];
  styles: CatalogueItem[];
  controlnets: CatalogueItem[];
  loras: CatalogueItem[];
  voices: Voice[];
  /** Characters every account sees (`system_character: true`). */
  systemCharacters: Character[];
}

const item = (name: string, base_model: string): CatalogueItem => ({ name, base_model });

export function defaultCatalogue(): Catalogue {
  return {
    models: [
      item('JuggernautXL', 'sdxl'),
      item('Flux', 'flux'),
      item('DreamShaperXL', 'sdxl'),
      item('RealisticVision', 'sd 1.5'),
      item('AnythingV5', 'sd 1.5'),
    ],
    styles: [
      item('Bokeh', 'sdxl'),
      item('Black & White', 'flux'),
      item('Cinematic', 'sdxl'),
      item('Watercolor', 'flux'),
      item('Film Noir', 'flux'),
      item('Anime', 'sd 1.5'),
    ],
    controlnets: [
      item('Canny', 'flux'),
      item('Depth', 'flux'),
      item('Normal', 'sdxl'),
      item('Canny', 'sdxl'),
      item('Depth', 'sdxl'),
      item('Openpose', 'sdxl'),
      item('Openpose', 'sd 1.5'),
      item('Scribble', 'sd 1.5'),
    ],
    loras: [item('lora_name', 'sdxl'), item('film_grain', 'sd 1.5'), item('add_detail', 'sd 1.5'), item('pixel_art', 'sdxl'), item('flux_realism', 'flux')],
    voices: ['Rachel', 'Adam', 'Bella', 'Antoni', 'Domi', 'Elli'].map((name) => ({ name })),
    systemCharacters: [
      {
        id: 'chr_system_ava',
        name: 'ava',
        character_type: 'realistic',
        prompt: 'a woman, 30 years old, short black hair',
        system_character: true,
      },
      {
        id: 'chr_system_kenji',
        name: 'kenji',
        character_type: 'stylized',
        prompt: 'a cartoon man, round glasses, friendly smile',
        system_character: true,
      },
    ],
  };
}
