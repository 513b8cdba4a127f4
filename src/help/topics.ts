/** Help topics: `ipctl help exit-codes`, `ipctl help environment`. */

export const exitCodesTopic = `Exit codes

  0    success
  1    an API error or an unexpected failure
  2    usage error or invalid input (a flag, an argument, a file, the profile file); nothing was sent
  3    not found (HTTP 404)
  4    missing or rejected credentials (HTTP 401 or 403, or none configured; nothing was sent)
  5    temporary failure: network error, timeout, HTTP 429 or 5xx, or a problem marked retryable
  130  interrupted (Ctrl-C, or a declined confirmation)
`;

export const environmentTopic = `Environment variables

  IPCTL_PROFILE       the profile to use (like --profile)
  IPCTL_BASE_URL      API base URL, including /v1 (like --base-url)
  IPCTL_SEARCH_URL    search API base URL, including /v1 (like --search-url)
  IPCTL_ORG           default organization ID
  IPCTL_PROJECT       default project ID or name
  IPCTL_API_KEY       API key (X-Api-Key); preferred over a stored key
  IPCTL_TOKEN         bearer token (Authorization: Bearer); preferred over a stored token
  IPCTL_TIMEOUT       request timeout in seconds (like --timeout; default 30)
  IPCTL_DEBUG         1 to trace requests on stderr, credentials redacted (like --debug)
  IPCTL_NO_INPUT      1 to never prompt (like --no-input); CI set to anything does the same
  IPCTL_CONNECTION_API_KEY, IPCTL_CONNECTION_PASSWORD, IPCTL_CONNECTION_REFRESH_TOKEN,
  IPCTL_CONNECTION_ACCESS_TOKEN, IPCTL_CONNECTION_CUSTOM_<NAME>
                      secrets of a connection to create (see ipctl connections generate --help)
  IPCTL_CONFIG_DIR    where the profile file lives (default $XDG_CONFIG_HOME/ipctl, else ~/.config/ipctl)
  IPCTL_CACHE_DIR     where compiled code is cached for faster starts (default $XDG_CACHE_HOME/ipctl, else ~/.cache/ipctl)
  NO_COLOR            turn color off
  FORCE_COLOR         turn color on even when not writing to a terminal (0 turns it off)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY (or lower case)   proxy settings
  NODE_EXTRA_CA_CERTS a PEM file of extra certificate authorities to trust
  IPCTL_SANDBOX_API_KEY, IPCTL_SANDBOX_TOKEN   the credentials \`ipctl sandbox\` accepts (default: random ones)

Each setting resolves in this order: command-line flag, environment, the selected profile, built-in default.
`;

export const helpTopics: Record<string, string> = {
  'exit-codes': exitCodesTopic,
  environment: environmentTopic,
};

/** The rest of `ipctl help --help`, in the layout describe() gives every other command. */
export const helpCommandText = `
Examples:
  $ ipctl help invites list
  $ ipctl help exit-codes
  $ ipctl help environment

Environment:
  none: help reads no variables ('ipctl help environment' lists those the other commands read)

Exit codes:
  0 success
  2 no such command or topic
`;
