# PowerShell completion for ipctl
# Generated from ipctl's command tree by `ipctl completion powershell`: do not edit; regenerate it.
# Load it in this session:   ipctl completion powershell | Out-String | Invoke-Expression
# Load it in every session:  add that line to your profile (notepad $PROFILE)

Register-ArgumentCompleter -Native -CommandName ipctl -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    # The subcommands of each command ('' for ipctl itself): name, summary.
    $subcommands = @{
        '' = @(@('orgs', 'Organizations'), @('invites', 'Invites to an organization'), @('providers', 'The catalogue of providers'), @('projects', 'Projects, which hold connections and destinations'), @('destinations', 'Destinations that data is routed to'), @('connections', 'Connections to customers'' accounts at providers'), @('profile', 'Profiles: named sets of base URLs, defaults and credentials'), @('auth', 'Credentials of the profile in use'), @('search', 'Search records in a customer''s SaaS instance (one page; for narrow queries)'), @('api', 'Send any request to the API, with the credentials of the profile'), @('completion', 'Print the shell completion script for bash, zsh, fish or PowerShell'), @('sandbox', 'Run a local emulator of the platform API'), @('version', 'Show the version, how ipctl was installed, and Node.js and platform details'), @('help', 'Show help for a command, or a topic'))
        'orgs' = @(,@('get', 'Show an organization'))
        'invites' = @(,@('list', 'List an organization''s invites'))
        'providers' = @(@('list', 'List the catalogue of providers, filtered by auth type or capability'), @('get', 'Show a provider and what a connection to it needs'))
        'projects' = @(@('list', 'List the projects your credential can reach'), @('get', 'Show a project by ID or name'))
        'destinations' = @(@('list', 'List a project''s destinations'), @('get', 'Show a destination by name or ID'), @('patch', 'Change a destination''s name, metadata or secrets'))
        'connections' = @(@('list', 'List a project''s connections, filtered by provider, group or consumer'), @('get', 'Show a connection (credentials redacted)'), @('generate', 'Create a connection, importing credentials you hold (flags, JSON or prompts)'), @('remove', 'Remove connections by ID, or all that a bulk import created (--from-results)'), @('report', 'Merge the results files of bulk imports (one per CI job) into one summary'))
        'profile' = @(@('list', 'List profiles'), @('show', 'Show a profile (secrets redacted)'), @('use', 'Make a profile the current one'), @('add', 'Add a profile, or change one'), @('remove', 'Remove a profile'))
        'auth' = @(@('login', 'Enter an API key and/or bearer token at a no-echo prompt'), @('logout', 'Remove the credentials of the profile in use'), @('migrate', 'Move the credentials kept in the profile file into the OS keychain'), @('set-key', 'Store an API key read from stdin'), @('set-token', 'Store a bearer token read from stdin'), @('status', 'Show the profile, credentials and URLs in use, and where each came from'))
    }
    # The flags of each command, the global ones apart: flag, description, whether it takes a value.
    $flags = @{
        '' = @(@('-V', 'print the version', $false), @('--version', 'print the version', $false), @('--profile', 'the profile to use (default: the current profile)', $true), @('--base-url', 'API base URL, such as https://api.example.com/v1', $true), @('--search-url', 'search API base URL, such as https://search.example.com/v1', $true), @('--timeout', 'time to wait for each answer, in seconds (default: 30)', $true), @('--retries', 'retries of a failed request, 0 for none (default: 3; see ipctl help retries)', $true), @('--ca-file', 'PEM file of a certificate authority to trust, as for a corporate proxy or private server', $true), @('--debug', 'trace requests on stderr (credentials redacted), and show where an internal error happened', $false), @('--no-color', 'turn color off', $false), @('--no-input', 'never prompt; fail with the flag to use instead', $false), @('--no-pager', 'print output directly, not through a pager (see IPCTL_PAGER in ipctl help environment)', $false), @('--quiet', 'no notices, hints or progress on stderr; errors and the output are unchanged', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'orgs' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'orgs get' = @(@('--org', 'organization ID', $true), @('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'invites' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'invites list' = @(@('--org', 'organization ID', $true), @('--status', 'only invites in this status: pending, accepted, revoked, expired', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'providers' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'providers list' = @(@('--auth-type', 'only providers that authenticate this way: oauth2, apiKey, basic, jwt, custom, none', $true), @('--supports', 'only providers that support this: read, write, delete, proxy, subscribe, search; repeat for several (all must hold)', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'providers get' = @(@('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'projects' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'projects list' = @(@('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'projects get' = @(@('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'destinations' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'destinations list' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'destinations get' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'destinations patch' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('--name', 'a new name', $true), @('--set', 'set a metadata key (repeatable); metadata.KEY:=JSON takes a JSON value', $true), @('--header', 'a header the destination should have (repeatable), given with --replace-headers: together they replace all of its headers (see Headers below)', $true), @('--replace-headers', 'needed with --header: confirms that the headers given replace all of the destination''s headers', $false), @('--secret', 'set a secret from a file, from stdin (-), or at a no-echo prompt (KEY alone); repeatable', $true), @('--clear', 'clear a field: put it in the mask without a value (repeatable)', $true), @('--update-mask', 'the mask, comma-separated; checked against the fields given (default: computed from them)', $true), @('--input-json', 'the whole body {updateMask, destination} from a file, or - for stdin; flags override it path by path', $true), @('--dry-run', 'print the request, secrets redacted, and send nothing', $false), @('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections list' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('--provider', 'only connections to this provider (exact match)', $true), @('--group-ref', 'only connections of this user group (exact match)', $true), @('--consumer-ref', 'only connections of this consumer (exact match)', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections get' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections generate' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('--provider', 'provider name, such as salesforce (see: ipctl providers get NAME)', $true), @('--group-ref', 'your ID for the customer (user group); the group is created or renamed as needed', $true), @('--group-name', 'name of the group (default: an existing group keeps its name, a new one takes the ref)', $true), @('--consumer-ref', 'your ID for the consumer (user) of the connection', $true), @('--consumer-name', 'name of the consumer (same default as --group-name)', $true), @('--workspace', 'the provider workspace (providerWorkspaceRef), such as a subdomain; also fills a ''workspace'' metadata input', $true), @('--metadata', 'a provider metadata input (providerMetadata); repeatable', $true), @('--custom', 'a custom-auth input (customAuth); repeatable. KEY:=JSON for a structured value; KEY=@PATH or KEY=- for a password input', $true), @('--scopes', 'OAuth scopes of the imported tokens (oauth2AuthorizationCode.scopes)', $true), @('--api-key-file', 'read the connection''s API key from a file, or - for stdin (or IPCTL_CONNECTION_API_KEY)', $true), @('--username', 'Basic auth username; sent with the password as basicAuth: {username, password}', $true), @('--password-file', 'read the Basic auth password from a file, or - for stdin (or IPCTL_CONNECTION_PASSWORD)', $true), @('--refresh-token-file', 'read an OAuth refresh token to import, or - for stdin (or IPCTL_CONNECTION_REFRESH_TOKEN)', $true), @('--access-token-file', 'read an OAuth access token to import, or - for stdin (or IPCTL_CONNECTION_ACCESS_TOKEN)', $true), @('--input-json', 'read the whole request body from a JSON file, or - for stdin; flags override its fields', $true), @('--skeleton', 'print an empty request body to fill in (for --provider NAME: just the fields it takes), and exit', $false), @('--dry-run', 'check everything and print the request that would be sent, secrets redacted; send nothing', $false), @('--show-secrets', 'show the API key and OAuth tokens of the created connection instead of ****abcd', $false), @('--from-file', 'create one connection per row of a JSONL or CSV file, or - for stdin; the flags above give every row its defaults', $true), @('--format', 'the format of --from-file (default: from its extension: .jsonl, .ndjson, .json or .csv)', $true), @('--concurrency', 'with --from-file: requests in flight at once, 1 to 64 (default: 8)', $true), @('--rate', 'with --from-file: at most N requests a second, retries included (a positive number: 50, 0.5); default: no cap', $true), @('--results', 'with --from-file: the results file, one JSON line per row (default: INPUT.results.jsonl beside the input)', $true), @('--resume', 'with --from-file: continue the run the results file records, skipping rows it created', $false), @('--retry-uncertain', 'with --resume: look up each row whose outcome is unknown by its provider, group and consumer, and send it again only when no such connection exists', $false), @('--skip-invalid', 'with --from-file: send the valid rows even if some are invalid, recording those as invalid', $false), @('--allow-duplicates', 'with --from-file: send rows that repeat an earlier row''s group, consumer and provider (by default they are invalid)', $false), @('--shard', 'with --from-file: take only the rows whose key (group, consumer, provider) falls in shard I of N, for one job of a CI matrix; auto reads I and N from the CI', $true), @('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections remove' = @(@('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('--from-results', 'remove every connection the results files given as arguments record as created (connections generate --from-file)', $false), @('--results', 'with --from-results: the removal''s own results file (default: the first RESULTS with .removed.jsonl: customers.results.removed.jsonl)', $true), @('--resume', 'with --from-results: continue the removal its results file records, skipping connections it removed', $false), @('--concurrency', 'with --from-results: requests in flight at once, 1 to 64 (default: 8)', $true), @('--rate', 'with --from-results: at most N requests a second, retries included (a positive number: 50, 0.5); default: no cap', $true), @('--dry-run', 'list the connections that would be removed; remove nothing', $false), @('-y', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('--yes', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'connections report' = @(@('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile list' = @(@('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile show' = @(@('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile use' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile add' = @(@('--org', 'default organization ID', $true), @('--project', 'default project ID or name', $true), @('--force', 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'profile remove' = @(@('-y', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('--yes', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth login' = @(@('--insecure-storage', 'keep the credential in the profile file (readable only by you) instead of the OS keychain', $false), @('--no-verify', 'store without checking the credential with the service first (one GET /projects), as when setting up offline', $false), @('--force', 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth logout' = @(@('-y', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('--yes', 'do it without asking; needed where there is no terminal to ask at (scripts, CI, --no-input)', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth migrate' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth set-key' = @(@('--insecure-storage', 'keep the credential in the profile file (readable only by you) instead of the OS keychain', $false), @('--no-verify', 'store without checking the credential with the service first (one GET /projects), as when setting up offline', $false), @('--force', 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth set-token' = @(@('--insecure-storage', 'keep the credential in the profile file (readable only by you) instead of the OS keychain', $false), @('--no-verify', 'store without checking the credential with the service first (one GET /projects), as when setting up offline', $false), @('--force', 'if the profile file is corrupt, move it aside (kept as config.json.corrupt-TIME) and start a new one', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'auth status' = @(@('--org', 'organization ID, as other commands take it', $true), @('--project', 'project ID or name, as other commands take it', $true), @('--offline', 'send no request: show the credentials without checking them with the service', $false), @('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'search' = @(@('--integration', 'integration ID (required)', $true), @('--group-ref', 'groupRef of the user group whose installation is searched (required)', $true), @('--project', 'project ID or name (default: IPCTL_PROJECT or the profile''s project)', $true), @('--where', 'FIELD=VALUE or FIELD eq VALUE; repeat to narrow (all must match); FIELD is a mapped or provider field name', $true), @('--fields', 'columns to show after the ID, comma-separated: mapped or record field names (a.b reaches into objects)', $true), @('--raw', 'show the provider''s native record instead of its fields', $false), @('-o', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml, ndjson (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'api' = @(@('-X', 'HTTP method (default: GET, or POST when fields or --input are given)', $true), @('--method', 'HTTP method (default: GET, or POST when fields or --input are given)', $true), @('-f', 'a string field of the JSON body (a query parameter for GET); a[b]=v nests, a[]=v adds to an array; repeatable', $true), @('--raw-field', 'a string field of the JSON body (a query parameter for GET); a[b]=v nests, a[]=v adds to an array; repeatable', $true), @('-F', 'a typed field: numbers, true, false and null as JSON, @PATH the text of a file, @- stdin; repeatable', $true), @('--field', 'a typed field: numbers, true, false and null as JSON, @PATH the text of a file, @- stdin; repeatable', $true), @('-H', 'a request header, ''Name: value'' (repeatable); never a credential', $true), @('--header', 'a request header, ''Name: value'' (repeatable); never a credential', $true), @('--input', 'send the body in this file as it is, or - for stdin; fields then become query parameters', $true), @('--search', 'send to the search base URL, with the search request-type header', $false), @('--auth', 'the credential sent: key (API key), token (bearer token) or none (default: the one the API takes on that path; the API key where it is not known)', $true), @('-i', 'print the status line and the response headers before the body, of an error answer too', $false), @('--include', 'print the status line and the response headers before the body, of an error answer too', $false), @('--silent', 'print no response body', $false), @('--retry-unsafe', 'retry a POST or PATCH that may have reached the server, as GET, PUT and DELETE are', $false), @('--dry-run', 'print the request, credentials and secrets redacted, and send nothing', $false), @('-o', 'output format: json, yaml (default: the answer as it came, JSON pretty-printed)', $true), @('--output', 'output format: json, yaml (default: the answer as it came, JSON pretty-printed)', $true), @('--query', 'a JMESPath expression applied to the JSON answer', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'completion' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
        'sandbox' = @(@('--host', 'address to listen on (default: 127.0.0.1)', $true), @('--port', 'port to listen on; 0 picks a free one (default: 4510)', $true), @('--json', 'print one JSON line with baseUrl, searchUrl, org, project, apiKey and token', $false), @('--env', 'print one export IPCTL_BASE_URL=… IPCTL_SEARCH_URL=… IPCTL_API_KEY=… IPCTL_TOKEN=… IPCTL_ORG=… IPCTL_PROJECT=… line for a shell to source or eval', $false), @('--faults', 'JSON file of faults to inject, by operation (see docs: fault injection)', $true), @('--tls-cert', 'serve HTTPS with this PEM certificate (chain); needs --tls-key', $true), @('--tls-key', 'the PEM private key of --tls-cert', $true), @('--background', 'start it in a process of its own, wait until it listens (at most 20 s), point the profile sandbox at it and make that the current profile, then exit; with --env or --json, print that line instead of writing a profile', $false), @('--published-search', 'answer search as the service''s published contract does: result, entries without an id (default: results, as the API reference says)', $false), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'version' = @(@('-o', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--output', 'output format: table, wide, json, yaml (default: table, fitted to the terminal)', $true), @('--json', 'the same as --output json', $false), @('--wide', 'the same as --output wide: a table with every column whole, however wide the terminal', $false), @('--query', 'a JMESPath expression applied to the JSON output (implies --output json; errors stay text at a terminal, problem documents elsewhere)', $true), @('-h', 'show help', $false), @('--help', 'show help', $false))
        'help' = @(@('-h', 'show help', $false), @('--help', 'show help', $false))
    }
    $globalFlags = @(@('--profile', 'the profile to use (default: the current profile)', $true), @('--base-url', 'API base URL, such as https://api.example.com/v1', $true), @('--search-url', 'search API base URL, such as https://search.example.com/v1', $true), @('--timeout', 'time to wait for each answer, in seconds (default: 30)', $true), @('--retries', 'retries of a failed request, 0 for none (default: 3; see ipctl help retries)', $true), @('--ca-file', 'PEM file of a certificate authority to trust, as for a corporate proxy or private server', $true), @('--debug', 'trace requests on stderr (credentials redacted), and show where an internal error happened', $false), @('--no-color', 'turn color off', $false), @('--no-input', 'never prompt; fail with the flag to use instead', $false), @('--no-pager', 'print output directly, not through a pager (see IPCTL_PAGER in ipctl help environment)', $false), @('--quiet', 'no notices, hints or progress on stderr; errors and the output are unchanged', $false))
    # How values complete: 'command|--flag' or 'command|#N' (argument N; '#N+' for N and after; '*' for every command)
    # maps to @('choices', WORD...), @('partial', WORD...) (the start of the word), @('files'), @('dynamic') (ask ipctl)
    # or @('dynamic', 'partial') (ask ipctl; the start of the word).
    $valueRules = @{
        '*|--profile' = @(,'dynamic')
        'orgs get|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'orgs get|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'invites list|--status' = @('choices', 'pending', 'accepted', 'revoked', 'expired')
        'invites list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'invites list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'providers list|--auth-type' = @('choices', 'oauth2', 'apiKey', 'basic', 'jwt', 'custom', 'none')
        'providers list|--supports' = @('choices', 'read', 'write', 'delete', 'proxy', 'subscribe', 'search')
        'providers list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'providers list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'providers get|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'providers get|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'providers get|#0' = @(,'dynamic')
        'projects list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'projects list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'projects get|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'projects get|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'projects get|#0' = @(,'dynamic')
        'destinations list|--project' = @(,'dynamic')
        'destinations list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'destinations list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'destinations get|--project' = @(,'dynamic')
        'destinations get|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'destinations get|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'destinations get|#0' = @(,'dynamic')
        'destinations patch|--project' = @(,'dynamic')
        'destinations patch|--set' = @('partial', 'metadata.url=', 'metadata.headers=', 'metadata.region=', 'metadata.streamName=', 'metadata.endpointUrl=', 'metadata.partitionKeyTemplate=', 'metadata.bucket=', 'metadata.keyTemplate=', 'metadata.storageClass=', 'metadata.username=', 'metadata.tableName=', 'metadata.database=', 'metadata.accountIdentifier=', 'metadata.userId=', 'metadata.dbName=', 'metadata.schemaName=', 'metadata.projectId=', 'metadata.datasetId=', 'metadata.tableId=', 'metadata.workgroupName=', 'metadata.clusterIdentifier=', 'metadata.dbUser=', 'metadata.account=', 'metadata.container=', 'metadata.queueUrl=', 'metadata.topicArn=', 'metadata.eventBusName=', 'metadata.detailType=', 'metadata.topicId=', 'metadata.routingKey=', 'metadata.batchSize=', 'metadata.maxWaitSecs=')
        'destinations patch|--secret' = @('partial', 'awsKeyId', 'awsSecretKey', 'awsSessionToken', 'password', 'privateKey', 'credentials', 'accessKeyId', 'secretAccessKey', 'accessKey', 'uri')
        'destinations patch|--clear' = @('choices', 'metadata.url', 'metadata.headers', 'metadata.region', 'metadata.streamName', 'metadata.endpointUrl', 'metadata.partitionKeyTemplate', 'metadata.bucket', 'metadata.keyTemplate', 'metadata.storageClass', 'metadata.username', 'metadata.tableName', 'metadata.database', 'metadata.accountIdentifier', 'metadata.userId', 'metadata.dbName', 'metadata.schemaName', 'metadata.projectId', 'metadata.datasetId', 'metadata.tableId', 'metadata.workgroupName', 'metadata.clusterIdentifier', 'metadata.dbUser', 'metadata.account', 'metadata.container', 'metadata.queueUrl', 'metadata.topicArn', 'metadata.eventBusName', 'metadata.detailType', 'metadata.topicId', 'metadata.routingKey', 'metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.awsKeyId', 'secrets.awsSecretKey', 'secrets.awsSessionToken', 'secrets.password', 'secrets.privateKey', 'secrets.credentials', 'secrets.accessKeyId', 'secrets.secretAccessKey', 'secrets.accessKey', 'secrets.uri')
        'destinations patch|--update-mask' = @('partial', 'name', 'metadata.url', 'metadata.headers', 'metadata.region', 'metadata.streamName', 'metadata.endpointUrl', 'metadata.partitionKeyTemplate', 'metadata.bucket', 'metadata.keyTemplate', 'metadata.storageClass', 'metadata.username', 'metadata.tableName', 'metadata.database', 'metadata.accountIdentifier', 'metadata.userId', 'metadata.dbName', 'metadata.schemaName', 'metadata.projectId', 'metadata.datasetId', 'metadata.tableId', 'metadata.workgroupName', 'metadata.clusterIdentifier', 'metadata.dbUser', 'metadata.account', 'metadata.container', 'metadata.queueUrl', 'metadata.topicArn', 'metadata.eventBusName', 'metadata.detailType', 'metadata.topicId', 'metadata.routingKey', 'metadata.batchSize', 'metadata.maxWaitSecs', 'secrets.awsKeyId', 'secrets.awsSecretKey', 'secrets.awsSessionToken', 'secrets.password', 'secrets.privateKey', 'secrets.credentials', 'secrets.accessKeyId', 'secrets.secretAccessKey', 'secrets.accessKey', 'secrets.uri')
        'destinations patch|--input-json' = @(,'files')
        'destinations patch|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'destinations patch|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'destinations patch|#0' = @(,'dynamic')
        'connections list|--project' = @(,'dynamic')
        'connections list|--provider' = @(,'dynamic')
        'connections list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections get|--project' = @(,'dynamic')
        'connections get|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections get|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections get|#0' = @(,'dynamic')
        'connections generate|--project' = @(,'dynamic')
        'connections generate|--api-key-file' = @(,'files')
        'connections generate|--password-file' = @(,'files')
        'connections generate|--refresh-token-file' = @(,'files')
        'connections generate|--access-token-file' = @(,'files')
        'connections generate|--input-json' = @(,'files')
        'connections generate|--from-file' = @(,'files')
        'connections generate|--format' = @('choices', 'jsonl', 'csv')
        'connections generate|--results' = @(,'files')
        'connections generate|--shard' = @('choices', 'auto')
        'connections generate|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'connections generate|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'connections remove|--project' = @(,'dynamic')
        'connections remove|--results' = @(,'files')
        'connections remove|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections remove|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections remove|#0+' = @(,'dynamic')
        'connections report|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections report|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'connections report|#0+' = @(,'files')
        'profile list|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'profile list|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'profile show|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'profile show|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'profile show|#0' = @(,'dynamic')
        'profile use|#0' = @(,'dynamic')
        'profile add|--project' = @(,'dynamic')
        'profile add|#0' = @(,'dynamic')
        'profile remove|#0' = @(,'dynamic')
        'auth status|--project' = @(,'dynamic')
        'auth status|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'auth status|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'search|--project' = @(,'dynamic')
        'search|--where' = @('dynamic', 'partial')
        'search|-o' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'search|--output' = @('choices', 'table', 'wide', 'json', 'yaml', 'ndjson')
        'api|-X' = @('choices', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')
        'api|--method' = @('choices', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS')
        'api|--input' = @(,'files')
        'api|--auth' = @('choices', 'key', 'token', 'none')
        'api|-o' = @('choices', 'json', 'yaml')
        'api|--output' = @('choices', 'json', 'yaml')
        'api|#0' = @('dynamic', 'partial')
        'completion|#0' = @('choices', 'bash', 'zsh', 'fish', 'powershell')
        'sandbox|--faults' = @(,'files')
        'sandbox|--tls-cert' = @(,'files')
        'sandbox|--tls-key' = @(,'files')
        'version|-o' = @('choices', 'table', 'wide', 'json', 'yaml')
        'version|--output' = @('choices', 'table', 'wide', 'json', 'yaml')
        'help|#0+' = @('choices', 'exit-codes', 'environment', 'retries', 'orgs', 'invites', 'providers', 'projects', 'destinations', 'connections', 'profile', 'auth', 'search', 'api', 'completion', 'sandbox', 'version')
    }

    function Test-TakesValue([string]$command, [string]$flag) {
        foreach ($entry in @($flags[$command]) + $globalFlags) {
            if ($null -ne $entry -and $entry[0] -ceq $flag) { return [bool]$entry[2] }
        }
        return $false
    }
    function Get-ValueRule([string]$command, $flag, [int]$position) {
        $names = if ($null -ne $flag) { @("$command|$flag", "*|$flag") } else { @("$command|#$position") + @($position..0 | ForEach-Object { "$command|#$_+" }) }
        foreach ($name in $names) {
            if ($valueRules.ContainsKey($name)) { return ,$valueRules[$name] }
        }
        return $null
    }

    # The words before the one being completed, ipctl itself left out.
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    if ($wordToComplete -ne '' -and $elements.Count -gt 0) { $elements = @($elements | Select-Object -First ($elements.Count - 1)) }
    $before = @($elements | Select-Object -Skip 1 | ForEach-Object { $_.Extent.Text })

    $command = ''
    $pending = $null
    $positionals = 0
    $dashdash = $false
    foreach ($word in $before) {
        if ($null -ne $pending) { $pending = $null; continue }
        if (-not $dashdash -and $word -eq '--') { $dashdash = $true; continue }
        if (-not $dashdash -and $word.Length -gt 1 -and $word.StartsWith('-')) {
            # --output=json and -ojson carry their value; only a bare flag waits for the next word.
            if (Test-TakesValue $command $word) { $pending = $word }
            continue
        }
        $children = @($subcommands[$command] | Where-Object { $null -ne $_ } | ForEach-Object { $_[0] })
        if ($positionals -eq 0 -and $children -ccontains $word) {
            $command = if ($command) { "$command $word" } else { $word }
        } else {
            $positionals++
        }
    }

    $prefix = ''
    $typed = $wordToComplete
    if ($null -ne $pending) {
        $rule = Get-ValueRule $command $pending $positionals
    } elseif (-not $dashdash -and $wordToComplete -match '^(--[^=]+)=(.*)$' -and (Test-TakesValue $command $Matches[1])) {
        $flag = $Matches[1]
        $prefix = "$flag="
        $typed = $Matches[2]
        $before += $flag
        $rule = Get-ValueRule $command $flag $positionals
    } elseif (-not $dashdash -and $wordToComplete.StartsWith('-')) {
        $offered = @($flags[$command]) + $(if ($command) { $globalFlags } else { @() })
        foreach ($entry in $offered) {
            if ($null -ne $entry -and $entry[0].StartsWith($wordToComplete)) {
                [System.Management.Automation.CompletionResult]::new($entry[0], $entry[0], 'ParameterName', $entry[1])
            }
        }
        return
    } elseif ($positionals -eq 0 -and $subcommands.ContainsKey($command)) {
        foreach ($child in $subcommands[$command]) {
            if ($child[0].StartsWith($wordToComplete)) {
                [System.Management.Automation.CompletionResult]::new($child[0], $child[0], 'ParameterValue', $child[1])
            }
        }
        return
    } else {
        $rule = Get-ValueRule $command $null $positionals
    }
    if ($null -eq $rule) { return }

    # The word as ipctl will receive it: the quote it opens ('email e), or the backquotes in it
    # (email` e), taken off; the completions put the same quote back, or backquotes.
    $quote = ''
    if ($typed -match "^(['`"])(.*)$") {
        $quote = $Matches[1]
        $typed = $Matches[2]
        if ($typed.EndsWith($quote)) { $typed = $typed.Substring(0, $typed.Length - 1) }
    }
    $typed = if ($quote -eq "'") { $typed -replace "''", "'" } else { $typed -replace '`(.)', '$1' }
    # Partial values are the start of the word: no closing quote after them.
    $partial = $rule[0] -eq 'partial' -or ($rule[0] -eq 'dynamic' -and $rule[1] -eq 'partial')
    function Format-Value([string]$text) {
        $close = if ($partial) { '' } else { $quote }
        switch ($quote) {
            "'" { return "'" + ($text -replace "'", "''") + $close }
            '"' { return '"' + ($text -replace '([`$"])', '`$1') + $close }
            default { return $text -replace '([\s#@$;,''{}()"`|<>&])', '`$1' }
        }
    }

    # Candidates as @(value, description).
    $values = @(switch ($rule[0]) {
        'choices' { $rule | Select-Object -Skip 1 | ForEach-Object { ,@($_, $_) } }
        'partial' { $rule | Select-Object -Skip 1 | ForEach-Object { ,@($_, $_) } }
        'files' { Get-ChildItem -Path "$typed*" -ErrorAction SilentlyContinue | ForEach-Object { ,@($_.Name, $_.Name) } }
        'dynamic' {
            # ipctl answers one value a line, a tab before its description; a line with no value is a
            # message, which a completer cannot show. Before PowerShell 7.3 an empty argument is
            # dropped on its way to a native command, so it is sent quoted.
            $current = if ($typed -eq '' -and $PSVersionTable.PSVersion -lt [version]'7.3') { '""' } else { $typed }
            & ipctl __complete @before $current 2>$null | Where-Object { $_ } | ForEach-Object {
                $parts = $_ -split "`t", 2
                if ($parts[0]) { ,@($parts[0], $parts[-1]) }
            }
        }
    })
    foreach ($value in @($values)) {
        if ($null -ne $value -and $value[0].StartsWith($typed)) {
            $text = "$prefix$(Format-Value $value[0])"
            [System.Management.Automation.CompletionResult]::new($text, $value[0], 'ParameterValue', $value[1])
        }
    }
}
