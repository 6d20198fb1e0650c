// The client keeps its own copies of a few helpers of `@mediagen/schema/util`, so its core entry
// carries no schema code; these tests hold the copies to the originals.
import { formatIssue as clientFormatIssue, formatIssuePath } from '@mediagen/client';
import { formatIssue, formatPath, isObject } from '@mediagen/schema/util';
import { describe, expect, it } from 'vitest';
import { isObject as clientIsObject } from '../../src/legacy.js';

const paths: (string | number)[][] = [
  [],
  [0],
  ['a'],
  [0, 'video_anyone', 'prompt'],
  ['ids', 3],
  [1, 2, 'x', 0, 'y'],
  ['', 0],
  ['a.b', 'c'],
  [0, 'my key'],
  ['$ref', '_x9'],
];

describe('helpers shared with @mediagen/schema/util', () => {
  it.each(paths.map((path) => [JSON.stringify(path), path] as const))('issue paths read the same: %s', (_name, path) => {
    expect(formatIssuePath(path)).toBe(formatPath(path));
    const issue = { path, message: 'at most 500 characters', code: 'too_big', rule: 'r', source: 'interface', severity: 'error' } as const;
    expect(clientFormatIssue(issue)).toBe(formatIssue(issue as never));
  });

  // The client applies isObject to parsed JSON only, where the two must agree.
  it.each(['{}', '{"a":1}', '[]', '[{}]', 'null', '1', '"s"', 'true', '{"__proto__":{"x":1}}'])('isObject agrees on the JSON value %s', (text) => {
    const value: unknown = JSON.parse(text);
    expect(clientIsObject(value)).toBe(isObject(value));
  });
});
