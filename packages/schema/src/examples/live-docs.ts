// The live documentation's examples, kept verbatim (including its slips) so tests can prove the
// contract accepts what the service's own docs show. Where the docs cut an example off, the
// completion is marked. Request examples for generate are the docs' field examples put together.

// The generation listing, one generation and one media item show the same media item and feed item,
// and the two generation answers the same pagination: each written once here.
const mediaItem = { id: 'media_01', dim: { height: 512, width: 512 }, type: 'image', status: 'success', url: 'object-url' };
const feedItem = { created_at: 1675732000, generation_id: 'gen_01', media: [mediaItem] };
const feedPagination = { page: 1, page_size: 10, total: 100 };

/** GET /pub/v1/generations — "A list of feed items". */
export const listGenerationsResponse = { data: [feedItem], err: {}, pagination: feedPagination };

/** GET /pub/v1/generations/{generation_id} — same item shape, with pagination. */
export const getGenerationResponse = { data: feedItem, err: {}, pagination: feedPagination };

/** GET /pub/v1/generations/media/{media_id}. */
export const getMediaResponse = { data: mediaItem, err: {} };

/** DELETE /pub/v1/generations/{generation_id}. */
export const deleteGenerationResponse = { data: { id: 'gen_01' }, err: {} };

/**
 * POST /pub/v1/generations, verbatim as far as the docs show it: the example is cut where
 * `style_detail` begins (its value, `err` and anything after are not visible), so it stops here.
 */
export const generateResponseAsShown = {
  data: {
    credits_remaining: 20,
    generation_id: 'gen_01',
    media: [
      {
        id: 'model_01',
        dim: { height: 512, width: 512 },
        model: 'JuggernautXL',
        status: 'initiated',
        style: 'Bokeh',
      },
    ],
  },
};

/**
 * The same example completed: `style_detail` (its value is cut; the request's `{ name, base_model }`
 * shape is assumed) and `type` (added on 2024-09-04 per the interface description) are ours.
 */
export const generateResponse = {
  data: {
    ...generateResponseAsShown.data,
    media: [{ ...generateResponseAsShown.data.media[0]!, style_detail: { name: 'Bokeh', base_model: 'sdxl' }, type: 'image' }],
  },
};

/** The same response for a plain model generation (no style): it reads the same at every API date. */
export const generateResponseModel = {
  data: {
    credits_remaining: 19,
    generation_id: 'gen_02',
    media: [{ id: 'media_02', dim: { height: 512, width: 512 }, model: 'JuggernautXL', status: 'initiated', type: 'image' }],
  },
  err: {},
};

/** POST /pub/v1/generations/estimate — verbatim: the docs write `error` where every other page has `err`. */
export const estimateResponseVerbatim = { data: { estimated: 5, balance: 20 }, error: {} };
/** The same example with the envelope key the contract uses. */
export const estimateResponse = { data: { estimated: 5, balance: 20 }, err: {} };

/** GET /pub/v1/controlnets?type=flux. */
export const listFluxControlnetsResponse = {
  data: [
    { base_model: 'flux', name: 'Canny' },
    { base_model: 'flux', name: 'Depth' },
  ],
};

/** GET /pub/v1/generations/{generation_id}/status (deprecated). */
export const generationStatusResponse = { data: [{ image_id: 'img_01', status: 'success' }], err: {} };
/** GET /pub/v1/generations/{generation_id}/images/{image_id}/status (deprecated). */
export const imageStatusResponse = { data: { image_id: 'img_01', status: 'success' }, err: {} };

/** POST /pub/v1/characters — request and 201 response. */
export const createCharacterRequest = {
  asset_id: 'ast_123abc',
  character_type: 'realistic',
  name: 'character_01',
  prompt: 'a female, european, 25 years old, slim',
};
export const createCharacterResponse = {
  data: {
    character_type: 'realistic',
    input_image: 'https://redernet-image-data.s3.amazonaws.com/input_images/ast_123abc.png',
    name: 'character_01',
    prompt: 'a female, european, 25 years old, slim',
    id: 'character_001',
  },
  err: {},
};

/** POST /pub/v1/assets/upload — request and 201 response. */
export const uploadAssetRequest = { size: { height: 512, width: 512 } };
export const uploadAssetResponse = {
  data: {
    asset: {
      data: { size: { height: 512, width: 512 }, url: 'https://s3-asset-url' },
      id: 'ast_xxxxxxxx',
      status: 'pending',
      tags: ['api'],
      type: 'image',
    },
    upload_url: 'https://s3-presigned-url',
  },
  err: {},
};

/** POST /pub/v2/assets/upload?type=image — request and 201 response. */
export const uploadAssetV2Response = {
  data: {
    size: { height: 512, width: 512 },
    url: 'https://s3-asset-url',
    id: 'ast_xxxxxxxx',
    type: 'image',
    upload_url: 'https://s3-presigned-url',
  },
  err: {},
};

/** POST /pub/v1/assets/archive — the only example with a filled `err`. */
export const archiveAssetsRequest = { ids: ['ast_01'] };
export const archiveAssetsResponse = {
  data: [
    {
      data: { size: { height: 512, width: 512 }, url: 'object-url' },
      id: 'asset_id',
      status: 'archive',
      tags: ['api'],
      type: 'image',
    },
  ],
  err: { code: 'error_code', message: 'error_message' },
};

/**
 * Generation items assembled from the docs' field examples, one per kind (the docs' own composite
 * example, with every field at once, is the committed fixture test/fixtures/docs/generate-composite.json).
 */
export const generationItems = {
  standard: {
    aspect_ratio: '1:1',
    batch_size: 1,
    cfg_scale: 7,
    model: 'JuggernautXL',
    prompt: { positive: 'a man looking into the camera', negative: 'nsfw, deformed, extra limbs, bad anatomy' },
    quality: 'Plus',
    sampler: 'DPM++ 2M Karras',
    seed: 1234,
    steps: 20,
  },
  style: {
    aspect_ratio: '2:3',
    batch_size: 1,
    cfg_scale: 7,
    style: 'Bokeh',
    loras: [{ name: 'lora_name', weight: 0.5 }],
    facelock: { asset_id: 'ast_01' },
    control_net: { asset_id: 'ast_01', control_mode: 0, name: 'Normal', resize_mode: 0 },
    prompt: { positive: 'a man looking into the camera', negative: 'nsfw, deformed' },
    sampler: 'Euler a',
    steps: 30,
  },
  flux: {
    aspect_ratio: '16:9',
    batch_size: 1,
    model: 'Flux',
    control_net: { asset_id: 'ast_01', name: 'Canny' },
    prompt: { positive: 'a man looking into the camera', negative: '' },
    seed: 1234,
  },
  fluxStyle: {
    style_detail: { name: 'Black & White', base_model: 'flux' },
    prompt: { positive: 'a lighthouse at dusk' },
  },
  character: {
    model: 'JuggernautXL',
    character: { character_id: 'chr_01', mode: 'balanced' },
    prompt: { positive: 'character_01 riding a bike' },
  },
  segment: { segment: { asset_id: 'ast_01', find: 'red shirt', replace: 'blue shirt' } },
  trueTouch: { true_touch: { asset_id: 'ast_01', enhance_strength: 0.5, scale_factor: 1.5 } },
  narratorScript: { narrator: { image_asset_id: 'ast_imgxxxxx', script: 'Thank you for trying Narrator', voice: 'Rachel' } },
  narratorAudio: { narrator: { video_asset_id: 'ast_vidxxxxx', audio_asset_id: 'ast_audxxxxx' } },
  videoAnyone: { video_anyone: { media_id: 'ast_01', prompt: 'Camera static, a woman riding a bicycle', duration: 5 } },
} as const;
