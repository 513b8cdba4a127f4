import { httpMethods } from '../../api/routes.js';
import * as z from '../../schema/zod.js';
import { argument, defineCommand, flag, type InputOf } from '../../command-model/command.js';
import { apiRoutes, filePaths } from '../../command-model/flags.js';

const repeatable = z.optional(z.array(z.string()));
const credentials = ['key', 'token', 'none'] as const;
const formats = ['json', 'yaml'] as const;

const apiArgs = {
  path: argument(
    '<path>',
    'path below the base URL, such as /orgs/{org}, or a full URL on its origin; {org} and {project} are filled in from the profile',
    z.string().check(z.minLength(1, 'must not be empty')),
    { values: apiRoutes },
  ),
};

const apiFlags = {
  method: flag(
    '-X, --method <method>',
    'HTTP method (default: GET, or POST when fields or --input are given)',
    z.optional(z.pipe(z.pipe(z.string(), z.transform((text: string) => text.toUpperCase())), z.enum(httpMethods, { error: `must be one of ${httpMethods.join(', ')}` }))),
    { values: httpMethods },
  ),
  rawField: flag('-f, --raw-field <key=value>', 'a string field of the JSON body (a query parameter for GET); a[b]=v nests, a[]=v adds to an array; repeatable', repeatable, {
    repeatable: true,
  }),
  field: flag('-F, --field <key=value>', 'a typed field: numbers, true, false and null as JSON, @PATH the text of a file, @- stdin; repeatable', repeatable, {
    repeatable: true,
  }),
  header: flag('-H, --header <name:value>', "a request header, 'Name: value' (repeatable); never a credential", repeatable, { repeatable: true }),
  input: flag('--input <file>', 'send the body in this file as it is, or - for stdin; fields then become query parameters', z.optional(z.string().check(z.minLength(1, 'give a file path, or - for stdin'))), {
    values: filePaths,
  }),
  search: flag('--search', 'send to the search base URL, with the search request-type header', z.optional(z.boolean())),
  auth: flag(
    '--auth <credential>',
    "the credential sent: key (API key), token (bearer token) or none (default: the one the API takes on that path; the API key where it is not known)",
    z.optional(z.enum(credentials, { error: `must be one of ${credentials.join(', ')}` })),
    { values: credentials },
  ),
  include: flag('-i, --include', 'print the status line and the response headers before the body, of an error answer too', z.optional(z.boolean())),
  silent: flag('--silent', 'print no response body', z.optional(z.boolean())),
  retryUnsafe: flag('--retry-unsafe', 'retry a POST or PATCH that may have reached the server, as GET, PUT and DELETE are', z.optional(z.boolean())),
  dryRun: flag('--dry-run', 'print the request, credentials and secrets redacted, and send nothing', z.optional(z.boolean())),
  output: flag('-o, --output <format>', 'output format: json, yaml (default: the answer as it came, JSON pretty-printed)', z.optional(z.enum(formats, { error: 'must be one of json, yaml' })), {
    values: formats,
  }),
  query: flag('--query <expression>', 'a JMESPath expression applied to the JSON answer', z.optional(z.string().check(z.minLength(1, 'must not be empty')))),
};

export type ApiInput = InputOf<typeof apiArgs, typeof apiFlags, {}>;

export default defineCommand({
  args: apiArgs,
  flags: apiFlags,
  check: async (input) => (await import('./run.js')).checkRequest(input),
  help: {
    usage: '[options] PATH',
    description: [
      "Send a request to any endpoint of the API, with the profile's base URL and credentials, for what no other command does.",
      '',
      "It is the raw escape hatch: it prints what the service sends, as it sends it. The commands redact customers' credentials in answers by field name (the apiKey and tokens of a connection); ipctl api does not, so `ipctl api /projects/{project}/connections` shows the API keys the service returns. Only the credentials this run sent are scrubbed.",
      '',
      'PATH is relative to the base URL (/orgs/org_demo or orgs/org_demo; a PATH that repeats the base URL\'s own path, such as /v1/orgs/org_demo on a base URL ending in /v1, is refused), or a full URL on the origin of the base URL or the search URL, below its path; a URL on any other origin or path is refused, so credentials go nowhere else. Backslashes count as slashes and %2e as a dot: a . or .. step in any spelling is refused. {org} and {project} in PATH are filled in from the profile.',
      '',
      '-f key=value adds a string field and -F key=value a typed one (numbers, true, false, null; @PATH reads a file, @- stdin). Fields make a JSON body, a[b][c]=v nesting and a[]=v adding to an array; for GET, and with --input, they are query parameters instead.',
      '',
      'Secrets never come from the command line: a field whose key names one (apiKey, refreshToken, clientSecret, secrets, a credential header) is refused unless it is read with -F key=@PATH or -F key=@-, and so is a credential header given with -H.',
      '',
      '-H refuses Host, Content-Length, Expect and the hop-by-hop headers (Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Transfer-Encoding, Upgrade), and a value with control characters or characters beyond Latin-1.',
      '',
      'The answer is printed as it came (JSON pretty-printed); errors are shown as problem details on stderr, with the exit codes below. GET, PUT and DELETE are retried as other commands are; POST and PATCH only when they cannot have reached the server, unless --retry-unsafe.',
    ].join('\n'),
    examples: [
      'ipctl api /orgs/org_demo',
      'ipctl api /orgs/{org}/invites --query "[].invitedEmail"',
      "ipctl api -X PATCH /projects/{project}/destinations/dest_webhook -f 'destination[name]=orders' -f 'updateMask[]=name'",
      "ipctl api -X PATCH /projects/proj_demo/destinations/dest_s3 -F 'destination[secrets][secretAccessKey]=@secret.txt' -f 'updateMask[]=secrets.secretAccessKey'",
      "ipctl api --search /projects/proj_demo/integrations/int_salesforce_sync -f groupRef=acme-corp --input search.json",
      'ipctl api -i /providers/salesforce --auth none -o yaml',
      "ipctl api -X POST /projects/{project}/connections:generate --input connection.json --dry-run",
    ],
    environment: [
      'IPCTL_ORG       fills {org}',
      'IPCTL_PROJECT   fills {project}',
      'IPCTL_API_KEY   API key (--auth key)',
      'IPCTL_TOKEN     bearer token (--auth token)',
    ],
    exitCodes: [
      '0 success (with --dry-run: shown, nothing sent)',
      '1 the API refused the request (such as HTTP 400 or 409)',
      '2 invalid input (another origin or path, a secret on the command line, a -H header that cannot be sent, an unreadable file), nothing sent',
      '3 not found (HTTP 404)',
      '4 missing or rejected credentials (HTTP 401, 403)',
      '5 temporary failure (network, timeout, 408, 429, 5xx)',
    ],
  },
  run: async (input, context) => (await import('./run.js')).sendRequest(input, context),
});
