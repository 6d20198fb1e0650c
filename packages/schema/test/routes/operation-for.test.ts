// The contract's router: which operation a request (method, raw path) is for, with its decoded path
// parameters. Checked for every operation of the table, on the overlaps the table has, and against an
// independent model of the matching rules (each template as a regular expression) on generated paths.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationList, operations } from '../../src/operations.js';
import { matchOperation, operationFor } from '../../src/routes.js';

/** A template's path with each `{param}` filled (encoded) from `values`. */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));

describe('operationFor', () => {
  it('finds every operation of the table at its own path, with its parameters decoded', () => {
    for (const op of operationList) {
      const params = Object.fromEntries(Object.keys(op.params?.shape ?? {}).map((name) => [name, `${name} 01/ü`]));
      const route = operationFor(op.method, fill(op.path, params));
      expect(route?.op.operationId, op.operationId).toBe(op.operationId);
      expect(route?.params, op.operationId).toEqual(params);
    }
  });

  it('the estimate is not a generation id; a generation id named "estimate" is read with GET', () => {
    expect(operationFor('POST', '/pub/v1/generations/estimate')?.op).toBe(operations.estimateGeneration);
    expect(operationFor('GET', '/pub/v1/generations/estimate')).toEqual({ op: operations.getGeneration, params: { generation_id: 'estimate' } });
    expect(operationFor('POST', '/pub/v1/assets/upload')?.op).toBe(operations.uploadAsset);
    expect(operationFor('GET', '/pub/v2/assets/upload')).toEqual({ op: operations.getAssetV2, params: { asset_id: 'upload' } });
    expect(operationFor('GET', '/pub/v1/generations/media/m1')?.op).toBe(operations.getMedia);
  });

  it('is undefined for a malformed path, an unknown one, another method, a trailing slash or an empty segment', () => {
    for (const [method, path] of [
      ['GET', '/pub/v1/generations/%zz'],
      ['GET', '/pub/v1/generations/%E2%82'],
      ['GET', '/pub/v1/nothing'],
      ['PUT', '/pub/v1/generations/gen_01'],
      ['HEAD', '/pub/v1/models'],
      ['GET', '/pub/v1/models/'],
      ['GET', '/pub/v1/generations//status'],
      ['GET', '/pub/v1/generations/'],
      ['GET', 'pub/v1/models'],
      ['GET', '/pub/v1/models?type=flux'],
    ] as const) {
      expect(operationFor(method, path), `${method} ${path}`).toBeUndefined();
    }
  });

  it('reads the method in any case', () => {
    expect(operationFor('delete', '/pub/v1/generations/g1')).toEqual({ op: operations.deleteGeneration, params: { generation_id: 'g1' } });
  });
});

describe('matchOperation', () => {
  it('tells a malformed path, an unknown path and a method not allowed apart', () => {
    expect(matchOperation('GET', '/pub/%/models')).toMatchObject({ kind: 'malformed' });
    expect(matchOperation('GET', '/pub/v3/models')).toEqual({ kind: 'unknown_path' });
    expect(matchOperation('PUT', '/pub/v1/generations/gen_01')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'DELETE'] });
    expect(matchOperation('PUT', '/pub/v1/generations/estimate')).toEqual({ kind: 'method_not_allowed', allow: ['POST', 'GET', 'DELETE'] });
    expect(matchOperation('DELETE', '/pub/v1/generations')).toEqual({ kind: 'method_not_allowed', allow: ['POST', 'GET'] });
  });
});

describe('against a model of the rules', () => {
  /** Each template as a regular expression over the decoded segments: a parameter is one or more of anything, a literal itself. */
  const model = operationList.map((op) => {
    const names: string[] = [];
    const source = op.path
      .split('/')
      .slice(1)
      .map((part) => {
        const param = /^\{(\w+)\}$/.exec(part);
        if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return '([^\\u0000]+)';
      })
      .join('\\u0000');
    return { op, names, pattern: new RegExp(`^${source}$`, 'u'), literals: op.path.split('/').filter((p) => p && !p.startsWith('{')).length };
  });

  /** The route by the model: decode every segment (undefined when one cannot be), keep the operations of the method whose pattern matches, the most literal first. */
  function modelRoute(method: string, path: string) {
    let segments: string[];
    try {
      segments = path.split('/').slice(1).map(decodeURIComponent);
    } catch {
      return undefined;
    }
    if (!path.startsWith('/') || segments.some((s) => s.includes('\u0000'))) return 'skip';
    const joined = segments.join('\u0000');
    const candidates = model
      .filter((m) => m.op.method.toUpperCase() === method.toUpperCase())
      .map((m) => ({ m, found: m.pattern.exec(joined) }))
      .filter((c) => c.found !== null)
      .sort((a, b) => b.m.literals - a.m.literals);
    const best = candidates[0];
    if (!best) return undefined;
    return { op: best.m.op, params: Object.fromEntries(best.m.names.map((name, i) => [name, best.found![i + 1]!])) };
  }

  const templates = [...new Set(operationList.map((op) => op.path))];
  const segment = fc.oneof(
    fc.constantFrom('estimate', 'media', 'status', 'images', 'upload', 'archive', 'assets', 'v1', 'v2', 'pub', '', '%zz', '%2F', '%25', '%E2%82', 'gen_01'),
    fc.string({ unit: 'grapheme', maxLength: 6 }).map(encodeURIComponent),
  );
  const path = fc.oneof(
    fc.tuple(fc.constantFrom(...templates), fc.array(segment, { minLength: 2, maxLength: 2 })).map(([template, values]) => {
      let i = 0;
      return template.replace(/\{\w+\}/g, () => values[i++]!);
    }),
    fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  );

  it('agrees with it on generated paths and methods', () => {
    fc.assert(
      fc.property(fc.constantFrom('GET', 'POST', 'DELETE', 'get', 'PUT'), path, (method, raw) => {
        const expected = modelRoute(method, raw);
        if (expected === 'skip') return;
        expect(operationFor(method, raw)).toEqual(expected);
      }),
      { seed: 20_260_401, numRuns: 2000 },
    );
  });
});
