// The JSON helpers of the util entry: one definition of "a plain object" and of an in-place key rename.
import { describe, expect, it } from 'vitest';
import { formatIssue, isObject, renameKey } from '../../src/util/index.js';

describe('isObject', () => {
  it('is true for plain objects only', () => {
    expect(isObject({})).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
    expect(isObject(JSON.parse('{"a":1}'))).toBe(true);
    for (const value of [null, undefined, [], 'x', 1, new Date(0)]) expect(isObject(value), String(value)).toBe(false);
  });
});

describe('renameKey', () => {
  it('renames in place and keeps the key position', () => {
    const object = { a: 1, size: 2, c: 3 };
    expect(renameKey(object, 'size', 'dim')).toBe(true);
    expect(Object.entries(object)).toEqual([
      ['a', 1],
      ['dim', 2],
      ['c', 3],
    ]);
  });

  it('reports a missing key and leaves the object alone', () => {
    const object = { a: 1 };
    expect(renameKey(object, 'b', 'c')).toBe(false);
    expect(object).toEqual({ a: 1 });
  });
});

describe('formatIssue', () => {
  it('is the rules module formatter, path-precise', () => {
    expect(formatIssue({ path: [0, 'video_anyone', 'prompt'], message: 'at most 500 characters' } as never)).toBe(
      '[0].video_anyone.prompt: at most 500 characters',
    );
  });
});
