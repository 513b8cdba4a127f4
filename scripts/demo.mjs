// A short tour of ipctl against a sandbox on a free port: every command that
// exists, with its real output. Run with `npm run demo` (it builds first).
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
const env = { ...process.env, IPCTL_CONFIG_DIR: configDir, NO_COLOR: process.env.NO_COLOR ?? '' };

const tour = [
  ['A local sandbox is running; point a profile at it', ['profile', 'add', 'sandbox', '--base-url', info.baseUrl, '--search-url', info.searchUrl, '--org', info.org, '--project', info.project]],
  ['Store its credentials, read from stdin (never from the command line)', ['auth', 'set-key'], info.apiKey],
  [null, ['auth', 'set-token'], info.token],
  ['Which profile, credentials and URLs are in use, and where each came from', ['auth', 'status']],
  ['The organization', ['orgs', 'get']],
  ['Its invites, then only the pending ones as JSON', ['invites', 'list']],
  [null, ['invites', 'list', '--status', 'pending', '--json']],
  ['A provider and what a connection to it needs', ['providers', 'get', 'salesforce']],
  ['Create a connection: the provider says what it needs; the API key comes from stdin', ['connections', 'generate', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--group-name', 'Acme Corporation', '--consumer-ref', 'u-42', '--workspace', 'acme', '--api-key-file', '-'], 'pipedrive-demo-key-0123456789'],
  ['Missing values are listed with the flags that supply them (no prompts without a terminal)', ['connections', 'generate', '--provider', 'snowflake', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42']],
  ['Change a destination: the update mask is computed from the flags given', ['destinations', 'patch', 'dest_snowflake', '--set', 'metadata.batchSize=500', '--clear', 'metadata.maxWaitSecs']],
  ['A secret comes from a file or stdin, never the command line, and is never printed', ['destinations', 'patch', 'dest_s3', '--secret', 'secretAccessKey=-', '--dry-run'], 'demo-secret-access-key-0000'],
  ['Search records through an installation (a single page, for narrow queries)', ['search', 'Account', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin', '--fields', 'companyName,Industry']],
  [null, ['search', 'contacts', '--project', 'proj_marketing', '--integration', 'int_hubspot_sync', '--group-ref', 'umbrella', '--where', 'stage eq customer', '-o', 'ndjson', '--query', 'results[].mappedFields']],
  ['Errors come back as readable problem details, with exit codes', ['orgs', 'get', 'org_unknown']],
  [null, ['search', 'Lead', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'Email=x@example.com']],
];

function shellWord(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word}'`;
}

try {
  for (const [title, args, input] of tour) {
    if (title) console.log(`\n# ${title}`);
    console.log(`$ ipctl ${args.map(shellWord).join(' ')}${input ? ' < secret' : ''}`);
    const result = spawnSync(process.execPath, [ipctl, ...args], { env, input: input ?? '', stdio: ['pipe', 'inherit', 'inherit'] });
    if (result.status !== 0) console.log(`(exit code ${result.status})`);
  }
} finally {
  sandbox.kill('SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}
