import { backgroundStartSeconds, defaultSandboxPort, sandboxProfile } from '../../config/defaults.js';
import type { Context } from '../../context.js';
import { UsageError, UserError } from '../../errors.js';
import { InputSources } from '../../input/sources.js';
import type { Sandbox, SandboxOptions } from '../../sandbox/server.js';
import { numberValue } from '../../schema/number-flags.js';
import { wholeNumber } from '../../schema/numbers.js';
import * as z from '../../schema/zod.js';
import { defineCommand, flag } from '../../command-model/command.js';
import { filePaths } from '../../command-model/common-flags.js';
import type { SandboxInfo } from './background.js';

const filePath = z.optional(z.string().check(z.minLength(1, 'must be a file path')));

export default defineCommand({
  flags: {
    host: flag('--host <address>', 'address to listen on (default: 127.0.0.1)', z._default(z.string().check(z.trim(), z.minLength(1, 'must not be empty')), '127.0.0.1')),
    port: flag(
      '--port <number>',
      `port to listen on, 0 to 65535; 0 picks a free one (default: ${defaultSandboxPort})`,
      z._default(numberValue(wholeNumber(0, 65535, `${defaultSandboxPort}, or 0 for any free port`)), defaultSandboxPort),
    ),
    json: flag('--json', 'print one JSON line with baseUrl, searchUrl, org, project, apiKey and token', z.optional(z.boolean())),
    env: flag('--env', 'print one `export IPCTL_BASE_URL=… IPCTL_SEARCH_URL=… IPCTL_API_KEY=… IPCTL_TOKEN=… IPCTL_ORG=… IPCTL_PROJECT=…` line for a shell to source or eval', z.optional(z.boolean())),
    faults: flag('--faults <file>', 'JSON file of faults to inject, by operation (see docs: fault injection)', filePath, { values: filePaths }),
    tlsCert: flag('--tls-cert <file>', 'serve HTTPS with this PEM certificate (chain); needs --tls-key', filePath, { values: filePaths }),
    tlsKey: flag('--tls-key <file>', 'the PEM private key of --tls-cert', filePath, { values: filePaths }),
    background: flag(
      '--background',
      `start it in a process of its own, wait until it listens (at most ${backgroundStartSeconds} s), point the profile "${sandboxProfile}" at it and make that the current profile, then exit; with --env or --json, print that line instead of writing a profile`,
      z.optional(z.boolean()),
    ),
    publishedSearch: flag('--published-search', 'answer search as the service\'s published contract does: `result`, entries without an id (default: `results`, as the API reference says)', z.optional(z.boolean())),
  },
  check: (input) => [
    ...((input.tlsCert === undefined) === (input.tlsKey === undefined) ? [] : ['--tls-key: give both --tls-cert and --tls-key, or neither']),
    ...(input.json && input.env ? ['--env: give --env or --json, not both'] : []),
  ],
  help: {
    description:
      'Run a local emulator of the whole platform API, with seed data: an org with invites, a project, a provider catalogue and more. It prints its two base URLs, the demo org and project, and a sandbox API key and token, then serves until Ctrl-C or SIGTERM. Nothing leaves the machine.',
    examples: [
      'ipctl sandbox',
      'ipctl sandbox --port 0 --background   # then: ipctl orgs get',
      'ipctl sandbox --port 0 --background --env > sandbox.env && . ./sandbox.env',
      'ipctl sandbox --port 0 --json > sandbox.json &',
      'IPCTL_SANDBOX_API_KEY=sk_test_123 ipctl sandbox --port 8080',
      `ipctl sandbox --faults faults.json   # {"getOrg": [{"kind": "status", "status": 503}]}`,
      'ipctl sandbox --tls-cert server.pem --tls-key server-key.pem',
      'ipctl sandbox --published-search   # answers {"result": [...]}, as the service does',
    ],
    environment: ['IPCTL_SANDBOX_API_KEY   the API key the sandbox accepts (default: a random one)', 'IPCTL_SANDBOX_TOKEN     the bearer token the sandbox accepts (default: a random one)'],
    exitCodes: ['0 stopped by Ctrl-C or SIGTERM; with --background, listening in the background', '1 could not listen (the port is in use, say), or did not listen in time (--background)', '2 invalid flags, or an unreadable faults, certificate or key file'],
  },
  async run(input, context) {
    if (input.background) return background(input, context);
    const { startSandbox } = await import('../../sandbox/server.js');
    const files = new InputSources(context.deps);
    const sandbox = await startSandbox({
      host: input.host,
      port: input.port,
      apiKey: context.deps.env.IPCTL_SANDBOX_API_KEY || undefined,
      token: context.deps.env.IPCTL_SANDBOX_TOKEN || undefined,
      faults: input.faults === undefined ? undefined : await readFaults(files, input.faults),
      tls: input.tlsCert && input.tlsKey ? { cert: await files.readText(input.tlsCert, '--tls-cert'), key: await files.readText(input.tlsKey, '--tls-key') } : undefined,
      searchAnswer: input.publishedSearch ? 'result' : undefined,
    }).catch((error: NodeJS.ErrnoException) => {
      throw listenError(error, input.host, input.port);
    });
    const form = input.json ? 'json' : input.env ? 'env' : 'text';
    announce(sandbox, form, context, input.publishedSearch === true);
    await stopped(context.deps.signal);
    await sandbox.close();
    if (form === 'text') context.say('Sandbox stopped.');
  },
});

interface BackgroundInput {
  host: string;
  port: number;
  json?: boolean;
  env?: boolean;
  faults?: string;
  tlsCert?: string;
  tlsKey?: string;
  publishedSearch?: boolean;
}

/** The sandbox in a process of its own: started with the same flags, waited for, then announced or pointed at by a profile. */
async function background(input: BackgroundInput, context: Context): Promise<void> {
  const { startInBackground, pointProfileAt } = await import('./background.js');
  const args = ['--host', input.host, '--port', String(input.port)];
  if (input.faults !== undefined) args.push('--faults', input.faults);
  if (input.tlsCert !== undefined && input.tlsKey !== undefined) args.push('--tls-cert', input.tlsCert, '--tls-key', input.tlsKey);
  if (input.publishedSearch) args.push('--published-search');
  const { pid, info } = await startInBackground(args, context);
  if (input.json) return void context.deps.stdout.write(`${JSON.stringify({ ...info, pid })}\n`);
  if (input.env) return void context.deps.stdout.write(`${exportLine(info, pid === undefined ? {} : { IPCTL_SANDBOX_PID: String(pid) })}\n`);
  const { path, previous } = await pointProfileAt(info, context);
  context.deps.stdout.write(
    [
      `Sandbox running in the background${pid === undefined ? '' : ` (process ${pid})`}.`,
      `  Base URL:    ${info.baseUrl}`,
      `  Search URL:  ${info.searchUrl}`,
      `  Org:         ${info.org}`,
      `  Project:     ${info.project}`,
      `Profile "${sandboxProfile}" points at it, with its API key and token (in ${path}), and is the current profile${previous === undefined ? '' : ` (it was "${previous}": \`ipctl profile use ${previous}\` goes back)`}.`,
      ...(pid === undefined ? [] : [`Stop it with: kill ${pid}`]),
      '',
    ].join('\n'),
  );
}

/** The shell line that points ipctl at the sandbox. */
function exportLine(sandbox: SandboxInfo, extra: Record<string, string> = {}): string {
  const { baseUrl, searchUrl, apiKey, token, org, project } = sandbox;
  const variables = { IPCTL_BASE_URL: baseUrl, IPCTL_SEARCH_URL: searchUrl, IPCTL_API_KEY: apiKey, IPCTL_TOKEN: token, IPCTL_ORG: org, IPCTL_PROJECT: project, ...extra };
  return `export ${Object.entries(variables).map(([name, value]) => `${name}=${shellQuoted(value)}`).join(' ')}`;
}

function announce(sandbox: Sandbox, form: 'json' | 'env' | 'text', context: Context, publishedSearch: boolean): void {
  const { baseUrl, searchUrl, org, project, apiKey, token } = sandbox;
  if (form === 'json') {
    context.deps.stdout.write(`${JSON.stringify({ baseUrl, searchUrl, org, project, apiKey, token })}\n`);
    return;
  }
  if (form === 'env') {
    // One write of one line: a script that waits for the file to be non-empty reads all of it.
    context.deps.stdout.write(`${exportLine(sandbox)}\n`);
    return;
  }
  context.deps.stdout.write(
    [
      'Sandbox running. Press Ctrl-C to stop.',
      `  Base URL:    ${baseUrl}`,
      `  Search URL:  ${searchUrl}${publishedSearch ? '  (answers {"result": [...]}, entries without an id, as the service does)' : ''}`,
      `  Org:         ${org}`,
      `  Project:     ${project}`,
      `  API key:     ${apiKey}`,
      `  Token:       ${token}`,
      '',
      'Point ipctl at it in another shell (or start the sandbox with --env, and source what it prints):',
      `  ${exportLine(sandbox)}`,
      '',
    ].join('\n'),
  );
}

/** value as one shell word; the sandbox's own values need no quotes, a chosen API key may. */
function shellQuoted(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

async function readFaults(files: InputSources, path: string): Promise<SandboxOptions['faults']> {
  const { parseFaultPlan } = await import('../../sandbox/faults.js');
  const parsed = parseFaultPlan(await files.readJson(path, '--faults'));
  if ('problems' in parsed) throw new UsageError(`--faults: ${path} is not a valid fault plan:`, 'See the fault plan format in the sandbox documentation.', parsed.problems);
  return parsed.plan;
}

function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error instanceof UserError) return error;
  if (error.code?.startsWith('ERR_OSSL') || /PEM|certificate|key values mismatch/i.test(error.message)) {
    return new UsageError(`Cannot serve HTTPS with --tls-cert and --tls-key: ${error.message}.`, 'Give a PEM certificate and the PEM private key that belongs to it.');
  }
  if (error.code === 'EADDRINUSE') return new UserError(`Port ${port} on ${host} is in use.`, undefined, 'Pick another with --port N, or --port 0 for any free port.');
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new UserError(`Cannot listen on ${host}: ${error.code}.`, undefined, 'Use an address of this machine, such as 127.0.0.1.');
  return error;
}
