// Matching a raw request path against the operations' templates, before anything decodes it.
import { describe, expect, it } from 'vitest';
import { PathTable } from '../../src/edge/paths.js';

const table = new PathTable([
  { method: 'GET', path: '/pub/v1/generations/{generation_id}' },
  { method: 'DELETE', path: '/pub/v1/generations/{generation_id}' },
  { method: 'POST', path: '/pub/v1/generations/estimate' },
  { method: 'GET', path: '/pub/v1/models' },
]);

describe('PathTable', () => {
  it('matches a template and decodes its parameters', () => {
    expect(table.match('GET', '/pub/v1/generations/gen%2001')).toMatchObject({ kind: 'route', params: { generation_id: 'gen 01' } });
    expect(table.match('POST', '/pub/v1/generations/estimate')).toMatchObject({ kind: 'route', route: { path: '/pub/v1/generations/estimate' } });
  });

  it('a known path with another method: every allowed method, once', () => {
    expect(table.match('PUT', '/pub/v1/generations/gen_01')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'DELETE'] });
    expect(table.match('PATCH', '/pub/v1/generations/estimate')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'DELETE', 'POST'] });
  });

  it('unknown paths: other segments, more or fewer of them, an empty parameter, a trailing slash', () => {
    for (const path of ['/pub/v1/nothing', '/pub/v1/models/x', '/pub/v1', '/pub/v1/generations/', '/pub/v1/models/']) {
      expect(table.match('GET', path), path).toEqual({ kind: 'unknown_path' });
    }
  });

  it('malformed percent-encoding in any segment is refused before matching', () => {
    for (const path of ['/pub/v1/generations/%zz', '/pub/%/models', '/pub/v1/generations/%C0%AF', '/pub/v1/generations/%E2%82']) {
      expect(table.match('GET', path).kind, path).toBe('malformed');
    }
  });
});
