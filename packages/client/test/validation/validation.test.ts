// Local validation (the optional schemaValidator): an invalid request throws ValidationError with
// path-precise messages before anything is sent; warnings (ignored fields) reach onWarning and the
// logger; `validate: false` sends as is. A plain-string prompt is sent as { positive }.
import { ValidationError } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';
import { checkGenerationRequest, checkOperationRequest, formatIssue, operations } from '@mediagen/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClient } from '../support/client.js';
import { envelope, startServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  server.on('POST', '/pub/v1/generations', { json: envelope({ generation_id: 'gen_v', credits_remaining: 3, media: [] }) });
  server.on('POST', '/pub/v1/generations/estimate', { json: envelope({ estimated: 1, balance: 3 }) });
});
afterAll(() => server.close());

const invalid = [
  { model: 'JuggernautXL', prompt: 'ok', steps: 5000, sampler: 'euler a' },
  { video_anyone: { media_id: 'media_01', prompt: 'x'.repeat(501) }, colour: 'red' },
];

describe('local validation', () => {
  it('throws ValidationError with path-precise issues and sends nothing', async () => {
    const { client } = makeClient(server, { validator: schemaValidator() });
    const before = server.hits('POST', '/pub/v1/generations');
    const error = (await client.generations.create(invalid as never).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.local).toBe(true);
    expect(error.status).toBe(422);
    expect(error.operationId).toBe('generateMedia');
    const lines = error.issues.map(formatIssue);
    // An unknown field is no longer an error: no source forbids it (the schema check warns instead).
    expect(lines.some((line) => line.startsWith('[1].colour'))).toBe(false);
    expect(lines).toEqual(
      expect.arrayContaining([
        '[0].steps: must be ≤ 3020',
        '[0].sampler: must be one of "DPM++ 2M Karras", "DPM++ 2M SDE Karras", "DPM++ 2S a Karras", "DPM++ SDE", "DPM++ SDE Karras", "Euler a" (case-sensitive); got "euler a", did you mean "Euler a"?',
        '[1].video_anyone.prompt: at most 500 characters',
      ]),
    );
    // The same wording as the schema package's own check.
    const expected = checkGenerationRequest([{ ...invalid[0], prompt: { positive: 'ok' } }, invalid[1]]).errors.map(formatIssue);
    expect(lines).toEqual(expected);
    expect(error.message).toBe(`invalid generateMedia request (not sent):\n${lines.map((l) => `  ${l}`).join('\n')}`);
    expect(server.hits('POST', '/pub/v1/generations')).toBe(before);
  });

  it('validates query parameters and other bodies too', async () => {
    const { client } = makeClient(server, { validator: schemaValidator() });
    const query = (await client.generations.list({ page_size: 500 }).catch((e: unknown) => e)) as ValidationError;
    expect(query.issues.map(formatIssue)).toEqual(['page_size: must be ≤ 50']);
    const character = (await client.characters
      .create({ asset_id: 'ast_1', character_type: 'cartoon', name: 'n', prompt: 'p' } as never)
      .catch((e: unknown) => e)) as ValidationError;
    expect(character.issues.map(formatIssue)).toEqual(['character_type: must be one of "realistic", "stylized"; got "cartoon"']);
    const archive = (await client.assets.archive([]).catch((e: unknown) => e)) as ValidationError;
    expect(archive.issues.map(formatIssue)).toEqual(['ids: at least 1 item']);
  });

  it('judges the whole request as the schema package does: a body left out is a missing body, every part is told', async () => {
    const { client } = makeClient(server, { validator: schemaValidator() });
    const missing = (await client.characters.create(undefined as never).catch((e: unknown) => e)) as ValidationError;
    expect(missing).toBeInstanceOf(ValidationError);
    expect(missing.issues.map(formatIssue)).toEqual(['(root): required']);
    const request = { query: { type: 'gif' }, body: { size: { height: 512 } } };
    const both = (await client.request('uploadAssetV2', request as never).catch((e: unknown) => e)) as ValidationError;
    const expected = checkOperationRequest(operations.uploadAssetV2, request, { whole: true });
    expect(both.issues.map(formatIssue)).toEqual(expected.errors.map(formatIssue));
    expect(both.issues.map(formatIssue)).toEqual(['type: must be one of "image", "video", "audio"; got "gif"', 'size.width: required']);
  });

  it('reports a field the contract does not name as an unknown_field warning with a did-you-mean, and still sends', async () => {
    server.on('POST', '/pub/v1/assets/archive', { json: envelope([]) });
    const { client, warnings } = makeClient(server, { validator: schemaValidator() });
    await client.generations.create({ model: 'JuggernautXL', prompt: 'p', stpes: 5 } as never);
    await client.assets.archive({ ids: ['ast_1'], idz: 1 } as never);
    expect(warnings.map((w) => [w.code, w.operationId, w.message])).toEqual([
      ['unknown_field', 'generateMedia', '[0].stpes: not a field of the contract; did you mean "steps"?'],
      ['unknown_field', 'archiveAssets', 'idz: not a field of the contract; did you mean "ids"?'],
    ]);
    expect(warnings[0]!.issues![0]).toMatchObject({ rule: 'unknown_field', source: 'assumption', severity: 'warning' });
    expect(server.requestsTo('POST', '/pub/v1/assets/archive').at(-1)!.json).toEqual({ ids: ['ast_1'], idz: 1 });
  });

  it('reports ignored fields as a warning to onWarning and the logger, and still sends', async () => {
    const { client, warnings, logs } = makeClient(server, { validator: schemaValidator() });
    await client.generations.create({ segment: { asset_id: 'ast_1', find: 'red shirt', replace: 'blue shirt' }, prompt: 'ignored here' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'ignored_field', operationId: 'generateMedia' });
    expect(warnings[0]!.message).toBe('[0].prompt: ignored: a segment generation reads only its own object');
    expect(logs).toContain('warn generateMedia: [0].prompt: ignored: a segment generation reads only its own object {"code":"ignored_field"}');
  });

  it('uses the generation context for rules that need outside facts', async () => {
    const { client } = makeClient(server, { validator: schemaValidator({ context: { plan: { maxBatchSize: 4, name: 'Starter' } } }) });
    const error = (await client.generations.estimate({ model: 'JuggernautXL', prompt: 'p', batch_size: 8 }).catch((e: unknown) => e)) as ValidationError;
    expect(error.issues.map(formatIssue)).toEqual(['[0].batch_size: must be ≤ 4 (the maximum of the Starter plan)']);
  });

  it('validate: false sends an invalid body as it is', async () => {
    const { client } = makeClient(server, { validator: schemaValidator(), validate: false });
    await client.generations.create(invalid as never);
    expect(server.requestsTo('POST', '/pub/v1/generations').at(-1)!.json).toEqual([{ ...invalid[0], prompt: { positive: 'ok' } }, invalid[1]]);
  });

  it('a plain-string prompt is sent as { positive }, one item as a one-item array', async () => {
    const { client } = makeClient(server, { validator: schemaValidator() });
    await client.generations.create({ model: 'JuggernautXL', prompt: 'a lighthouse at dusk' });
    expect(server.requestsTo('POST', '/pub/v1/generations').at(-1)!.json).toEqual([{ model: 'JuggernautXL', prompt: { positive: 'a lighthouse at dusk' } }]);
    await client.generations.create([{ model: 'JuggernautXL', prompt: { positive: 'p', negative: 'n' } }]);
    expect(server.requestsTo('POST', '/pub/v1/generations').at(-1)!.json).toEqual([{ model: 'JuggernautXL', prompt: { positive: 'p', negative: 'n' } }]);
  });

  it('without a validator, the core still refuses an empty path parameter', async () => {
    const { client } = makeClient(server);
    const before = server.requests.length;
    const error = (await client.generations.get('').catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues.map(formatIssue)).toEqual(['generation_id: required']);
    const wrongType = (await client.media.get(42 as never).catch((e: unknown) => e)) as ValidationError;
    expect(wrongType.issues.map(formatIssue)).toEqual(['media_id: expected string, got number']);
    expect(server.requests.length).toBe(before);
  });

  it('a server 422 is a ValidationError that is not local, with the issues its message lists', async () => {
    server.on('POST', '/pub/v1/characters', { status: 422, json: { err: { code: 'validation_error', message: 'name: already taken' } } });
    const { client } = makeClient(server);
    const error = (await client.characters
      .create({ asset_id: 'a', character_type: 'realistic', name: 'n', prompt: 'p' })
      .catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.local).toBe(false);
    expect(error.issues).toEqual([{ path: ['name'], message: 'already taken', code: 'validation_error' }]);
    expect(error.serverMessage).toBe('name: already taken');
  });

  it('a server 422 in the toolkit form gives path-precise issues; one without paths gives none', async () => {
    const message = '[0].steps: must be ≤ 3020; [0].prompt["my key"]: required; (root): expected an array; a; b';
    server.on('POST', '/pub/v1/generations/estimate', [
      { status: 422, json: { err: { code: 'validation_error', message } } },
      { status: 422, json: { err: { code: 'validation_error', message: 'Request validation failed: see the docs' } } },
      { status: 422, json: { err: { code: 'validation_error', message: '.steps: not a path' } } },
    ]);
    const { client } = makeClient(server, { validate: false, maxRetries: 0 });
    const estimate = () =>
      client.generations.estimate({ model: 'JuggernautXL', prompt: 'p' }).then(
        () => undefined as never,
        (e: unknown) => e as ValidationError,
      );
    const listed = await estimate();
    expect(listed).toBeInstanceOf(ValidationError);
    expect(listed.issues).toEqual([
      { path: [0, 'steps'], message: 'must be ≤ 3020', code: 'validation_error' },
      { path: [0, 'prompt', 'my key'], message: 'required', code: 'validation_error' },
      { path: [], message: 'expected an array; a; b', code: 'validation_error' },
    ]);
    expect(listed.issues.map(formatIssue).join('; ')).toBe(message);
    expect((await estimate()).issues).toEqual([]);
    expect((await estimate()).issues).toEqual([]);
  });
});
