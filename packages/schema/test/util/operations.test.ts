// The one walk over a document's operations and the HTTP words every package takes from the util entry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/operations.js';
import { documentOperations, HOP_BY_HOP_HEADERS, HTTP_METHODS, isHttpMethod } from '../../src/util/index.js';

describe('documentOperations', () => {
  it('lists every operation paths in document order, methods in HTTP_METHODS order, skipping what is not an operation', () => {
    const doc = {
      paths: {
        '/b': { parameters: [{ name: 'x' }], summary: 's', post: { operationId: 'makeB' }, get: { operationId: 'getB' } },
        '/a': { delete: { requestBody: {} }, trace: {}, patch: 'not an object', head: null, options: { operationId: 7 } },
        '/c': 'not a path item',
        '/d': [],
      },
    };
    expect(documentOperations(doc).map(({ path, method, operationId }) => [path, method, operationId])).toEqual([
      ['/b', 'get', 'getB'],
      ['/b', 'post', 'makeB'],
      ['/a', 'delete', undefined],
      ['/a', 'options', undefined],
      ['/a', 'trace', undefined],
    ]);
    const [first] = documentOperations(doc);
    expect(first!.pathItem).toBe(doc.paths['/b']);
    expect(first!.operation).toBe(doc.paths['/b'].get);
  });

  it('takes anything: no paths, no document', () => {
    for (const value of [undefined, null, 1, 'x', [], {}, { paths: [] }, { paths: null }]) expect(documentOperations(value), JSON.stringify(value)).toEqual([]);
  });

  it('finds every operation of the emitted document, and no other', () => {
    const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
    const walked = documentOperations(doc).map((o) => `${o.method} ${o.path} ${o.operationId}`);
    expect(walked.sort()).toEqual(operationList.map((op) => `${op.method} ${op.path} ${op.operationId}`).sort());
  });
});

describe('HTTP words', () => {
  it("has OpenAPI's eight path item methods, and tells them from other path item keys", () => {
    expect([...HTTP_METHODS].sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace']);
    expect(HTTP_METHODS.every(isHttpMethod)).toBe(true);
    for (const key of ['parameters', 'summary', 'servers', '$ref', 'GET', 'constructor']) expect(isHttpMethod(key), key).toBe(false);
  });

  it('names the connection-only headers in lower case, and not the end-to-end ones a proxy must pass', () => {
    for (const name of ['connection', 'keep-alive', 'proxy-connection', 'te', 'transfer-encoding', 'upgrade', 'trailer', 'proxy-authorization'])
      expect(HOP_BY_HOP_HEADERS.has(name), name).toBe(true);
    for (const name of ['x-api-key', 'content-type', 'content-length', 'host', 'accept', 'authorization'])
      expect(HOP_BY_HOP_HEADERS.has(name), name).toBe(false);
    for (const name of HOP_BY_HOP_HEADERS) expect(name).toBe(name.toLowerCase());
  });
});
