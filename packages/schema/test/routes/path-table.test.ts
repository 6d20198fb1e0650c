// Matching a raw request path against route templates, before anything else decodes it: the generic
// table the mocks' edges use for their own URLs too.
import { describe, expect, it } from 'vitest';
import { PathTable } from '../../src/routes.js';

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
    expect(table.match('GET', '/pub/v1/generations/%zz')).toEqual({
      kind: 'malformed',
      message: 'the path is not valid percent-encoding (segment "%zz")',
    });
  });

  it('a path that does not start with / is malformed, not matched from its second segment', () => {
    expect(table.match('GET', 'x/pub/v1/models')).toEqual({ kind: 'malformed', message: 'the path must start with /' });
    expect(table.match('GET', '')).toEqual({ kind: 'malformed', message: 'the path must start with /' });
  });

  it('methods match in any case', () => {
    expect(table.match('get', '/pub/v1/models')).toMatchObject({ kind: 'route', route: { path: '/pub/v1/models' } });
    expect(new PathTable([{ method: 'get', path: '/a' }]).match('GET', '/a')).toMatchObject({ kind: 'route' });
    expect(new PathTable([{ method: 'get', path: '/a' }]).match('POST', '/a')).toEqual({ kind: 'method_not_allowed', allow: ['GET'] });
  });

  describe('precedence', () => {
    const overlapping = new PathTable([
      { method: 'GET', path: '/things/{id}', name: 'one' },
      { method: 'GET', path: '/things/{id}/{part}', name: 'part' },
      { method: 'GET', path: '/things/{id}/meta', name: 'meta' },
      { method: 'GET', path: '/things/latest', name: 'latest' },
      { method: 'GET', path: '/things/{a}', name: 'second param template' },
    ]);
    const named = (path: string) => {
      const match = overlapping.match('GET', path);
      return match.kind === 'route' ? [match.route.name, match.params] : match.kind;
    };

    it('a literal segment wins over a parameter, whatever the table order', () => {
      expect(named('/things/latest')).toEqual(['latest', {}]);
      expect(named('/things/abc/meta')).toEqual(['meta', { id: 'abc' }]);
      expect(named('/things/abc/other')).toEqual(['part', { id: 'abc', part: 'other' }]);
    });

    it('between equally specific templates, the first in the table', () => {
      expect(named('/things/abc')).toEqual(['one', { id: 'abc' }]);
    });

    it('only templates of the request method compete: another method never hides a route', () => {
      const mixed = new PathTable([
        { method: 'POST', path: '/pub/v1/generations/estimate' },
        { method: 'GET', path: '/pub/v1/generations/{generation_id}' },
      ]);
      expect(mixed.match('GET', '/pub/v1/generations/estimate')).toEqual({
        kind: 'route',
        route: { method: 'GET', path: '/pub/v1/generations/{generation_id}' },
        params: { generation_id: 'estimate' },
      });
    });

    it('a literal is compared after decoding: an encoded literal is that literal', () => {
      expect(named('/things/lat%65st')).toEqual(['latest', {}]);
    });
  });

  describe('parameters', () => {
    const one = new PathTable([{ method: 'GET', path: '/files/{name}' }]);
    const params = (path: string) => {
      const match = one.match('GET', path);
      return match.kind === 'route' ? match.params : match.kind;
    };

    it('are decoded once: %2F is a slash inside the value, %25 a percent sign, + stays a plus', () => {
      expect(params('/files/a%2Fb')).toEqual({ name: 'a/b' });
      expect(params('/files/%2541')).toEqual({ name: '%41' });
      expect(params('/files/a+b')).toEqual({ name: 'a+b' });
      expect(params('/files/%E2%82%AC')).toEqual({ name: '€' });
      expect(params('/files/..')).toEqual({ name: '..' });
    });

    it('an empty segment is no value: trailing slashes and doubled slashes match nothing', () => {
      expect(params('/files/')).toBe('unknown_path');
      expect(params('/files//')).toBe('unknown_path');
      expect(params('//files/a')).toBe('unknown_path');
      expect(params('/files/a/')).toBe('unknown_path');
    });
  });
});
