// The stateful checks judge a history, whoever sent it: a short, made-up sequence of exchanges is fed to
// the one judge as a recording's would be, and each stateful judgement shows where the sources allow
// it and only there (eventual reads, a charge that settles, deletes, lifecycle, filters).
import { type OperationSpec, operations, ruleById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, type Exchange, Judge } from '../../src/index.js';

const { generateMedia, getGeneration, getMedia, deleteMedia, listGenerations, estimateGeneration, listCharacters, createCharacter } = operations;

/** A judge as a recording's: every check, default tiers, a short lifecycle wait. */
const recordingJudge = (ownsBalance = false) =>
  new Judge({
    selected: CHECK_IDS,
    strict: false,
    pagination: true,
    stateful: true,
    ownsBalance,
    lifecycleWaitMs: 1_000,
    baseUrl: 'http://127.0.0.1:1',
  });

let clock = 1_000_000;
/** Feeds one exchange (answered `after` ms after the previous one) and returns the judge. */
function feed(
  judge: Judge,
  op: OperationSpec,
  params: Record<string, string>,
  status: number,
  json: unknown,
  request: Partial<Exchange['request']> = {},
  after = 10,
  durationMs = 1,
) {
  clock += after;
  const exchange: Exchange = {
    request: { operationId: op.operationId, method: op.method, path: op.path, auth: 'valid', label: 'test', ...request },
    url: `http://127.0.0.1:1${op.path}`,
    status,
    contentType: 'application/json',
    text: JSON.stringify(json),
    json,
    durationMs,
  };
  return judge.judge(op, params, exchange, judge.infer(op, params, exchange), { phase: 'examples', at: clock });
}

const media = (id: string, status = 'pending') => ({ id, dim: { height: 512, width: 512 }, type: 'image', status });
const generation = (id: string, items: ReturnType<typeof media>[]) => ({ data: { generation_id: id, created_at: 1, media: items }, err: {} });
const notFound = { data: null, err: { code: 'not_found', message: 'no such thing' } };
const body = [{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse' } }];

/** The cell of one check on one operation, and the verdict on one assumption. */
const cell = (judge: Judge, operationId: OperationSpec['operationId'], check: string) =>
  judge.recorder.operationReport(operations[operationId], 'none').results.find((r) => r.check === check);
const verdict = (judge: Judge, element: string) => judge.verdicts.verdicts().find((v) => v.element === element)?.status;

describe('ensure_resource_availability: readable eventually, at once is ours', () => {
  it('a generation first read as 404, then served, holds the obligation and refutes only "at once"', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g1', media: [media('m1', 'initiated')] }, err: {} }, { body });
    feed(judge, getGeneration, { generation_id: 'g1' }, 404, notFound);
    feed(judge, getGeneration, { generation_id: 'g1' }, 200, generation('g1', [media('m1')]), {}, 500);
    judge.finish();
    expect(cell(judge, 'getGeneration', 'ensure_resource_availability')?.outcome).toBe('passed');
    expect(verdict(judge, 'rule:created_readable_at_once')).toBe('refuted');
    expect(ruleById('created_readable_at_once')?.source).toBe('assumption');
  });

  it('never readable, the last read well after the creation: the obligation fails at the end of the history', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g2', media: [media('m2', 'initiated')] }, err: {} }, { body });
    feed(judge, getGeneration, { generation_id: 'g2' }, 404, notFound);
    feed(judge, getGeneration, { generation_id: 'g2' }, 404, notFound, {}, 5_000);
    judge.finish();
    const result = cell(judge, 'getGeneration', 'ensure_resource_availability');
    expect(result?.outcome).toBe('failed');
    expect(result?.failures[0]?.basis?.rule).toBe('created_generation_readable');
  });

  it('not readable only right after its creation, and never read again: nothing is judged of the obligation', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g3', media: [media('m3', 'initiated')] }, err: {} }, { body });
    feed(judge, getGeneration, { generation_id: 'g3' }, 404, notFound);
    judge.finish();
    expect(cell(judge, 'getGeneration', 'ensure_resource_availability')?.outcome).toBe('skipped');
  });

  it('a miss is dated from when its read was sent: a slow 404 answered well after the creation judges nothing of the obligation', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g4', media: [media('m4', 'initiated')] }, err: {} }, { body });
    // Sent 10 ms after the creation, answered 4 s later.
    feed(judge, getGeneration, { generation_id: 'g4' }, 404, notFound, {}, 4_010, 4_000);
    judge.finish();
    expect(cell(judge, 'getGeneration', 'ensure_resource_availability')?.outcome).toBe('skipped');
    expect(verdict(judge, 'rule:created_readable_at_once')).toBe('refuted');
  });

  it('read once, late, then never again (a sequence that reads it once and deletes it): nothing is judged of the obligation', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g5', media: [media('m5', 'initiated')] }, err: {} }, { body });
    feed(judge, getGeneration, { generation_id: 'g5' }, 404, notFound, {}, 5_000);
    judge.finish();
    expect(cell(judge, 'getGeneration', 'ensure_resource_availability')?.outcome).toBe('skipped');
  });

  it('a character looked for in a listing whose shape no source shows: a verdict on that listing, not a failure', () => {
    const judge = recordingJudge();
    feed(judge, createCharacter, {}, 201, { data: { id: 'chr_1', name: 'n', character_type: 'realistic', prompt: 'p', input_image: 'u' }, err: {} });
    feed(judge, listCharacters, {}, 200, { data: [], err: {} }, { query: { page: 1, page_size: 50 } }, 5_000);
    judge.finish();
    expect(cell(judge, 'listCharacters', 'ensure_resource_availability')?.outcome).not.toBe('failed');
  });
});

describe('use_after_free: judged from the history', () => {
  it('a deleted media item still served fails; its sibling gone fails; 404 is ours', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g', media: [media('a', 'initiated'), media('b', 'initiated')] }, err: {} }, { body });
    feed(judge, deleteMedia, { media_id: 'a' }, 200, { data: { id: 'a' }, err: {} });
    feed(judge, getMedia, { media_id: 'a' }, 410, notFound);
    feed(judge, getMedia, { media_id: 'b' }, 404, notFound);
    const result = cell(judge, 'deleteMedia', 'use_after_free');
    expect(result?.failures.map((f) => f.basis?.rule)).toEqual(['deleted_media_siblings_kept']);
    expect(verdict(judge, 'rule:deleted_item_404')).toBe('refuted');
  });
});

describe('credits_arithmetic: the charge whenever it is taken', () => {
  const estimate = (judge: Judge, balance: number, estimated = 4) =>
    feed(judge, estimateGeneration, {}, 200, { data: { estimated, balance }, err: {} }, { body });
  const generate = (judge: Judge, remaining?: number) =>
    feed(
      judge,
      generateMedia,
      {},
      200,
      {
        data: { generation_id: `g${clock}`, media: [media(`m${clock}`, 'initiated')], ...(remaining !== undefined ? { credits_remaining: remaining } : {}) },
        err: {},
      },
      { body },
    );

  it('a balance that falls a reading late, by the estimate: the timing is a refuted assumption, credits_remaining the balance once charged', () => {
    const judge = recordingJudge(true);
    estimate(judge, 100);
    generate(judge, 96);
    estimate(judge, 100);
    estimate(judge, 96);
    estimate(judge, 96);
    judge.finish();
    expect(cell(judge, 'generateMedia', 'credits_arithmetic')?.outcome).not.toBe('failed');
    expect(verdict(judge, 'rule:charge_taken_by_next_reading')).toBe('refuted');
    expect(verdict(judge, 'rule:credits_remaining_is_the_balance')).toBe('confirmed');
  });

  it('a charge taken item by item (two equal readings between) is weighed against credits_remaining once it is whole', () => {
    const judge = recordingJudge(true);
    estimate(judge, 100, 4);
    generate(judge, 96);
    estimate(judge, 98);
    estimate(judge, 98);
    estimate(judge, 96);
    judge.finish();
    expect(verdict(judge, 'rule:credits_remaining_is_the_balance')).toBe('confirmed');
    expect(cell(judge, 'generateMedia', 'credits_arithmetic')?.outcome).not.toBe('failed');
  });

  it('the history judges no charge against its estimate (what the spend guard measured is judged once, by credits-measured)', () => {
    const judge = recordingJudge(true);
    estimate(judge, 100);
    generate(judge);
    estimate(judge, 94);
    estimate(judge, 94);
    expect(cell(judge, 'estimateGeneration', 'credits_arithmetic')?.failures ?? []).toEqual([]);
  });

  it('a recording does not own the balance: nothing is judged of credits', () => {
    const judge = recordingJudge(false);
    estimate(judge, 100);
    generate(judge);
    estimate(judge, 90);
    estimate(judge, 90);
    expect(cell(judge, 'generateMedia', 'credits_arithmetic')?.outcome).toBe('skipped');
  });
});

describe('lifecycle_terminal and filter_conformance', () => {
  it('a status that goes back refutes the order (ours); an unlisted status says nothing of it', () => {
    const judge = recordingJudge();
    feed(judge, getMedia, { media_id: 'x' }, 200, { data: media('x', 'success'), err: {} });
    feed(judge, getMedia, { media_id: 'x' }, 200, { data: media('x', 'processing'), err: {} });
    expect(verdict(judge, 'rule:lifecycle_order')).toBeUndefined();
    feed(judge, getMedia, { media_id: 'x' }, 200, { data: media('x', 'pending'), err: {} });
    expect(verdict(judge, 'rule:lifecycle_order')).toBe('refuted');
  });

  it('a just-made generation left out of ?generation_id with another filter (status=failed) is no sign it is unreadable', () => {
    const judge = recordingJudge();
    feed(judge, generateMedia, {}, 200, { data: { generation_id: 'g8', media: [media('m8', 'initiated')] }, err: {} }, { body });
    feed(judge, listGenerations, {}, 200, { data: [], err: {} }, { query: { generation_id: 'g8', status: 'failed' } });
    expect(cell(judge, 'listGenerations', 'ensure_resource_availability')?.outcome).not.toBe('failed');
    expect(verdict(judge, 'rule:created_readable_at_once')).toBeUndefined();
    // The id alone must show it (eventually): a listing by the id alone that leaves it out is judged.
    feed(judge, listGenerations, {}, 200, { data: [], err: {} }, { query: { generation_id: 'g8' } });
    expect(verdict(judge, 'rule:created_readable_at_once')).toBe('refuted');
  });

  it('?generation_id listing another generation fails the documented filter', () => {
    const judge = recordingJudge();
    feed(judge, listGenerations, {}, 200, { data: [generation('other', [media('o', 'success')]).data], err: {} }, { query: { generation_id: 'g9' } });
    const result = cell(judge, 'listGenerations', 'filter_conformance');
    expect(result?.failures[0]?.basis?.rule).toBe('generation_id_filter');
  });
});
