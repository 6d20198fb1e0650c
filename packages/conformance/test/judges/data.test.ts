// The data and auth judges: a refusal of a request rule names that rule (its basis decides what
// breaking it means), how a refusal is made is ours, and a request whose validity rests on an
// assumption tests that assumption instead of obliging the server.
import { operations, ruleById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { acceptanceBasis, breachBasis, checksById, probeBasis, ruleBasis } from '../../src/index.js';
import { exchange } from '../support/exchange.js';

const { generateMedia, estimateGeneration, listModels, createCharacter } = operations;
const judge = (check: keyof typeof checksById, input: Parameters<NonNullable<(typeof checksById)[typeof check]['judge']>>[0]) =>
  checksById[check].judge!(input);
const refusal = (status: number) => exchange(status, { data: null, err: { code: 'x', message: 'no' } });

describe('auth checks', () => {
  it('a missing key not served holds the interface rule; 401 is an assumption', () => {
    for (const [status, served] of [
      [401, false],
      [403, false],
      [200, false],
    ] as const) {
      const assertions = judge('auth_required', { op: listModels, exchange: refusal(status), expect: 'missing-key', pagination: false })!;
      expect(assertions.find((a) => a.rule === 'missing_key_not_served')?.ok).toBe(!served);
      expect(assertions.find((a) => a.rule === 'missing_key_401')?.ok).toBe(status === 401);
    }
    const servedAnyway = judge('ignored_auth', { op: listModels, exchange: exchange(200, { data: [] }), expect: 'wrong-key', pagination: false })!;
    expect(servedAnyway.find((a) => a.rule === 'wrong_key_not_served')?.ok).toBe(false);
    expect([ruleById('missing_key_not_served')?.source, ruleById('missing_key_401')?.source]).toEqual(['interface', 'assumption']);
  });
});

describe('negative_data_rejection', () => {
  const breach = breachBasis(generateMedia, { body: [{ model: 'M', prompt: { positive: 'a' }, steps: 3021 }] })!;

  it('names the rule the request breaks, and its basis', () => {
    expect(breach).toMatchObject({ rule: 'GenerationItem.steps.range', source: 'interface' });
    const accepted = judge('negative_data_rejection', {
      op: generateMedia,
      exchange: exchange(200, { data: { generation_id: 'g' } }),
      expect: 'reject',
      pagination: false,
      breach,
    })!;
    expect(accepted.find((a) => a.rule === breach.rule)?.ok).toBe(false);
    const refused = judge('negative_data_rejection', { op: generateMedia, exchange: refusal(422), expect: 'reject', pagination: false, breach })!;
    expect(refused.every((a) => a.ok)).toBe(true);
  });

  it('a refusal answered 200 with the error in err holds the rule; only "up front with a 4xx" is refuted', () => {
    const assertions = judge('negative_data_rejection', { op: estimateGeneration, exchange: refusal(200), expect: 'reject', pagination: false, breach })!;
    expect(assertions.find((a) => a.rule === breach.rule)?.ok).toBe(true);
    expect(assertions.find((a) => a.rule === 'invalid_request_refused_up_front')?.ok).toBe(false);
  });

  it('a generation the interface says fails may be taken: how it ends decides', () => {
    const long = breachBasis(generateMedia, { body: [{ video_anyone: { media_id: 'ast_1', prompt: 'a'.repeat(501) } }] })!;
    expect(long.rule).toBe('VideoAnyone.prompt.length');
    const taken = judge('negative_data_rejection', {
      op: generateMedia,
      exchange: exchange(200, { data: { generation_id: 'gen_9' } }),
      expect: 'reject',
      pagination: false,
      breach: long,
    })!;
    expect(taken.find((a) => a.rule === long.rule)?.awaits).toEqual({ generationId: 'gen_9' });
    // The estimate of such a body may price it: only the up-front assumption is judged.
    const priced = judge('negative_data_rejection', {
      op: estimateGeneration,
      exchange: exchange(200, { data: { estimated: 5, balance: 9 } }),
      expect: 'reject',
      pagination: false,
      breach: long,
    })!;
    expect(priced.map((a) => a.rule)).toEqual(['invalid_request_refused_up_front']);
  });

  it('the key, the credits and the rate say nothing about a body', () => {
    for (const status of [401, 402, 429])
      expect(judge('negative_data_rejection', { op: generateMedia, exchange: refusal(status), expect: 'reject', pagination: false, breach })).toBeUndefined();
  });
});

describe('positive_data_acceptance', () => {
  it('a valid request not served breaks valid_request_served; one resting on an assumption tests it', () => {
    const plain = judge('positive_data_acceptance', { op: listModels, exchange: refusal(418), expect: 'accept', pagination: false })!;
    expect(plain).toEqual([expect.objectContaining({ rule: 'valid_request_served', ok: false })]);
    const relies = acceptanceBasis(listModels, { query: { type: 'sd' } })!;
    expect(relies).toMatchObject({ source: 'assumption' });
    const judged = judge('positive_data_acceptance', { op: listModels, exchange: refusal(422), expect: 'accept', pagination: false, relies })!;
    expect(judged[0]?.rule).toBe(relies.rule);
  });

  it('a body with fields its chosen kind ignores relies on those fields not being validated', () => {
    const body = [
      {
        segment: { asset_id: 'a', find: 'x', replace: 'y' },
        style_detail: { name: 'S', base_model: 'flux' },
        control_net: { asset_id: 'a', name: 'Canny', resize_mode: 0 },
      },
    ];
    expect(acceptanceBasis(generateMedia, { body })?.rule).toBe('ignored_fields_not_validated');
  });

  it('a tolerance probe relies on the warning it carries (an unknown field: an assumption)', () => {
    expect(
      probeBasis(createCharacter, { body: { asset_id: 'ast_123abc', character_type: 'realistic', name: 'character_01', prompt: 'a person', age: 2 } }),
    ).toMatchObject({
      rule: 'unknown_field',
      source: 'assumption',
    });
    expect(ruleBasis('unknown_field').source).toBe('assumption');
  });
});

describe('no request judged firmer than its sources', () => {
  const item = { model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } };

  it('values no source bounds make a valid request a reliance, not an obligation', () => {
    for (const odd of [
      { seed: -505_179 },
      { control_net: { asset_id: 'a', name: 'Canny', control_mode: 583_232 } },
      { loras: [{ name: 'l', weight: 462_596 }] },
    ])
      expect(acceptanceBasis(generateMedia, { body: [{ ...item, ...odd }] })?.rule, JSON.stringify(odd)).toBe('open_range_values_accepted');
    expect(acceptanceBasis(generateMedia, { body: [{ ...item, prompt: { positive: '' } }] })?.rule).toBe('open_range_values_accepted');
    // What the docs show, and values inside a stated range, rely on nothing.
    expect(acceptanceBasis(generateMedia, { body: [{ ...item, seed: 1234, steps: 3020, cfg_scale: 7 }] })).toBeUndefined();
    expect(ruleBasis('open_range_values_accepted').source).toBe('assumption');
  });

  it('the interface’s plain-string prompt, and a listed value in another case, break only our readings', () => {
    expect(breachBasis(generateMedia, { body: [{ ...item, prompt: 'a lighthouse' }] })).toMatchObject({ source: 'assumption' });
    expect(breachBasis(generateMedia, { body: [{ ...item, character: { character_id: 'c', mode: 'Balanced' } }] })).toMatchObject({
      rule: 'enum_values_case_sensitive',
      source: 'assumption',
    });
    // The sources call quality and sampler case sensitive: another case breaks their own rule.
    expect(breachBasis(generateMedia, { body: [{ ...item, quality: 'plus' }] })).toMatchObject({ rule: 'GenerationItem.quality.enum', source: 'live-docs' });
    expect(breachBasis(listModels, { query: { type: 'FLUX' } })).toMatchObject({ rule: 'enum_values_case_sensitive' });
  });

  it('a refusal whose only fault is naming what does not exist is answered by a 404; a conflict by a 409', () => {
    const existence = ruleBasis('reference_exists');
    const conflict = ruleBasis('unique_character_name');
    expect(
      judge('negative_data_rejection', { op: generateMedia, exchange: refusal(404), expect: 'reject', pagination: false, breach: existence }),
    ).toBeDefined();
    expect(
      judge('negative_data_rejection', { op: createCharacter, exchange: refusal(409), expect: 'reject', pagination: false, breach: conflict }),
    ).toBeDefined();
    expect(
      judge('negative_data_rejection', { op: createCharacter, exchange: refusal(404), expect: 'reject', pagination: false, breach: conflict }),
    ).toBeUndefined();
  });
});
