// The commands that call the API, one row each, for the table-driven fault,
// secret and fuzz tests. A new API command adds one row here. Each row's retry
// mode is written out by hand from the README's Retries rule, never read from
// src/: a wrong mode in operations.ts must make the fault table fail.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RetryMode } from '../../src/api/retry.js';

/** The reference's operations (section 4), by the names the sandbox logs them under. */
export type OperationId =
  | 'getOrg'
  | 'listOrgInvites'
  | 'getProvider'
  | 'generateConnection'
  | 'updateDestination'
  | 'searchRecords'
  // read-operations.md
  | 'listProjects'
  | 'getProject'
  | 'listConnections'
  | 'getConnection'
  | 'deleteConnection'
  | 'listDestinations'
  | 'getDestination'
  | 'listProviders';

export interface ApiCommandRow {
  /** Shown in test names. */
  name: string;
  /** argv after `ipctl`, for a run that succeeds against the seeded sandbox. */
  args: string[];
  /** The operation the command sends (the sandbox logs it under this name); faults are injected into it. */
  operation: OperationId;
  /** Operations the command sends first, to prepare the request (not faulted). */
  alsoSends?: OperationId[];
  /** Extra environment for the run, on top of the fixture's. */
  env?: Record<string, string | undefined>;
  /** Stdin for the run. */
  input?: string;
  /** Files the run reads, by path relative to a per-run folder given as {dir} in args. */
  files?: Record<string, string>;
  /** Exit code of the successful run. */
  successExit: number;
  /**
   * The run removes what it names, so each run needs its own: a connection is
   * created in demo before it (createConnection), and its ID given as
   * {connection} in args. Without one, {connection} names no connection.
   */
  needsConnection?: boolean;
  /**
   * README, Retries: reads, `search` and `destinations patch` are retried on any
   * temporary failure ('safe'); `connections generate` only when the request
   * cannot have reached the server ('beforeSend').
   */
  retry: RetryMode;
}

/** Secrets the rows below read from files: the secret tests look for them in every output. */
export const commandSecrets = {
  connectionApiKey: 'pd_conn_CANARY_APIKEY_5e0c1a7f93d2b864',
  destinationSecret: 'aws_dest_CANARY_SECRET_b71f04c9e2a6d358',
};

export const apiCommands: ApiCommandRow[] = [
  { name: 'orgs get', args: ['orgs', 'get', 'org_demo'], operation: 'getOrg', retry: 'safe', successExit: 0 },
  { name: 'invites list', args: ['invites', 'list'], operation: 'listOrgInvites', retry: 'safe', successExit: 0 },
  { name: 'providers get', args: ['providers', 'get', 'salesforce'], operation: 'getProvider', retry: 'safe', successExit: 0 },
  {
    name: 'connections generate',
    args: ['connections', 'generate', '--project', 'demo', '--provider', 'pipedrive', '--group-ref', 'acme-corp', '--consumer-ref', 'u-42', '--workspace', 'acme', '--api-key-file', '{dir}/connection-key.txt'],
    operation: 'generateConnection',
    retry: 'beforeSend',
    // The provider drives validation, so it is fetched first.
    alsoSends: ['getProvider'],
    files: { 'connection-key.txt': `${commandSecrets.connectionApiKey}\n` },
    successExit: 0,
  },
  {
    name: 'destinations patch',
    args: ['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--name', 'contacts-queue', '--secret', 'awsSecretKey=@{dir}/destination-secret.txt'],
    operation: 'updateDestination',
    retry: 'safe',
    files: { 'destination-secret.txt': `${commandSecrets.destinationSecret}\n` },
    successExit: 0,
  },
  {
    name: 'search',
    args: ['search', 'Contact', '--project', 'proj_demo', '--integration', 'int_salesforce_sync', '--group-ref', 'acme-corp', '--where', 'city=Berlin'],
    operation: 'searchRecords',
    retry: 'safe',
    successExit: 0,
  },
  // The reads of read-operations.md, retried like any read.
  { name: 'projects list', args: ['projects', 'list'], operation: 'listProjects', retry: 'safe', successExit: 0 },
  { name: 'projects get', args: ['projects', 'get', 'demo'], operation: 'getProject', retry: 'safe', successExit: 0 },
  { name: 'connections list', args: ['connections', 'list', '--project', 'demo', '--group-ref', 'acme-corp'], operation: 'listConnections', retry: 'safe', successExit: 0 },
  { name: 'destinations list', args: ['destinations', 'list', '--project', 'demo'], operation: 'listDestinations', retry: 'safe', successExit: 0 },
  // The ID is found in the list first (read-operations.md: the get takes the name).
  { name: 'destinations get', args: ['destinations', 'get', 'dest_sqs', '--project', 'demo'], operation: 'getDestination', alsoSends: ['listDestinations'], retry: 'safe', successExit: 0 },
  { name: 'providers list', args: ['providers', 'list'], operation: 'listProviders', retry: 'safe', successExit: 0 },
  {
    name: 'connections remove',
    args: ['connections', 'remove', '{connection}', '--project', 'demo', '--yes'],
    operation: 'deleteConnection',
    // README, Retries: a DELETE has the same effect when repeated (a repeat answers 404), so it is retried as a read is.
    retry: 'safe',
    // Each ID is read first, so that an unknown one removes nothing.
    alsoSends: ['getConnection'],
    needsConnection: true,
    successExit: 0,
  },
  // A GET through `ipctl api` is retried like any read.
  { name: 'api', args: ['api', '/orgs/{org}'], operation: 'getOrg', retry: 'safe', successExit: 0 },
];

/** The row's argv with {dir} (and {connection}) replaced, after writing its files into `dir`. */
export function prepareRun(row: ApiCommandRow, dir: string, connection = 'conn_none'): string[] {
  for (const [name, content] of Object.entries(row.files ?? {})) writeFileSync(join(dir, name), content, { mode: 0o600 });
  return row.args.map((arg) => arg.replaceAll('{dir}', dir).replaceAll('{connection}', connection));
}

/** Creates a connection in the sandbox's demo project (spec 4.3, straight to the API) for a row that needs one; its ID. */
export async function createConnection(env: Record<string, string | undefined>): Promise<string> {
  const response = await fetch(`${env.IPCTL_BASE_URL}/projects/demo/connections:generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': env.IPCTL_API_KEY ?? '' },
    body: JSON.stringify({ provider: 'pipedrive', groupRef: 'acme-corp', consumerRef: 'u-42', providerWorkspaceRef: 'acme', apiKey: commandSecrets.connectionApiKey }),
  });
  if (response.status !== 201) throw new Error(`connections:generate answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
