// Fixtures as a run against the sandbox has them: real ids, the sandbox's catalogue, and the metadata
// of its uploaded inputs (a square image, a 3:5 portrait, a video, a 60 fps video, a video one pixel too wide and one one pixel too high for a narrator, an audio file).
import { defaultCatalogue } from '@mediagen/mock';
import { emptyFixtures, type Fixtures } from '../../src/requests/fixtures.js';

export function sandboxLikeFixtures(): Fixtures {
  const catalogue = defaultCatalogue();
  return {
    ...emptyFixtures(true, 't'),
    fastVideoAssetId: 'ast_fast',
    wideVideoAssetId: 'ast_wide',
    tallVideoAssetId: 'ast_tall',
    characterName: 'conformance_t_fixture',
    imageAssetId: 'ast_img',
    portraitAssetId: 'ast_portrait',
    audioAssetId: 'ast_audio',
    videoAssetId: 'ast_video',
    characterId: 'chr_1',
    generationId: 'gen_1',
    mediaIds: ['media_1', 'media_2'],
    wholeListings: ['models', 'styles', 'loras', 'controlnets', 'voices'],
    catalogue: { models: catalogue.models, styles: catalogue.styles, loras: catalogue.loras, controlnets: catalogue.controlnets, voices: catalogue.voices },
    inputs: {
      ast_img: { width: 512, height: 512 },
      ast_portrait: { width: 768, height: 1280 },
      ast_video: { width: 1280, height: 720, frames: 150, duration: 5 },
      ast_fast: { width: 48, height: 80, frames: 60, duration: 1 },
      ast_wide: { width: 1921, height: 1080, frames: 5, duration: 1 },
      ast_tall: { width: 1920, height: 1081, frames: 5, duration: 1 },
    },
  };
}
