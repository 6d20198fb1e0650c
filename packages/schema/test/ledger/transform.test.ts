import { describe, expect, it } from 'vitest';
import {
  compilePlan,
  downgradeRequest,
  downgradeResponse,
  fingerprintResponse,
  requestVersionRange,
  responseVersionRange,
  upgradeRequest,
  upgradeResponse,
  VersionIncompatibleError,
  type VersionKey,
  versionKeys,
} from '../../src/ledger/index.js';
import { deepFreeze, loadNewest } from './support.js';

const plan = compilePlan(loadNewest());
const LATEST = '2025-05-07';
const versions = versionKeys();
/** Versions from `since` on. */
const from = (since: VersionKey) => versions.slice(versions.indexOf(since));
const before = (until: VersionKey) => versions.slice(0, versions.indexOf(until));

// Representative list responses (listGenerations 200), in the shape of each version that changed them.
const listBaseline = {
  data: [
    {
      generation_id: 'gen_01',
      created_at: '2024-08-01T10:00:00Z',
      images: [
        { id: 'img_1', size: { height: 512, width: 768 }, status: 'success', url: 'https://cdn.example/img_1.png' },
        { id: 'img_2', size: { height: 512, width: 768 }, status: 'failed' },
      ],
    },
    { generation_id: 'gen_02', created_at: '2024-08-02T10:00:00Z', images: [] },
  ],
  err: null,
  pagination: { page: 1, page_size: 20, total: 2 },
};
const listNewest = {
  data: [
    {
      generation_id: 'gen_01',
      created_at: '2024-08-01T10:00:00Z',
      media: [
        { id: 'img_1', dim: { height: 512, width: 768 }, status: 'success', url: 'https://cdn.example/img_1.png', type: 'image' },
        { id: 'img_2', dim: { height: 512, width: 768 }, status: 'failed', type: 'image' },
      ],
    },
    { generation_id: 'gen_02', created_at: '2024-08-02T10:00:00Z', media: [] },
  ],
  err: null,
  pagination: { page: 1, page_size: 20, total: 2 },
};
const listWithVideo = {
  data: [
    {
      generation_id: 'gen_09',
      created_at: '2025-04-01T10:00:00Z',
      media: [{ id: 'vid_1', dim: { height: 1280, width: 768 }, type: 'video', status: 'success' }],
    },
  ],
  err: null,
  pagination: { page: 1, page_size: 20, total: 1 },
};

// Representative generate responses (generateMedia 200).
const generateBaseline = {
  data: {
    generation_id: 'gen_01',
    credits_remaining: 90,
    images: [{ id: 'img_1', image_size: { height: 1024, width: 1024 }, status: 'pending' }],
  },
  err: null,
};
const generate20240904 = {
  data: {
    generation_id: 'gen_01',
    credits_remaining: 90,
    media: [
      { id: 'img_1', dim: { height: 1024, width: 1024 }, type: 'image', status: 'pending' },
      { id: 'vid_1', dim: { height: 720, width: 1280 }, type: 'video', status: 'pending' },
    ],
  },
  err: null,
};
const generate20241108 = {
  data: {
    generation_id: 'gen_02',
    credits_remaining: 80,
    media: [
      {
        id: 'img_2',
        dim: { height: 768, width: 1344 },
        type: 'image',
        status: 'pending',
        style_detail: { name: 'Flux Realism', base_model: 'flux' },
      },
    ],
  },
  err: null,
};

/** Response bodies by the version whose shape they have (each also valid in later versions). */
const responseBodies: { operationId: string; version: VersionKey; body: unknown }[] = [
  { operationId: 'listGenerations', version: 'baseline', body: listBaseline },
  { operationId: 'listGenerations', version: '2024-09-04', body: listNewest },
  { operationId: 'listGenerations', version: '2024-09-04', body: listWithVideo },
  { operationId: 'getGeneration', version: 'baseline', body: { data: listBaseline.data[0], err: null } },
  { operationId: 'getGeneration', version: '2024-09-04', body: { data: listNewest.data[0], err: null } },
  { operationId: 'generateMedia', version: 'baseline', body: generateBaseline },
  { operationId: 'generateMedia', version: '2024-09-04', body: generate20240904 },
  { operationId: 'generateMedia', version: '2024-11-08', body: generate20241108 },
  { operationId: 'listControlnets', version: 'baseline', body: { data: [{ name: 'canny', type: 'sdxl' }] } },
  { operationId: 'listControlnets', version: '2024-12-04', body: { data: [{ name: 'canny', type: 'flux' }] } },
];

describe('upgradeResponse', () => {
  it('upgrades a legacy list response: media, dim and type "image"', () => {
    const result = upgradeResponse(plan, 'listGenerations', 200, listBaseline, 'baseline');
    expect(result.changed).toBe(true);
    expect(result.body).toEqual(listNewest);
  });

  it('upgrades a legacy generate response (images, image_size)', () => {
    const result = upgradeResponse(plan, 'generateMedia', 200, generateBaseline, 'baseline');
    expect(result).toEqual({
      changed: true,
      body: {
        data: {
          generation_id: 'gen_01',
          credits_remaining: 90,
          media: [{ id: 'img_1', dim: { height: 1024, width: 1024 }, status: 'pending', type: 'image' }],
        },
        err: null,
      },
    });
  });

  it('keeps the order of renamed keys', () => {
    const { body } = upgradeResponse(plan, 'generateMedia', '200', generateBaseline, 'baseline');
    const media = (body as typeof generate20240904).data.media[0]!;
    expect(Object.keys(media)).toEqual(['id', 'dim', 'status', 'type']);
    expect(Object.keys((body as typeof generate20240904).data)).toEqual(['generation_id', 'credits_remaining', 'media']);
  });

  it('does nothing to bodies already in a version that has every change', () => {
    expect(upgradeResponse(plan, 'listGenerations', 200, listNewest, '2024-09-04')).toEqual({ body: listNewest, changed: false });
    expect(upgradeResponse(plan, 'listGenerations', 200, listNewest, LATEST)).toEqual({ body: listNewest, changed: false });
    // Operations and statuses no entry touches pass through.
    expect(upgradeResponse(plan, 'listModels', 200, { data: [] }, 'baseline')).toEqual({ body: { data: [] }, changed: false });
    expect(upgradeResponse(plan, 'generateMedia', 400, { images: 1 }, 'baseline')).toEqual({ body: { images: 1 }, changed: false });
    expect(upgradeResponse(plan, 'noSuchOperation', 200, { images: 1 }, 'baseline').changed).toBe(false);
  });

  it('accepts any date and resolves it', () => {
    expect(upgradeResponse(plan, 'listGenerations', 200, listBaseline, '2024-09-03').body).toEqual(listNewest);
    expect(upgradeResponse(plan, 'listGenerations', 200, listBaseline, '2024-09-05').changed).toBe(false);
    expect(() => upgradeResponse(plan, 'listGenerations', 200, listBaseline, 'yesterday')).toThrow(/Invalid API version/);
  });
});

describe('downgradeResponse', () => {
  it('gives a newest list response the baseline names and drops type', () => {
    expect(downgradeResponse(plan, 'listGenerations', 200, listNewest, 'baseline')).toEqual({ body: listBaseline, changed: true });
  });

  it('drops fields the version lacks', () => {
    const { body } = downgradeResponse(plan, 'generateMedia', 200, generate20241108, '2024-09-04');
    expect(body).toEqual({
      data: {
        generation_id: 'gen_02',
        credits_remaining: 80,
        media: [{ id: 'img_2', dim: { height: 768, width: 1344 }, type: 'image', status: 'pending' }],
      },
      err: null,
    });
    expect(downgradeResponse(plan, 'generateMedia', 200, generate20241108, '2024-11-08')).toEqual({
      body: generate20241108,
      changed: false,
    });
  });

  it('refuses what the version lacks in strict mode', () => {
    expect(() => downgradeResponse(plan, 'generateMedia', 200, generate20241108, '2024-09-04', { strict: true })).toThrow(
      'data.media[0].style_detail: not available before 2024-11-08 (Accept Flux models and styles and add style_detail)',
    );
    expect(() => downgradeResponse(plan, 'listControlnets', 200, { data: [{ name: 'c', type: 'flux' }] }, '2024-11-08', { strict: true })).toThrow(
      'data[0].type: not available before 2024-12-04 (List control nets for Flux)',
    );
    // `type: "image"` is what an upgrade fills in, so it is representable without `type`.
    expect(downgradeResponse(plan, 'listGenerations', 200, listNewest, 'baseline', { strict: true }).body).toEqual(listBaseline);
    expect(() => downgradeResponse(plan, 'listGenerations', 200, listWithVideo, 'baseline', { strict: true })).toThrow(
      'data[0].media[0].type: not available before 2024-09-04',
    );
  });
});

describe('response round trips', () => {
  for (const { operationId, version, body } of responseBodies) {
    for (const at of from(version)) {
      it(`${operationId} body of ${version}, as version ${at}: downgrade ∘ upgrade = identity`, () => {
        const upgraded = upgradeResponse(plan, operationId, 200, body, at).body;
        expect(downgradeResponse(plan, operationId, 200, upgraded, at).body).toEqual(body);
      });
    }
  }

  for (const { operationId, version, body } of responseBodies) {
    // The newest form of a body of `version` is representable at every version from `version` on;
    // baseline bodies only use what upgrades fill in, so at every version.
    const newestForm = upgradeResponse(plan, operationId, 200, body, version).body;
    for (const at of from(version)) {
      it(`${operationId} body of ${version}, newest form, to ${at}: upgrade ∘ downgrade = identity`, () => {
        const down = downgradeResponse(plan, operationId, 200, newestForm, at).body;
        expect(upgradeResponse(plan, operationId, 200, down, at).body).toEqual(newestForm);
      });
    }
  }

  it('loses what an older version cannot carry, and only that', () => {
    const down = downgradeResponse(plan, 'generateMedia', 200, generate20241108, 'baseline').body;
    const back = upgradeResponse(plan, 'generateMedia', 200, down, 'baseline').body as typeof generate20241108;
    expect(back.data.media[0]).not.toHaveProperty('style_detail');
    expect(back.data.media[0]).toEqual({ id: 'img_2', dim: { height: 768, width: 1344 }, status: 'pending', type: 'image' });
  });
});

describe('requests', () => {
  const imageItem = { prompt: { positive: 'a lighthouse' }, model: 'JuggernautXL', style: 'Cinematic', batch_size: 2 };
  const narratorItem = { narrator: { script: 'Once upon a time', voice: 'Aria' } };
  const fluxItem = { prompt: { positive: 'a lighthouse' }, style_detail: { name: 'Flux Realism', base_model: 'flux' } };
  const videoItem = { video_anyone: { prompt: 'waves', media_id: 'med_1', aspect_ratio: '3:5' } };
  const characterItem = { prompt: { positive: 'a sailor' }, model: 'JuggernautXL', character: { character_id: 'chr_1', mode: 'strong' } };
  const legacyCharacterItem = { prompt: { positive: 'a sailor' }, model: 'JuggernautXL', character: { character_id: 'chr_1', weight: 0.8 } };

  const error = (run: () => unknown): VersionIncompatibleError => {
    try {
      run();
    } catch (caught) {
      if (caught instanceof VersionIncompatibleError) return caught;
      throw caught;
    }
    throw new Error('expected a VersionIncompatibleError');
  };

  it('refuses fields a version does not have, with path-precise messages', () => {
    const narrator = error(() => downgradeRequest(plan, 'generateMedia', { body: [narratorItem] }, 'baseline'));
    expect(narrator.message).toBe('[0].narrator: not available before 2024-09-04 (Rename images to media and add narrator generations)');
    expect(narrator).toMatchObject({ path: '[0].narrator', location: 'body', since: '2024-09-04' });

    expect(() => downgradeRequest(plan, 'generateMedia', { body: [imageItem, videoItem] }, '2024-12-04')).toThrow(
      '[1].video_anyone: not available before 2025-03-06 (Add video_anyone image-to-video generations)',
    );
    expect(() => downgradeRequest(plan, 'generateMedia', { body: [imageItem, imageItem, characterItem] }, '2025-03-06')).toThrow(
      '[2].character.mode: not available before 2025-05-07 (Add mode to character generations)',
    );
    expect(() => downgradeRequest(plan, 'generateMedia', { body: [fluxItem] }, '2024-09-04')).toThrow(
      '[0].style_detail: not available before 2024-11-08 (Accept Flux models and styles and add style_detail)',
    );
  });

  it('refuses query parameters and enum values a version does not have', () => {
    const flux = error(() => downgradeRequest(plan, 'listControlnets', { query: { type: 'flux' } }, '2024-11-08'));
    expect(flux.message).toBe('type: not available before 2024-12-04 (List control nets for Flux)');
    expect(flux.location).toBe('query');
    expect(() => downgradeRequest(plan, 'listModels', { query: { type: 'sdxl', page: 2 } }, '2024-09-04')).toThrow(
      'type: not available before 2024-11-08 (Accept Flux models and styles and add style_detail)',
    );
    expect(() => downgradeRequest(plan, 'listControlnets', { query: { type: 'sdxl' } }, '2024-09-04')).toThrow(
      'type: not available before 2024-11-08 (Accept Flux models and styles and add style_detail)',
    );
    expect(downgradeRequest(plan, 'listControlnets', { query: { type: 'sdxl' } }, '2024-11-08')).toEqual({
      body: undefined,
      query: { type: 'sdxl' },
    });
    expect(downgradeRequest(plan, 'listControlnets', { query: { type: 'flux' } }, '2024-12-04').query).toEqual({ type: 'flux' });
  });

  it('renames query parameters', () => {
    expect(downgradeRequest(plan, 'listGenerations', { query: { media_id: 'med_1', page: 2 } }, 'baseline')).toEqual({
      body: undefined,
      query: { image_id: 'med_1', page: 2 },
    });
    expect(upgradeRequest(plan, 'listGenerations', { query: { image_id: 'med_1', page: 2 } }, 'baseline').query).toEqual({
      media_id: 'med_1',
      page: 2,
    });
    expect(downgradeRequest(plan, 'listGenerations', { query: { media_id: 'med_1' } }, '2024-09-04').query).toEqual({ media_id: 'med_1' });
  });

  it('passes through what every version has', () => {
    expect(downgradeRequest(plan, 'generateMedia', { body: [imageItem, legacyCharacterItem] }, 'baseline').body).toEqual([imageItem, legacyCharacterItem]);
    expect(downgradeRequest(plan, 'getGeneration', {}, 'baseline')).toEqual({ body: undefined, query: undefined });
  });

  const requestCases: { operationId: string; version: VersionKey; request: { body?: unknown; query?: Record<string, unknown> } }[] = [
    { operationId: 'generateMedia', version: 'baseline', request: { body: [imageItem, legacyCharacterItem] } },
    { operationId: 'generateMedia', version: '2024-09-04', request: { body: [imageItem, narratorItem] } },
    { operationId: 'generateMedia', version: '2024-11-08', request: { body: [fluxItem, narratorItem] } },
    { operationId: 'generateMedia', version: '2025-03-06', request: { body: [videoItem] } },
    { operationId: 'generateMedia', version: '2025-05-07', request: { body: [characterItem, videoItem] } },
    { operationId: 'listGenerations', version: 'baseline', request: { query: { image_id: 'med_1', status: 'success' } } },
    { operationId: 'listGenerations', version: '2024-09-04', request: { query: { media_id: 'med_1' } } },
    { operationId: 'listModels', version: 'baseline', request: { query: { page: 1 } } },
    { operationId: 'listModels', version: '2024-11-08', request: { query: { page: 1, type: 'flux' } } },
    { operationId: 'listControlnets', version: '2024-11-08', request: { query: { type: 'sd' } } },
    { operationId: 'listControlnets', version: '2024-12-04', request: { query: { type: 'flux' } } },
  ];

  for (const { operationId, version, request } of requestCases) {
    for (const at of from(version)) {
      it(`${operationId} request of ${version}, as version ${at}: round trips both ways`, () => {
        const upgraded = upgradeRequest(plan, operationId, request, at);
        expect(downgradeRequest(plan, operationId, upgraded, at)).toEqual({ body: request.body, query: request.query });
        const down = downgradeRequest(plan, operationId, upgraded, at);
        expect(upgradeRequest(plan, operationId, down, at)).toEqual(upgraded);
      });
    }
    for (const at of before(version)) {
      it(`${operationId} request of ${version} is refused by ${at}, or unchanged by it`, () => {
        const newest = upgradeRequest(plan, operationId, request, version);
        let down: { body: unknown; query: Record<string, unknown> | undefined } | undefined;
        try {
          down = downgradeRequest(plan, operationId, newest, at);
        } catch (caught) {
          expect(caught).toBeInstanceOf(VersionIncompatibleError);
          return;
        }
        // Only requests that use nothing new get through, and then nothing is lost.
        expect(upgradeRequest(plan, operationId, down, at)).toEqual(newest);
      });
    }
  }
});

describe('fingerprintResponse', () => {
  it('recognises legacy shapes', () => {
    expect(fingerprintResponse(plan, 'listGenerations', 200, listBaseline)).toBe('baseline');
    expect(fingerprintResponse(plan, 'generateMedia', 200, generateBaseline)).toBe('baseline');
    expect(fingerprintResponse(plan, 'getGeneration', 200, { data: listBaseline.data[0], err: null })).toBe('baseline');
  });

  it('returns the newest version consistent with the body', () => {
    // media, dim and type: at least 2024-09-04, and nothing rules out later versions.
    expect(fingerprintResponse(plan, 'listGenerations', 200, listNewest)).toBe(LATEST);
    expect(fingerprintResponse(plan, 'generateMedia', 200, generate20240904)).toBe(LATEST);
    expect(fingerprintResponse(plan, 'generateMedia', 200, generate20241108)).toBe(LATEST);
    expect(fingerprintResponse(plan, 'listControlnets', 200, { data: [{ name: 'c', type: 'flux' }] })).toBe(LATEST);
  });

  it('is consistent with every body: upgrading from its answer equals upgrading from the true version', () => {
    for (const { operationId, version, body } of responseBodies) {
      const found = fingerprintResponse(plan, operationId, 200, body);
      if (found === undefined) continue;
      expect(versions.indexOf(found)).toBeGreaterThanOrEqual(versions.indexOf(version));
      expect(upgradeResponse(plan, operationId, 200, body, found).body).toEqual(upgradeResponse(plan, operationId, 200, body, version).body);
    }
  });

  it('returns undefined when nothing discriminates, or the body contradicts itself', () => {
    expect(fingerprintResponse(plan, 'listGenerations', 200, { data: [], err: null, pagination: { page: 1 } })).toBeUndefined();
    expect(fingerprintResponse(plan, 'listControlnets', 200, { data: [{ name: 'c', type: 'sdxl' }] })).toBeUndefined();
    expect(fingerprintResponse(plan, 'listModels', 200, { data: [{ name: 'm' }] })).toBeUndefined();
    expect(fingerprintResponse(plan, 'generateMedia', 400, { data: null, err: { code: 'x', message: 'y' } })).toBeUndefined();
    expect(fingerprintResponse(plan, 'generateMedia', 200, { data: { images: [], media: [] } })).toBeUndefined();
    expect(fingerprintResponse(plan, 'generateMedia', 200, 'not an object')).toBeUndefined();
  });
});

describe('version ranges', () => {
  it('bound a response from below by what it shows came later, and from above by the old names it still uses', () => {
    expect(responseVersionRange(plan, 'listGenerations', 200, listBaseline)).toEqual({ lowest: 'baseline', highest: 'baseline' });
    // media and dim: at least 2024-09-04; nothing it shows was renamed since.
    expect(responseVersionRange(plan, 'generateMedia', 200, generate20240904)).toEqual({ lowest: '2024-09-04', highest: LATEST });
    expect(responseVersionRange(plan, 'generateMedia', 200, generate20241108)).toEqual({ lowest: '2024-11-08', highest: LATEST });
    expect(responseVersionRange(plan, 'generateMedia', 200, { data: { images: [], media: [] } })).toBeUndefined();
    expect(responseVersionRange(plan, 'listModels', 200, { data: [{ name: 'm' }] })).toBeUndefined();
  });

  it('is the same answer fingerprintResponse gives, at its upper end', () => {
    for (const { operationId, body } of responseBodies) {
      expect(responseVersionRange(plan, operationId, 200, body)?.highest).toBe(fingerprintResponse(plan, operationId, 200, body));
    }
  });

  it('bound a request by the fields, parameters and values it sends', () => {
    expect(requestVersionRange(plan, 'listGenerations', { query: { image_id: 'img_1' } })).toEqual({ lowest: 'baseline', highest: 'baseline' });
    expect(requestVersionRange(plan, 'listGenerations', { query: { media_id: 'med_1' } })).toEqual({ lowest: '2024-09-04', highest: LATEST });
    expect(requestVersionRange(plan, 'listControlnets', { query: { type: 'flux' } })).toEqual({ lowest: '2024-12-04', highest: LATEST });
    const item = { prompt: { positive: 'p' }, model: 'm', character: { character_id: 'c', mode: 'strong' } };
    expect(requestVersionRange(plan, 'generateMedia', { body: [item] })).toEqual({ lowest: LATEST, highest: LATEST });
    // Nothing in a plain request tells a version.
    expect(requestVersionRange(plan, 'generateMedia', { body: [{ prompt: { positive: 'p' }, model: 'm' }] })).toBeUndefined();
    expect(requestVersionRange(plan, 'listGenerations', { query: { image_id: 'a', media_id: 'b' } })).toBeUndefined();
  });
});

describe('purity and speed', () => {
  it('never mutates its inputs', () => {
    const frozen = deepFreeze(structuredClone({ listBaseline, listNewest, generate20241108 }));
    const snapshot = structuredClone(frozen);
    upgradeResponse(plan, 'listGenerations', 200, frozen.listBaseline, 'baseline');
    downgradeResponse(plan, 'listGenerations', 200, frozen.listNewest, 'baseline');
    downgradeResponse(plan, 'generateMedia', 200, frozen.generate20241108, 'baseline');
    fingerprintResponse(plan, 'listGenerations', 200, frozen.listBaseline);
    const query = deepFreeze({ media_id: 'med_1' });
    const body = deepFreeze([{ prompt: { positive: 'p' }, model: 'm' }]);
    downgradeRequest(plan, 'listGenerations', { query }, 'baseline');
    upgradeRequest(plan, 'generateMedia', { body }, 'baseline');
    downgradeRequest(plan, 'generateMedia', { body }, 'baseline');
    expect(frozen).toEqual(snapshot);
    expect(query).toEqual({ media_id: 'med_1' });

    // Results share nothing with inputs either.
    const result = upgradeResponse(plan, 'listModels', 200, frozen.listNewest, LATEST).body;
    expect(result).toEqual(frozen.listNewest);
    expect(result).not.toBe(frozen.listNewest);
  });

  // How fast is the bench's (`npm run bench`: bench/ledger.bench.ts): a time limit here failed on a loaded machine.
  it('round-trips a large body', () => {
    const big = {
      data: Array.from({ length: 2000 }, (_, i) => ({
        generation_id: `gen_${i}`,
        created_at: '2024-08-01T10:00:00Z',
        images: Array.from({ length: 4 }, (_, j) => ({ id: `img_${i}_${j}`, size: { height: 512, width: 512 }, status: 'success' })),
      })),
      err: null,
      pagination: { page: 1, page_size: 2000, total: 2000 },
    };
    const up = upgradeResponse(plan, 'listGenerations', 200, big, 'baseline').body;
    const down = downgradeResponse(plan, 'listGenerations', 200, up, 'baseline').body;
    expect(down).toEqual(big);
  });
});
