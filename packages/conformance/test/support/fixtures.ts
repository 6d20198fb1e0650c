// Fixtures as a run against the sandbox has them: real ids, the sandbox's catalogue, and the metadata
// of its uploaded inputs (a square image, a 3:5 portrait, a video, a 60 fps video, a video above 1920×1080, an audio file).
import { defaultCatalogue } from '@mediagen/mock';
import { emptyFixtures, type Fixtures } from '../../src/requests/fixtures.js';

export function sandboxLikeFixtures(): Fixtures {
  const catalogue = defaultCatalogue();
  return {
    ...emptyFixtures(true, 't'),
    fastVideoAssetId: 'ast_fast',
    largeVideoAssetId: 'ast_large',
    characterName: 'conformance_t_fixture',
    imageAssetId: 'ast_img',
    portraitAssetId: 'ast_portrait',
    audioAssetId: 'ast_audio',
    videoAssetId: 'ast_video',
    characterId: 'chr_1',
    generationId: 'gen_1',
    mediaIds: ['media_1', 'media_2'],
    catalogue: { models: catalogue.models, styles: catalogue.styles, loras: catalogue.loras, controlnets: catalogue.controlnets, voices: catalogue.voices },
    inputs: {
      ast_img: { width: 512, height: 512 },
      ast_portrait: { width: 768, height: 1280 },
      ast_video: { width: 1280, height: 720, frames: 150, duration: 5 },
      ast_fast: { width: 48, height: 80, frames: 60, duration: 1 },
      ast_large: { width: 1921, height: 1081, frames: 5, duration: 1 },
    },
  };
}
