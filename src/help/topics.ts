/** Help topics: `ipctl help exit-codes`, `ipctl help environment`. */

const exitCodesTopic = `Exit codes

  0    success
  1    an API error (or a bulk import with rows not created), or work that could not be done for a reason outside ipctl: auth migrate with no usable OS keychain, sandbox on a port that is taken, a file ipctl could not write (a full disk, a quota, a file-size limit or an I/O error: the message names the file and what was done)
  2    usage error or invalid input (a flag, an argument, a file, the profile file, a path ipctl may not write, a lock file that cannot be used); nothing was sent
  3    not found (HTTP 404)
  4    missing or rejected credentials (HTTP 401 or 403, none configured, or kept in an OS keychain that cannot be read now; nothing was sent)
  5    temporary failure: network error, timeout, HTTP 408, 429 or 5xx, a problem marked retryable, or an OS keychain that did not answer or could not be reached to delete a credential (run the command again where it can be)
  70   a bug in ipctl (an internal error); please report it
  129  stopped by SIGHUP (the terminal or session closed)
  130  interrupted (Ctrl-C, or a declined confirmation)
  131  stopped by SIGQUIT (Ctrl-\\)
  143  stopped by SIGTERM
`;

const environmentTopic = `Environment variables

  IPCTL_PROFILE       the profile to use (like --profile)
  IPCTL_BASE_URL      API base URL, such as https://api.example.com/v1 (like --base-url)
  IPCTL_SEARCH_URL    search API base URL, such as https://search.example.com/v1 (like --search-url)
  IPCTL_ORG           default organization ID
  IPCTL_PROJECT       default project ID or name
  IPCTL_API_KEY       API key (X-Api-Key); preferred over a stored key
  IPCTL_TOKEN         bearer token (Authorization: Bearer); preferred over a stored token
  IPCTL_TIMEOUT       seconds to wait for each answer, 0.001 to 3600 (like --timeout; default 30)
  IPCTL_RETRIES       retries of a failed request, 0 to 10 (like --retries; default 3, 0 for none)
  IPCTL_RETRY_MAX_WAIT  most seconds spent waiting between attempts (default 60)
  IPCTL_RETRY_BACKOFF   first backoff wait in seconds, doubling per retry (default 0.5)
  IPCTL_CA_FILE       PEM file of a certificate authority to trust (like --ca-file)
  IPCTL_DEBUG         1 to trace requests on stderr, credentials redacted (like --debug)
  IPCTL_NO_INPUT      1 to never prompt (like --no-input); CI set to anything does the same
  IPCTL_QUIET         1 for no notices, hints or progress on stderr, only errors (like --quiet)
  IPCTL_CONNECTION_API_KEY, IPCTL_CONNECTION_PASSWORD, IPCTL_CONNECTION_REFRESH_TOKEN,
  IPCTL_CONNECTION_ACCESS_TOKEN, IPCTL_CONNECTION_CUSTOM_<NAME>
                      secrets of a connection to create (see ipctl connections generate --help)
  IPCTL_KEYRING_TIMEOUT  seconds to wait for the OS keychain before giving up (default 10)
  IPCTL_CONFIG_DIR    where the profile file lives (default $XDG_CONFIG_HOME/ipctl, else ~/.config/ipctl)
  IPCTL_CACHE_DIR     where Node 22+ caches ipctl's compiled code for faster starts (default $XDG_CACHE_HOME/ipctl, else ~/.cache/ipctl)
  IPCTL_PAGER, PAGER  the pager for output at a terminal, the first that is set (default less); empty or cat for none (like --no-pager)
  LESS                options for less; when not set, the pager gets LESS=FRX
  CI                  set to anything: never prompt, never page
  NO_COLOR            turn color off
  FORCE_COLOR         turn color on even when not writing to a terminal (0 turns it off)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY (or lower case)   proxy settings
  NODE_EXTRA_CA_CERTS a PEM file of extra certificate authorities to trust (kept with --ca-file)
  IPCTL_SANDBOX_API_KEY, IPCTL_SANDBOX_TOKEN   the credentials \`ipctl sandbox\` accepts (default: random ones)
  IPCTL_SHARD_INDEX, IPCTL_SHARD_TOTAL   with connections generate --from-file --shard auto: this job's shard (from 1) and how many; on GitHub Actions, set them from the matrix
  CI_NODE_INDEX, CI_NODE_TOTAL (GitLab, from 1), BUILDKITE_PARALLEL_JOB, BUILDKITE_PARALLEL_JOB_COUNT (Buildkite, from 0),
  CIRCLE_NODE_INDEX, CIRCLE_NODE_TOTAL (CircleCI, from 0)
                      read by --shard auto when IPCTL_SHARD_* are not set

Each setting resolves in this order: command-line flag, environment, the selected profile, built-in default.
`;

const retriesTopic = `Retries and timeouts

  A request that fails in a way that may pass is sent again, up to --retries times (IPCTL_RETRIES; default 3, 0 for none). Each attempt waits --timeout seconds (IPCTL_TIMEOUT; default 30) for its answer.

  Retried, for reads, search and destination updates (repeating them is safe):
    network errors, timeouts, a connection that broke, HTTP 408 (the server timed out waiting for the request), 429, 502, 503, 504, and any problem with "retryable": true; never one with "retryable": false.
  Retried, for connections generate (repeating it could create two):
    only when the request cannot have reached the server: the connection was refused, the name did not resolve, or the proxy would not connect.

  Between attempts ipctl waits as long as the server asks (Retry-After, in seconds or as a date, or the problem's retryAfter; the later of the two; a negative one, or a time already past, counts as none), or else backs off: IPCTL_RETRY_BACKOFF seconds (default 0.5), doubling each time up to 16 times that, half of it random. All waits of one command add up to at most IPCTL_RETRY_MAX_WAIT seconds (default 60); when the server asks for longer, ipctl stops at once (exit 5) and says when to try again. A bulk import keeps each row's waits within the same budget, and stops (exit 5) when the service asks for longer.

  On a terminal each wait is said on stderr (not with --quiet); --debug shows each attempt and each wait, in a pipe too. Ctrl-C stops at once (exit 130; SIGTERM 143), whatever ipctl is waiting for.
`;

export const helpTopics: Record<string, string> = {
  'exit-codes': exitCodesTopic,
  environment: environmentTopic,
  retries: retriesTopic,
};

/** The rest of `ipctl help --help`, in the layout describe() gives every other command. */
export const helpCommandText = `
Examples:
  $ ipctl help invites list
  $ ipctl help exit-codes
  $ ipctl help environment
  $ ipctl help retries

Environment:
  none: help reads no variables ('ipctl help environment' lists those the other commands read)

Exit codes:
  0 success
  2 no such command or topic
`;
