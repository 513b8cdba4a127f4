// The one rule for the service's base URLs, wherever they come from: a flag,
// the environment, or a stored profile.

/**
 * What makes value unfit as a base URL, or undefined when it is fit. The value
 * itself is never part of the answer: it may hold a password.
 */
export function serviceUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'is not a URL';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be an http(s) URL, not ${url.protocol.slice(0, -1)}`;
  if (url.username !== '' || url.password !== '') return 'must not hold a user name or password (credentials belong in the profile)';
  // A query or fragment would end up inside every request's path.
  if (value.includes('?')) return 'must not have a query (?…)';
  if (value.includes('#')) return 'must not have a fragment (#…)';
  // Every path of the API is below /v1: without it, every request would miss.
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v1')) return `must end with the API's /v1 prefix: did you mean ${url.origin}${path}/v1?`;
  return undefined;
}

export const serviceUrlHint = 'Give the base URL alone, including its /v1 prefix, for example https://api.example.com/v1; set credentials with `ipctl auth set-key` or `ipctl auth set-token`.';
