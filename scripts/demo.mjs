// A short tour of ipctl against a sandbox on a free port: every command with its
// real output, but `auth login` (it needs a terminal to ask at) and `auth migrate`
// (it writes to the OS keychain, which a demo leaves alone: its credentials are
// kept in a temporary profile file). Run with `npm run demo` (it builds first).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ipctl = join(import.meta.dirname, '..', 'bin', 'ipctl.cjs');
const configDir = mkdtempSync(join(tmpdir(), 'ipctl-demo-'));

const sandbox = spawn(process.execPath, [ipctl, 'sandbox', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = await createInterface({ input: sandbox.stdout })[Symbol.asyncIterator]().next().then((next) => [next.value]);
const info = JSON.parse(line);
// The tour scrolls by as one text at a terminal: no pager stops it at each command.
const env = { ...process.env, IPCTL_CONFIG_DIR: configDir, NO_COLOR: process.env.NO_COLOR ?? '', IPCTL_PAGER: 'cat' };

const tour = [
  ['Point a profile at it', ['profile', 'add', 'sandbox', '--base-url', info.baseUrl, '--search-url', info.searchUrl, '--org', info.org, '--project', info.project]],
  ['Store its credentials, read from stdin (never from the command line); the demo keeps them in its own profile file', ['auth', 'set-key', '--insecure-storage'], info.apiKey],
  [null, ['auth', 'set-token', '--insecure-storage'], info.token],
  ['Profiles: list, show (secrets redacted), choose', ['profile', 'list']],
  [null, ['profile', 'show', 'sandbox']],
  [null, ['profile', 'use', 'sandbox']],
  ['Which profile, credentials and URLs are in use, and where each came from', ['auth', 'status']],
  ['The projects the credential reaches; --project takes an ID or a name', ['projects', 'list']],
  [null, ['projects', 'get', 'demo']],
  ['The organization', ['orgs', 'get']],
  ['Its invites, then only the pending ones as JSON', ['invites', 'list']],
  [null, ['invites', 'list', '--status', 'pending', '--json']],
  ['The catalogue of providers, filtered here by what they support', ['providers', 'list', '--supports', 'search']],
  ['A provider and what a connection to it needs', ['providers', 'get', 'salesforce']],
  ['Create a connection: the provider says what it needs; the API key comes from stdin', ['connections', 'generate', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--group-name', 'Acme Corporation', '--consumer-ref', 'u-42', '--workspace', 'acme', '--api-key-file', '-'], 'pipedrive-demo-key-0123456789'],
  ['Missing values are listed with the flags that supply them (no prompts without a terminal)', ['connections', 'generate', '--provider', 'snowflake', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42']],
  ['Import many connections from a file: every row checked first, one results line per row', ['connections', 'generate', '--from-file', '-', '--format', 'jsonl', '--results', join(configDir, 'import.results.jsonl')], bulkRows()],
  ['One summary of any number of results files (the jobs of a CI matrix, say)', ['connections', 'report', join(configDir, 'import.results.jsonl')]],
  ["The project's connections, with the service's filters; customers' API keys stay redacted", ['connections', 'list', '--group-ref', 'globex']],
  ['One connection: the API key it was made with comes back from the service, and is shown redacted', () => ['connections', 'get', firstConnection('acme-corp')]],
  ['Undo the import: remove every connection its results file records as created (off a terminal, --yes confirms)', ['connections', 'remove', '--from-results', join(configDir, 'import.results.jsonl'), '--yes']],
  ["The project's destinations; get takes a name or an ID", ['destinations', 'list']],
  [null, ['destinations', 'get', 'dest_webhook']],
  ['Change a destination: the update mask is computed from the flags given', ['destinations', 'patch', 'dest_snowflake', '--set', 'metadata.batchSize=500', '--clear', 'metadata.maxWaitSecs']],
  ['A secret comes from a file or stdin, never the command line, and is never printed', ['destinations', 'patch', 'dest_s3', '--secret', 'secretAccessKey=-', '--dry-run'], 'demo-secret-access-key-0000'],
  ['Search records through an installation (a single page, for narrow queries)', ['search', 'Account', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin', '--fields', 'companyName,Industry']],
  [null, ['search', 'contacts', '--project', 'proj_marketing', '--integration', 'int_hubspot_sync', '--group-ref', 'umbrella', '--where', 'stage eq customer', '-o', 'ndjson', '--query', 'results[].mappedFields']],
  ['Any endpoint, with the profile\'s URL and credentials: ipctl api', ['api', '/orgs/{org}', '--query', 'label']],
  ['Errors come back as readable problem details, with exit codes', ['orgs', 'get', 'org_unknown']],
  [null, ['search', 'Lead', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'Email=x@example.com']],
  ['Shell completion (the first lines of the bash script)', ['completion', 'bash'], undefined, { lines: 3 }],
  ['Which ipctl this is', ['version']],
  ['Remove credentials and profiles: at a terminal ipctl asks first; a script says --yes', ['auth', 'logout', '--yes']],
  [null, ['profile', 'remove', 'sandbox', '--yes']],
];

/** Three rows for the bulk import, as JSON lines; their API keys are made up. */
function bulkRows() {
  return ['u-100', 'u-101', 'u-102']
    .map((consumer, index) => JSON.stringify({ provider: 'pipedrive', groupRef: 'globex', consumerRef: consumer, providerWorkspaceRef: 'globex', apiKey: `pipedrive-demo-bulk-key-${index}0000000` }))
    .join('\n');
}

/** The ID of the group's first connection, asked of ipctl itself. */
function firstConnection(groupRef) {
  const listed = spawnSync(process.execPath, [ipctl, 'connections', 'list', '--group-ref', groupRef, '--query', '[0].id', '-o', 'json'], { env, encoding: 'utf8' });
  return JSON.parse(listed.stdout);
}

function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word}'`;
}

console.log('# Start a local emulator of the whole API on a free port (it prints its URLs and credentials as JSON)');
console.log(`$ ipctl sandbox --port 0 --json &\n(listening on ${info.baseUrl})`);

try {
  for (const [title, words, input, shown] of tour) {
    // A step that names what an earlier one made works its words out when it runs.
    const args = typeof words === 'function' ? words() : words;
    if (title) console.log(`\n# ${title}`);
    console.log(`$ ipctl ${args.map(shellWord).join(' ')}${input ? ' < input' : ''}${shown ? ` | head -${shown.lines}` : ''}`);
    const stdout = shown ? 'pipe' : 'inherit';
    const result = spawnSync(process.execPath, [ipctl, ...args], { env, input: input ?? '', stdio: ['pipe', stdout, 'inherit'], encoding: 'utf8' });
    if (shown) console.log(result.stdout.split('\n').slice(0, shown.lines).join('\n'));
    if (result.status !== 0) console.log(`(exit code ${result.status})`);
  }
} finally {
  sandbox.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
