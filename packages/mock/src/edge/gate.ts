// Who may talk to a mock. A request must name the mock by one of its own names in `Host` (a page
// that rebinds a DNS name to 127.0.0.1 sends its own name, and is refused), and a request a browser
// marks with `Origin` must come from an origin the user named (`--cors`), which is then the only
// one answered with CORS headers, without credentials unless asked for. A mock's URLs (upload and
// media URLs) are built from its own address, never from what a request says.
import { API_KEY_HEADER } from '@mediagen/schema/util';

export interface GateOptions {
  /** The port the mock listens on (read when a request arrives: known after listening). */
  port: () => number;
  /** The address bound (a name other requests may use besides the loopback ones). */
  host: string;
  /** The URL clients reach the mock at, when not its own address (a proxy, a container). */
  publicUrl?: string;
  /** Origins (`scheme://host[:port]`) whose pages may call the mock; `*` for any page, never with credentials. */
  cors?: readonly string[];
  /** Let those origins send cookies and HTTP authentication (`Access-Control-Allow-Credentials`). */
  corsCredentials?: boolean;
}

export type Verdict = { ok: true; headers: Record<string, string> } | { ok: false; status: 403 | 421; code: string; message: string };

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

const bracket = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** `scheme://host:port` of a URL given by the user; a RangeError says why it is not one. */
export function originOfUrl(url: string, what: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError(`${what} must be a URL such as http://localhost:4010, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RangeError(`${what} must be http or https, got "${url}"`);
  return parsed;
}

export interface Gate {
  /** The allowed `Host` values, lower-case (`127.0.0.1:4010`, ...). */
  hosts(): string[];
  /** Checks `Host` and `Origin`; the CORS headers to add when the origin is allowed. */
  check(headers: { host?: string | undefined; origin?: string | undefined }): Verdict;
  /** The answer to a CORS preflight from an allowed origin. */
  preflight(headers: { origin?: string | undefined; 'access-control-request-headers'?: string | undefined }, methods: string): Record<string, string>;
}

export function createGate(options: GateOptions): Gate {
  const publicUrl = options.publicUrl === undefined ? undefined : originOfUrl(options.publicUrl, '--public-url');
  const corsOrigins = (options.cors ?? []).map((origin) => (origin === '*' ? '*' : originOfUrl(origin, '--cors').origin));
  if (corsOrigins.includes('*') && options.corsCredentials) throw new RangeError('--cors-credentials cannot be given with --cors "*": name the origins');
  const bound = options.host.toLowerCase();

  // Read on every request, so kept until the port changes (it is known only once listening).
  let known: { port: number; hosts: string[]; origins: string[] } | undefined;
  const names = () => {
    const port = options.port();
    if (known?.port === port) return known;
    const list = allHosts(port);
    known = { port, hosts: list, origins: list.map((host) => `http://${host}`) };
    return known;
  };
  const allHosts = (port: number) => {
    const bases = [...LOOPBACK_NAMES, ...(ANY_ADDRESS.has(bound) ? [] : [bracket(bound)])];
    const out = new Set(bases.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`])));
    if (publicUrl) {
      out.add(publicUrl.host.toLowerCase());
      if (publicUrl.port === '') out.add(`${publicUrl.hostname.toLowerCase()}:${publicUrl.protocol === 'https:' ? 443 : 80}`);
    }
    return [...out];
  };
  const hosts = () => names().hosts;
  // Pages served by the mock itself (none today) would send its own origin.
  const ownOrigins = () => names().origins;
  const allowed = (origin: string) => corsOrigins.includes('*') || corsOrigins.includes(origin);

  const corsHeaders = (origin: string): Record<string, string> => ({
    'access-control-allow-origin': corsOrigins.includes('*') ? '*' : origin,
    'access-control-expose-headers': 'x-mediagen-mock, retry-after, allow',
    vary: 'Origin',
    ...(options.corsCredentials ? { 'access-control-allow-credentials': 'true' } : {}),
  });

  return {
    hosts,
    check({ host, origin }) {
      if (host !== undefined && !hosts().includes(host.toLowerCase())) {
        return {
          ok: false,
          status: 421,
          code: 'misdirected_request',
          message: `Host "${host.slice(0, 100)}" is not a name of this mock (it answers to ${hosts().join(', ')}); give --public-url to add one`,
        };
      }
      if (origin === undefined || ownOrigins().includes(origin.toLowerCase())) return { ok: true, headers: {} };
      if (!allowed(origin)) {
        return {
          ok: false,
          status: 403,
          code: 'origin_not_allowed',
          message: `requests from pages at ${origin.slice(0, 100)} are not allowed; start the mock with --cors ${origin.slice(0, 100)} to allow them`,
        };
      }
      return { ok: true, headers: corsHeaders(origin) };
    },
    preflight(headers, methods) {
      return {
        ...corsHeaders(headers.origin ?? ''),
        'access-control-allow-methods': methods,
        'access-control-allow-headers': headers['access-control-request-headers'] ?? `${API_KEY_HEADER}, content-type, prefer`,
        'access-control-max-age': '600',
      };
    },
  };
}

/** The gate of a mock bound to `host`, from the options it was started with. */
export function gateFor(
  options: { publicUrl?: string | undefined; cors?: readonly string[] | undefined; corsCredentials?: boolean | undefined },
  host: string,
  port: () => number,
): Gate {
  return createGate({
    port,
    host,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.cors ? { cors: options.cors } : {}),
    ...(options.corsCredentials ? { corsCredentials: true } : {}),
  });
}
