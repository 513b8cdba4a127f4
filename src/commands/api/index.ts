import { defineCommand } from '../../command-model/command.js';
import { apiArgs, apiFlags } from './input.js';

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
