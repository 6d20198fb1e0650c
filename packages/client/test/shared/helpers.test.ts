// The client keeps its own copies of a few helpers the schema package also has, so its core entry
// carries no schema code; these tests hold the copies to the originals.
import { formatIssue as clientFormatIssue, formatIssuePath } from '@mediagen/client';
import { formatIssue, formatPath } from '@mediagen/schema';
import { describe, expect, it } from 'vitest';

const paths: (string | number)[][] = [[], [0], ['a'], [0, 'video_anyone', 'prompt'], ['ids', 3], [1, 2, 'x', 0, 'y'], ['', 0], ['a.b', 'c']];

describe('helpers shared with the schema package', () => {
  it.each(paths.map((path) => [JSON.stringify(path), path] as const))('issue paths read the same: %s', (_name, path) => {
    expect(formatIssuePath(path)).toBe(formatPath(path));
    const issue = { path, message: 'at most 500 characters', code: 'too_big' };
    expect(clientFormatIssue(issue)).toBe(formatIssue(issue));
  });
});
