import { httpMethods } from '../../api/routes.js';
import * as z from '../../schema/zod.js';
import { argument, flag, type InputOf } from '../../command-model/command.js';
import { apiRoutes, filePaths } from '../../command-model/common-flags.js';

const repeatable = z.optional(z.array(z.string()));
const credentials = ['key', 'token', 'none'] as const;
const formats = ['json', 'yaml'] as const;

export const apiArgs = {
  path: argument(
    '<path>',
    'path below the base URL, such as /orgs/{org}, or a full URL on its origin; {org} and {project} are filled in from the profile',
    z.string().check(z.minLength(1, 'must not be empty')),
    { values: apiRoutes },
  ),
};

export const apiFlags = {
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
