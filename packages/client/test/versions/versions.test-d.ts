// Per-date types, checked by the compiler (vitest's typecheck runs this file, so a type that drifts
// fails `vitest run`): `@mediagen/client/versions/<key>` exports the `paths` of the API as of that date.
import type { paths as NewestPaths } from '@mediagen/client';
import type { paths as Paths20241108 } from '@mediagen/client/versions/2024-11-08';
import type { components as BaselineComponents, paths as BaselinePaths } from '@mediagen/client/versions/baseline';
import { describe, expectTypeOf, it } from 'vitest';

type BaselineGeneration = BaselineComponents['schemas']['Generation'];

describe('per-date types', () => {
  it('the baseline says images and size; the newest says media and dim', () => {
    expectTypeOf<BaselineGeneration>().toHaveProperty('images');
    expectTypeOf<BaselineGeneration['images'][number]>().toHaveProperty('size');
    type NewestGeneration = NewestPaths['/pub/v1/generations/{generation_id}']['get']['responses'][200]['content']['application/json']['data'];
    expectTypeOf<NewestGeneration>().toHaveProperty('media');
    // listGenerations took image_id before 2024-09-04 and media_id after.
    type BaselineQuery = NonNullable<BaselinePaths['/pub/v1/generations']['get']['parameters']['query']>;
    type LaterQuery = NonNullable<Paths20241108['/pub/v1/generations']['get']['parameters']['query']>;
    expectTypeOf<BaselineQuery>().toHaveProperty('image_id');
    expectTypeOf<LaterQuery>().toHaveProperty('media_id');
  });
});
