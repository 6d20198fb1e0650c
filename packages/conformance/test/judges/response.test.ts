// The judges of every response: each assertion names a rule of the contract's rules table, and a
// response breaks a rule only where a source (or, for assumed rules, our claim) says what it must be.
import { operations, ruleById } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';
import {
  type Assertion,
  checkContentType,
  checkEnvelope,
  checkPagination,
  checkRenamedFields,
  checkResponseSchema,
  checkStatusCode,
  checksById as checks,
  served,
} from '../../src/index.js';
import { exchange } from '../support/exchange.js';

const media = { id: 'media_01', dim: { height: 512, width: 512 }, type: 'image', status: 'success', url: 'u' };
const broken = (assertions: Assertion[] | undefined) => (assertions ?? []).filter((a) => !a.ok).map((a) => a.rule);
const held = (assertions: Assertion[] | undefined) => (assertions ?? []).filter((a) => a.ok).map((a) => a.rule);
const { getMedia, listModels, generateMedia, getGeneration, listGenerations } = operations;

describe('what counts as served', () => {
  it('a 2xx is served unless its err holds an error, whatever its data', () => {
    expect(served(exchange(200, { data: media, err: {} }))).toBe(true);
    expect(served(exchange(200, { data: null, err: { code: 'unauthorized', message: 'no key' } }))).toBe(false);
    // A refusal answered 200 with an empty payload and a filled err is a refusal.
    expect(served(exchange(200, { data: {}, err: { code: 'unauthorized', message: 'no key' } }))).toBe(false);
    expect(served(exchange(200, { data: {}, err: { error: 'no key' } }))).toBe(false);
    // The docs' archive example, a payload beside a filled err, reads as a refusal too: the interface says err holds the error.
    expect(served(exchange(200, { data: [{ id: 'a' }], err: { code: 'error_code', message: 'error_message' } }))).toBe(false);
    expect(served(exchange(403, { err: { code: 'forbidden', message: 'x' } }))).toBe(false);
  });

  it('a valid request answered with a payload beside a filled err refutes an assumption, not valid_request_served', () => {
    const archive = exchange(200, { data: [{ id: 'a' }], err: { code: 'error_code', message: 'error_message' } });
    const judged = checks.positive_data_acceptance.judge!({ op: operations.archiveAssets, exchange: archive, expect: 'accept', pagination: false });
    expect(judged).toEqual([expect.objectContaining({ rule: 'valid_request_served', ok: false, via: 'served_err_empty' })]);
    expect(ruleById('served_err_empty')?.source).toBe('assumption');
  });
});

describe('status_code_conformance', () => {
  it('holds a success to its documented status, per operation and source', () => {
    expect(held(checkStatusCode(generateMedia, exchange(200, { data: {} })))).toEqual(['generateMedia.success_status']);
    expect(broken(checkStatusCode(generateMedia, exchange(202, { data: {} })))).toEqual(['generateMedia.success_status']);
    // Generate's page is cut before its status: that it answers 200 is ours (a 201 refutes it, fails nothing).
    expect(ruleById('generateMedia.success_status')?.source).toBe('assumption');
    expect(ruleById('getMedia.success_status')?.source).toBe('live-docs');
    // No page shows the models listing's status: the rule is an assumption.
    expect(ruleById('listModels.success_status')?.source).toBe('assumption');
  });

  it('takes any 4xx or 5xx for a failure, and a 200 refusal refutes only an assumption', () => {
    expect(held(checkStatusCode(listModels, exchange(418, { err: { code: 't', message: 'x' } })))).toEqual(['failure_status_error']);
    expect(broken(checkStatusCode(listModels, exchange(200, { data: null, err: { code: 'x', message: 'y' } })))).toEqual(['failure_status_error']);
    expect(ruleById('failure_status_error')?.source).toBe('assumption');
  });

  it('no answer breaks a sourced rule; a redirect to another origin refutes an assumption', () => {
    expect(broken(checkStatusCode(listModels, exchange(0, undefined, { error: 'ECONNREFUSED' })))).toEqual(['answers_requests']);
    expect(
      broken(
        checkStatusCode(listModels, exchange(0, undefined, { error: 'redirect 307 to another origin (http://x): not followed', redirectedTo: 'http://x' })),
      ),
    ).toEqual(['answers_at_its_origin']);
    expect(ruleById('answers_requests')?.source).toBe('interface');
    expect(ruleById('answers_at_its_origin')?.source).toBe('assumption');
  });
});

describe('content_type_conformance', () => {
  it('wants application/json: documented for successes, ours for failures', () => {
    expect(held(checkContentType(exchange(200, {}, { contentType: 'application/json; charset=utf-8' })))).toEqual(['success_is_json']);
    expect(broken(checkContentType(exchange(200, {}, { contentType: 'text/plain' })))).toEqual(['success_is_json']);
    expect(broken(checkContentType(exchange(500, {}, { contentType: 'text/html' })))).toEqual(['failure_is_json']);
    expect(ruleById('failure_is_json')?.source).toBe('assumption');
  });
});

describe('envelope_conformance', () => {
  it('data on success; the error held in err on failure; { code, message } is ours', () => {
    expect(broken(checkEnvelope(exchange(200, { data: media, err: {} })))).toEqual([]);
    expect(broken(checkEnvelope(exchange(200, { media })))).toEqual(['success_has_data']);
    expect(broken(checkEnvelope(exchange(404, { message: 'gone' })))).toEqual(['failure_has_err']);
    expect(broken(checkEnvelope(exchange(422, { err: { message: 'x' } })))).toEqual(['failure_err_code_message']);
    expect(ruleById('failure_err_code_message')?.source).toBe('assumption');
    expect(ruleById('failure_has_err')?.source).toBe('interface');
    expect(broken(checkEnvelope(exchange(500, undefined, { jsonError: 'body is not JSON' })))).toEqual(['envelope_is_object']);
    expect(broken(checkEnvelope(exchange(200, [1, 2])))).toEqual(['envelope_is_object']);
  });

  it('an answer cut at the byte budget is not judged as a broken envelope of its own', () => {
    // No source bounds an answer's size: a body cut at our budget is not judged (the run's notes name the budget).
    expect(checkEnvelope(exchange(200, undefined, { truncated: true, jsonError: 'larger than the budget' }))).toEqual([]);
  });
});

describe('response_schema_conformance', () => {
  it('names the rule of each mismatching field, with its path', () => {
    expect(held(checkResponseSchema(getMedia, exchange(200, { data: media, err: {} })))).toEqual(['MediaEnvelope.type']);
    const wrong = checkResponseSchema(getMedia, exchange(200, { data: { ...media, status: 'done' }, err: {} }));
    expect(wrong.map((a) => [a.rule, a.path])).toEqual([['Media.status.enum', ['data', 'status']]]);
    expect(wrong[0]?.message).toContain('data.status: must be one of');
    // Unknown fields are always fine in answers.
    expect(broken(checkResponseSchema(getMedia, exchange(200, { data: { ...media, thumbnail: 'x' }, err: {}, trace: 1 })))).toEqual([]);
  });
});

describe('renamed_fields', () => {
  it('finds missing current names (documented) and legacy names kept beside them (ours) where the operation carries media', () => {
    expect(held(checkRenamedFields(getMedia, exchange(200, { data: media })))).toEqual(['current_field_names', 'legacy_field_names_gone']);
    const { dim, ...rest } = media;
    const renamedBack = checkRenamedFields(getMedia, exchange(200, { data: { ...rest, size: dim } }));
    expect(broken(renamedBack)).toEqual(['current_field_names', 'legacy_field_names_gone']);
    expect(renamedBack?.[1]?.message).toContain('data.size: legacy name');
    // An alias kept beside the new name: only the assumption is refuted.
    expect(broken(checkRenamedFields(getGeneration, exchange(200, { data: { generation_id: 'g', created_at: 1, media: [media], images: [media] } })))).toEqual([
      'legacy_field_names_gone',
    ]);
    expect(ruleById('legacy_field_names_gone')?.source).toBe('assumption');
    expect(checkRenamedFields(listModels, exchange(200, { data: [] }))).toBeUndefined();
  });
});

describe('renamed_fields at a pinned date (--at)', () => {
  it('wants the names of that date, on the answer as sent: a later name where a rename came after the date fails', () => {
    const { dim, type: _type, ...rest } = media;
    const baselineMedia = { ...rest, size: dim };
    // Baseline names at baseline: held; the newest names at baseline: the date's name is missing.
    expect(broken(checkRenamedFields(getMedia, exchange(200, { data: baselineMedia }), 'baseline'))).toEqual([]);
    const newest = checkRenamedFields(getMedia, exchange(200, { data: media }), 'baseline');
    expect(broken(newest)).toEqual(['current_field_names']);
    expect(newest?.[0]?.message).toBe('data.size: missing (the API of baseline names it so; `dim` from 2024-09-04)');
    // A generation: `images` at baseline, and its items' `size` under it.
    const generation = { generation_id: 'g', created_at: 1, images: [baselineMedia] };
    expect(broken(checkRenamedFields(getGeneration, exchange(200, { data: generation }), 'baseline'))).toEqual([]);
    expect(broken(checkRenamedFields(getGeneration, exchange(200, { data: generation }), '2024-09-04'))).toEqual([
      'current_field_names',
      'legacy_field_names_gone',
    ]);
    // The answer as sent decides, not its upgrade to the newest shape (what a run --at an older date judges the rest on).
    const upgraded = { ...exchange(200, { data: media }), sentJson: { data: baselineMedia } };
    expect(broken(checkRenamedFields(getMedia, upgraded, 'baseline'))).toEqual([]);
    expect(broken(checkRenamedFields(getMedia, upgraded))).toEqual(['current_field_names', 'legacy_field_names_gone']);
  });
});

describe('response_schema_conformance inside assumed containers', () => {
  it('a documented field inside a container no source shows is judged through that container', () => {
    // The characters listing's shape is not shown: a Character field broken there reads through the assumed data.
    const listing = checkResponseSchema(operations.listCharacters, exchange(200, { data: [{ id: 'c', name: 5 }], err: {} }));
    expect(listing.filter((a) => !a.ok).every((a) => a.via !== undefined && ruleById(a.via)?.source === 'assumption')).toBe(true);
    // A failure's err without { code, message }: the fields are ours (the archive placeholder), no documented rule breaks.
    const err = checkResponseSchema(listModels, exchange(422, { err: { error: 'bad' } }));
    expect(err.filter((a) => !a.ok).map((a) => ruleById(a.via ?? a.rule)?.source)).toEqual(err.filter((a) => !a.ok).map(() => 'assumption'));
  });
});

describe('pagination_conformance', () => {
  it('compares the page with the request; documented paging or ours', () => {
    const listing = (op: typeof listModels | typeof listGenerations, data: unknown[], pagination: unknown, query: Record<string, number>) =>
      exchange(
        200,
        { data, err: {}, pagination },
        { request: { operationId: op.operationId, method: 'get', path: op.path, query, auth: 'valid', label: 't' } },
      );
    expect(checkPagination(listModels, listing(listModels, [1], { page: 1, page_size: 1, total: 5 }, { page_size: 1 }))?.[0]?.ok).toBe(true);
    expect(broken(checkPagination(listModels, listing(listModels, [1, 2], { page: 1, page_size: 10, total: 5 }, { page_size: 1 })))).toHaveLength(1);
    expect(checkPagination(listModels, listing(listModels, [1], undefined, {}))).toBeUndefined();
    const rules = [listModels, listGenerations].map(
      (op) => checkPagination(op, listing(op, [1], { page: 1, page_size: 1, total: 1 }, { page_size: 1 }))?.[0]?.rule,
    );
    for (const rule of rules) expect(['page_honoured', 'page_honoured_where_assumed']).toContain(rule);
  });
});
