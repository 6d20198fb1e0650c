// The request target a client may give the proxy: origin-form only (RFC 9112 § 3.2.1: an absolute path
// and an optional query), read so that nothing in it can name another origin or leave the upstream's
// path prefix. The target is then sent to the upstream byte for byte (never re-parsed as a URL, whose
// parser would read `/\host` as `//host`, resolve `..`, or take a host from an absolute-form target).

export type Target = { ok: true; path: string } | { ok: false; reason: string };

/** Printable ASCII without space: what Node's parser lets through, minus the bytes we refuse by name below. */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/** A `.` or `..` segment, spelled plainly or percent-encoded (a URL parser resolves both). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Why `method target` is not an origin-form request the proxy forwards; its path when it is. */
export function originForm(method: string | undefined, target: string | undefined): Target {
  if (method === 'CONNECT') return { ok: false, reason: 'CONNECT asks for a tunnel to another host: the request target must be a path' };
  if (target === undefined || target === '') return { ok: false, reason: 'the request has no request target' };
  if (target === '*') return { ok: false, reason: 'the request target * (asterisk-form) names no resource of the API' };
  if (!target.startsWith('/')) return { ok: false, reason: 'the request target is not a path (absolute-form or authority-form): it could name another host' };
  if (target.startsWith('//')) return { ok: false, reason: 'the request target starts with // (a URL parser reads it as another host)' };
  if (target.includes('\\')) return { ok: false, reason: 'the request target holds a backslash (a URL parser reads it as /)' };
  if (target.includes('#')) return { ok: false, reason: 'the request target holds a fragment (#), which a request never carries' };
  if (!VISIBLE_ASCII.test(target)) return { ok: false, reason: 'the request target holds a byte outside printable ASCII' };
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment)))
    return { ok: false, reason: 'the request target holds a . or .. segment (it would leave the path it names)' };
  return { ok: true, path: target };
}
