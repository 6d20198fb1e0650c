// The types of the happy path, checked by the compiler (vitest's typecheck runs this file, so a type
// that drifts fails `vitest run`): request() and withResponse() give the data of their operation.
import type { Generation, MediaGenClient, Voice } from '@mediagen/client';
import { describe, expectTypeOf, it } from 'vitest';

declare const client: MediaGenClient;

describe('request()', () => {
  it('gives the data of the operation it calls, by id', () => {
    expectTypeOf(client.request('listVoices', { query: { page: 1 } }))
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<Voice[]>();
  });

  it('withResponse() gives the data of its call beside the Response', () => {
    expectTypeOf(client.generations.get('gen_wr').withResponse()).resolves.toHaveProperty('data').toEqualTypeOf<Generation>();
    expectTypeOf(client.generations.get('gen_wr').withResponse()).resolves.toHaveProperty('response').toEqualTypeOf<Response>();
  });
});
