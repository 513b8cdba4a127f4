// Where `ipctl api` sends a request, and with which credential: PATH made a
// URL on the service's base URL or search URL, and the credential the spec
// gives that route. Pure, so every rule can be tested on its own.
import type { AuthRequirement, Base } from '../api/operations.js';
import { holdsDotStep } from '../api/path.js';
import { routes } from '../api/routes.js';
import { profileAddCommand } from '../config/suggest.js';

/** `https:`, `mailto:`: a PATH that is a URL of its own, not a path. */
const scheme = /^[a-z][a-z0-9+.-]*:/i;

export interface TargetSettings {
  baseUrl: string;
  searchUrl: string;
  org?: string;
  project?: string;
  /** The profile chosen by --profile or IPCTL_PROFILE, which a suggested command carries. */
  profile?: string;
}

export interface Target {
  url: URL;
  base: Base;
}

/** The values {org} and {project} stand for, by the setting that gives them. */
const placeholders = {
  org: { setting: 'org', fix: (profile?: string) => `set one with IPCTL_ORG or \`${profileAddCommand(profile, '--org ID')}\`, or write the org ID itself` },
  project: { setting: 'project', fix: (profile?: string) => `set one with IPCTL_PROJECT or \`${profileAddCommand(profile, '--project ID')}\`, or write the project ID itself` },
} as const;

/**
 * The URL PATH names: relative to the base URL (or the search URL, with
 * --search), or a full URL on the origin of either. {org} and {project} are
 * filled from the profile. Backslashes are read as slashes and encoded dots as
 * dots, as servers read them, before the checks that keep the request below
 * the base URL's path. Returns the problem instead when PATH cannot be used;
 * nothing has been sent.
 */
export function resolveTarget(path: string, search: boolean, settings: TargetSettings): Target | { problem: string } {
  if (scheme.test(path)) {
    const filled = fillPlaceholders(path, settings);
    return 'problem' in filled ? filled : fullUrl(filled.text, search, settings);
  }
  const relative = withSlashes(path);
  const doubled = doubledPrefix(relative, search ? { url: settings.searchUrl, name: 'search URL' } : { url: settings.baseUrl, name: 'base URL' });
  if (doubled) return doubled;
  const filled = fillPlaceholders(relative, settings);
  if ('problem' in filled) return filled;
  const text = filled.text;
  const [pathPart = ''] = text.split(/[?#]/, 1);
  if (holdsDotStep(pathPart)) return { problem: dotStepProblem };
  if (/[\u0000-\u0020\u007f]/.test(text)) return { problem: 'PATH: must not hold spaces or control characters; percent-encode them (%20)' };
  const base = search ? 'search' : 'api';
  const root = search ? settings.searchUrl : settings.baseUrl;
  const url = new URL(`${root.replace(/\/+$/, '')}/${text.replace(/^\/+/, '')}`);
  if (!isBelow(url, root)) return { problem: `PATH: leads to ${url.pathname}, outside the ${search ? 'search' : 'base'} URL's path ${rootPath(root)}` };
  return { url, base };
}

const dotStepProblem = 'PATH: must not hold "." or ".." steps, in any spelling (%2e for a dot; \\, %2f or %5c for a slash); write the path to the resource itself';

/** A backslash in the path part is a slash to a URL parser and to many servers: read it as one. */
function withSlashes(path: string): string {
  return path.replace(/^[^?#]*/, (pathPart) => pathPart.replaceAll('\\', '/'));
}

/** The path of a base URL, without trailing slashes ('' for none). */
function rootPath(base: string): string {
  return new URL(base).pathname.replace(/\/+$/, '');
}

/** Whether url is on base's origin and at or below its path, segment by segment. */
function isBelow(url: URL, base: string): boolean {
  const root = rootPath(base);
  return url.origin === new URL(base).origin && (url.pathname === root || url.pathname.startsWith(`${root}/`));
}

/**
 * A relative PATH that starts with the base URL's own path (/v1/orgs/… on a
 * base URL ending in /v1, /integrations/orgs/… on a gateway's base URL ending
 * in /integrations) would have it twice; the problem names the PATH meant. A
 * base URL at the root has no path to repeat.
 */
function doubledPrefix(path: string, base: { url: string; name: string }): { problem: string } | undefined {
  if (scheme.test(path) || !URL.canParse(base.url)) return undefined;
  const prefix = new URL(base.url).pathname.replace(/\/+$/, '');
  if (prefix === '') return undefined;
  const relative = `/${path.replace(/^\/+/, '')}`;
  const [pathPart = ''] = relative.split(/[?#]/, 1);
  if (pathPart !== prefix && !pathPart.startsWith(`${prefix}/`)) return undefined;
  const meant = `/${relative.slice(prefix.length).replace(/^\/+/, '')}`;
  return { problem: `PATH is relative to the ${base.name}, which already ends in ${prefix}: use ${meant}` };
}

function fillPlaceholders(path: string, settings: TargetSettings): { text: string } | { problem: string } {
  const problems: string[] = [];
  const text = path.replace(/\{(\w*)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(placeholders, name)) {
      problems.push(`PATH: ${placeholder} is a placeholder; put the ${name || 'value'} itself in its place (only {org} and {project} are filled in from the profile)`);
      return placeholder;
    }
    const { setting, fix } = placeholders[name as keyof typeof placeholders];
    const value = settings[setting];
    if (!value) problems.push(`PATH: ${placeholder} stands for the profile's ${setting}, and none is configured; ${fix(settings.profile)}`);
    return encodeURIComponent(value ?? '');
  });
  return problems.length > 0 ? { problem: problems.join('; ') } : { text };
}

function fullUrl(text: string, search: boolean, settings: TargetSettings): Target | { problem: string } {
  if (!URL.canParse(text)) return { problem: 'PATH: is not a URL; give a path such as /orgs/{org}, or a full URL on the base URL' };
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: `PATH: ${url.protocol} URLs are not sent; give an http or https URL on the base URL` };
  if (url.username !== '' || url.password !== '') return { problem: 'PATH: must not hold a user name or password; the profile\'s credential is sent' };
  const apiOrigin = new URL(settings.baseUrl).origin;
  const searchOrigin = new URL(settings.searchUrl).origin;
  if (url.origin !== apiOrigin && url.origin !== searchOrigin) {
    return {
      problem: `PATH: ${url.origin} is not the origin of the base URL (${apiOrigin}) or the search URL (${searchOrigin}); ipctl sends credentials to the configured service only`,
    };
  }
  // As written, and as the parser left it: it resolves plain and %2e steps, not those behind an encoded slash.
  const [written = ''] = text.split(/[?#]/, 1);
  if (holdsDotStep(written) || holdsDotStep(url.pathname)) return { problem: dotStepProblem };
  if (!isBelow(url, settings.baseUrl) && !isBelow(url, settings.searchUrl)) {
    return { problem: `PATH: ${url.pathname} is not below the path of the base URL (${rootPath(settings.baseUrl) || '/'}) or of the search URL (${rootPath(settings.searchUrl) || '/'}); ipctl sends requests to the configured service only` };
  }
  return { url, base: search || isUnder(url, settings.searchUrl, settings.baseUrl) ? 'search' : 'api' };
}

/** Whether url is below `base` rather than below `other` (the longer base wins when both hold it). */
function isUnder(url: URL, base: string, other: string): boolean {
  const below = (root: string) => url.href.startsWith(`${root.replace(/\/+$/, '')}/`);
  return below(base) && (!below(other) || base.length > other.length);
}

/**
 * The credential the spec gives the route: a bearer token for the org routes,
 * an API key for the project routes, none for providers. A route the spec does
 * not list takes the credential of its family (/orgs, /projects), else the API key.
 */
export function defaultAuth(target: Target, settings: TargetSettings): AuthRequirement {
  const root = new URL(target.base === 'search' ? settings.searchUrl : settings.baseUrl).pathname.replace(/\/+$/, '');
  const path = target.url.pathname.startsWith(`${root}/`) ? target.url.pathname.slice(root.length) : target.url.pathname;
  const route = routes.find((candidate) => candidate.base === target.base && templatePattern(candidate.path).test(path));
  if (route) return route.auth;
  if (target.base === 'api' && path.startsWith('/orgs/')) return 'bearer';
  return 'apiKey';
}

function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}
