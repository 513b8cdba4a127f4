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
  // The URL parser drops a leading space and keeps a trailing one as %20: neither is what was meant.
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return 'must not hold spaces or control characters (one copied with a space or a line end?)';
  if (!URL.canParse(value)) return 'is not a URL';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL, not ${url.protocol.slice(0, -1)}`;
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password (credentials belong in the profile)';
  // A query or fragment would end up inside every request's path.
  if (value.includes('?')) return 'must not have a query (?…)';
  if (value.includes('#')) return 'must not have a fragment (#…)';
  return undefined;
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
