// The one rule for the service's base URLs, wherever they come from: a flag,
// the environment, or a stored profile. Any http(s) base is taken, with or
// without the service's /v1 prefix: a gateway may mount the API at a path of
// its own, and a contract mock may serve it at the root.

/** The version prefix the service's own base URLs end with. */
const versionPrefix = '/v1';

/**
 * What makes value unfit as a base URL, or undefined when it is fit. The value
 * itself is never part of the answer: it may hold a password.
 */
import { suggestedCommand } from './suggest.js';

export function serviceUrlProblem(value: string): string | undefined {
  // The URL parser drops a leading space and keeps a trailing one as %20, and drops or encodes
  // invisible characters (a soft hyphen, a zero-width space): none of that is what was meant.
  if (holdsUnseen(value)) return 'must not hold spaces, invisible or control characters (one copied with a space or a line end?)';
  if (!URL.canParse(value)) return 'is not a URL';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL, not ${url.protocol.slice(0, -1)}`;
  // The parser reads http:host, http:/host and http:\\host as http://host: a typo, not a choice.
  if (!/^https?:\/\/[^/\\]/i.test(value) || value.includes('\\')) return 'must be written http://HOST/PATH or https://HOST/PATH, with two forward slashes and no backslash';
  if (url.username !== '' || url.password !== '' || authorityOf(value).includes('@')) return 'must not hold a user name or password (credentials belong in the profile)';
  if (url.port === '0') return 'must not name port 0, where no server can be reached';
  const address = writtenAddressProblem(authorityOf(value), url.hostname);
  if (address) return address;
  // A query or fragment would end up inside every request's path.
  if (value.includes('?')) return 'must not have a query (?…)';
  if (value.includes('#')) return 'must not have a fragment (#…)';
  if (hasDotStep(value)) return 'must not hold a . or .. path step (the parser would drop or climb it, in any spelling such as %2e)';
  return undefined;
}

/** Whether a URL holds a space, a line end, or a character that shows as nothing: a URL parser drops or encodes each. */
export function holdsUnseen(value: string): boolean {
  return /[\s\p{Cc}\p{Cf}\p{Z}]/u.test(value);
}

/** What comes between `//` and the path: [user@]host[:port]. */
function authorityOf(value: string): string {
  return value.slice(value.indexOf('//') + 2).split(/[/?#]/)[0]!;
}

/**
 * An IPv4 address is written as the parser writes it (four decimal numbers): the parser
 * reads 0x7f.1, 127.1, 2130706433 and 0177.0.0.1 as 127.0.0.1 too, an address not written.
 */
function writtenAddressProblem(authority: string, hostname: string): string | undefined {
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return undefined;
  const written = authority.replace(/:\d*$/, '').replace(/\.$/, '');
  return written === hostname ? undefined : `must write its IP address as four decimal numbers (it reads as ${hostname})`;
}

function hasDotStep(value: string): boolean {
  const path = value.slice(value.indexOf('//') + 2).replace(/^[^/?#]*/, '').split(/[?#]/)[0]!;
  return path.split('/').some((step) => /^(\.|%2e){1,2}$/i.test(step));
}

export function serviceUrlHint(profile?: string): string {
  return `Give the base URL alone, such as https://api.example.com/v1 (the service's own URLs end with /v1); set credentials with \`${suggestedCommand('auth set-key', profile)}\` or \`${suggestedCommand('auth set-token', profile)}\`.`;
}

/** The base URL without trailing slashes, as requests are joined to it. */
export function baseRoot(value: string): string {
  return value.replace(/\/+$/, '');
}

/** Whether a (valid) base URL ends with the service's /v1 prefix. */
export function hasVersionPrefix(value: string): boolean {
  return new URL(value).pathname.replace(/\/+$/, '').endsWith(versionPrefix);
}

/** The base URL with /v1 added: where the service's own API would be. */
export function withVersionPrefix(value: string): string {
  return `${baseRoot(value)}${versionPrefix}`;
}
