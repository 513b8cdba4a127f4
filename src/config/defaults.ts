/** Where ipctl looks until told otherwise: the sandbox's default address. */
export const defaultSandboxPort = 4510;
/** How long `sandbox --background` waits for the sandbox to listen before it gives up. */
export const backgroundStartSeconds = 20;
/** The profile `sandbox --background` points at the sandbox, and makes current. */
export const sandboxProfile = 'sandbox';
export const defaultBaseUrl = `http://127.0.0.1:${defaultSandboxPort}/v1`;
export const defaultSearchUrl = `http://127.0.0.1:${defaultSandboxPort}/search/v1`;
export const defaultProfileName = 'default';
export const defaultTimeoutSeconds = 30;
/** Requests a bulk import keeps in flight at once, unless --concurrency says otherwise. */
export const defaultConcurrency = 8;
/**
 * Search returns one page (spec 4.6 rule 1). The sandbox's page holds this many
 * results, and ipctl calls a page of at least this many "full"; the service's
 * own page size is not published.
 */
export const searchPageSize = 25;

/** The environment variable behind each setting. */
export const settingEnv = {
  profile: 'IPCTL_PROFILE',
  baseUrl: 'IPCTL_BASE_URL',
  searchUrl: 'IPCTL_SEARCH_URL',
  org: 'IPCTL_ORG',
  project: 'IPCTL_PROJECT',
  apiKey: 'IPCTL_API_KEY',
  token: 'IPCTL_TOKEN',
} as const;
