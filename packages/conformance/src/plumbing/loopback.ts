// Whether a host is on the loopback range, decided on addresses: a live run's target, a recording's and
// the proxy's origins are live unless every address they name or resolve to is loopback.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** A loopback IP address (127.0.0.0/8, ::1, or IPv4 127/8 mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) === 4) return /^127\./.test(host);
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(host);
  return false;
}

/** A name that is literally a loopback address (not one that merely resolves to it). */
export function isLoopbackHost(hostname: string): boolean {
  return isLoopbackAddress(hostname);
}

/** Whether every address the host resolves to is a loopback address (decided on the addresses, not the name). */
export async function resolvesToLoopback(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isLoopbackAddress(host);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    // A name that does not resolve is not known to be loopback: treated as live (the run then
    // reports it unreachable, after the live rules had their say).
    return false;
  }
  return addresses.length > 0 && addresses.every((a) => isLoopbackAddress(a.address));
}
