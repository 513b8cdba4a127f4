import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { completionModel } from '../../src/completion/model.js';
import { completionScript, scriptFiles, shells } from '../../src/completion/scripts/index.js';
import { completeValues, filePaths, partialChoices } from '../../src/completion/values.js';
import { repoRoot } from '../helpers/cli.js';
import { inProcessCommand, type InProcessCommand } from '../helpers/in-process-command.js';
import { expectFailed, ipctl } from '../helpers/in-process.js';
import { fileHolding, readMetafile, staticallyLoadedInputs } from '../helpers/metafile.js';
import { useFixture } from '../helpers/sandbox.js';
import { afterTab, bashOffers, fishOffers, installed, type Offers, shellHome, zshOffers } from '../helpers/shells.js';

const profiles = ['default', 'prod-eu', 'staging'];
// README, Commands and Profiles and credentials: every command ipctl has, by its first word.
const topLevel = ['api', 'auth', 'completion', 'connections', 'destinations', 'help', 'invites', 'orgs', 'profile', 'projects', 'providers', 'sandbox', 'search', 'version'];

/** Partial command lines, and what Tab must offer for each in every shell. */
const cases: Array<[line: string, offers: string[]]> = [
  ['ipctl inv', ['invites']],
  ['ipctl ', topLevel],
  ['ipctl profile ', ['add', 'list', 'remove', 'show', 'use']],
  ['ipctl invites list --st', ['--status']],
  ['ipctl invites list --status ', ['accepted', 'expired', 'pending', 'revoked']],
  ['ipctl invites list --status=p', ['pending']],
  ['ipctl orgs get -o ', ['json', 'table', 'wide', 'yaml']],
  ['ipctl orgs get --o', ['--org', '--output']],
  ['ipctl orgs get org_demo --j', ['--json']],
  ['ipctl --profile ', profiles],
  ['ipctl --profile st', ['staging']],
  ['ipctl profile use ', profiles],
  ['ipctl --profile staging invites l', ['list']],
  ['ipctl invites list --profile prod-eu --status a', ['accepted']],
  ['ipctl invites list --status pending ', []],
  ['ipctl completion ', ['bash', 'fish', 'powershell', 'zsh']],
  ['ipctl --ver', ['--version']],
  ['ipctl orgs get --ver', []],
  ['ipctl api -X P', ['PATCH', 'POST', 'PUT']],
  ['ipctl api --auth ', ['key', 'none', 'token']],
];

const drivers: Record<string, (script: string, lines: string[], env: Record<string, string>) => Promise<Offers>> = {
  bash: bashOffers,
  zsh: zshOffers,
  fish: fishOffers,
};

let home: ReturnType<typeof shellHome>;
// The shells run the built ipctl for one case each below and for a project name
// from the API; elsewhere their `ipctl __complete` calls are answered by main()
// in this process (each spawned run costs a second on a loaded machine).
let inProcess: InProcessCommand;
let fastEnv: Record<string, string>;

beforeAll(async () => {
  home = shellHome({ IPCTL_CONFIG_DIR: '' });
  const configDir = join(home.path, 'ipctl-config');
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify({ current: 'staging', profiles: { staging: { baseUrl: 'https://api.staging.example.com/v1' }, default: {}, 'prod-eu': {} } }),
  );
  home.env.IPCTL_CONFIG_DIR = configDir;
  inProcess = await inProcessCommand(home.path);
  fastEnv = { ...home.env, PATH: `${inProcess.bin}:${home.env.PATH}` };
});
afterAll(async () => {
  await inProcess.close();
  home.remove();
});

/** What a shell offered, sorted; fish answers `--flag=value` where the others answer `value`. */
function offered(offers: Offers, line: string): string[] {
  const flag = /(--[a-z-]+=)[^ ]*$/.exec(line)?.[1];
  // The drivers report what is not an offer after a #: bash's compopt calls, zsh's messages.
  return [...new Set(reported(offers, line).filter((value) => !value.startsWith('#')).map((value) => (flag && value.startsWith(flag) ? value.slice(flag.length) : value)))].sort();
}

/** Everything a driver reported for a line, in its order. */
function reported(offers: Offers, line: string): string[] {
  const values = offers.get(line);
  if (!values) throw new Error(`no answer for "${line}"`);
  return values;
}

/** A case the built ipctl answers in each shell: profile names, read from the profile store by the bundle. */
const builtCase = cases.find(([line]) => line === 'ipctl --profile st')!;

describe.each(['bash', 'zsh', 'fish'])('%s completes ipctl', (shell) => {
  let offers: Offers;
  let builtOffers: Offers;

  beforeAll(async () => {
    if (!installed(shell)) return;
    const script = join(repoRoot, 'completions', scriptFiles[shell as 'bash']);
    // Every case with `ipctl __complete` answered in-process; one by the built ipctl, spawned by the shell.
    offers = await drivers[shell]!(script, cases.map(([line]) => line), fastEnv);
    builtOffers = await drivers[shell]!(script, [builtCase[0]], home.env);
  }, 120_000);

  it.skipIf(!installed(shell)).each(cases)('%j', (line, expected) => {
    expect(offered(offers, line)).toEqual([...expected].sort());
  });

  it.skipIf(!installed(shell))('runs the built ipctl for its completions', () => {
    expect(offered(builtOffers, builtCase[0])).toEqual([...builtCase[1]].sort());
  });
});

type Shell = 'bash' | 'zsh' | 'fish';

/**
 * The lines the tests below ask each shell about, gathered as the describes
 * are collected, and asked at once: one driver run and one terminal session a
 * shell (zsh's compinit alone costs a second or more here), with `ipctl
 * __complete` answered in-process.
 */
const asked = { offers: new Set<string>(), afterTab: { bash: new Set<string>(), zsh: new Set<string>(), fish: new Set<string>() } };
const answered = new Map<Shell, Promise<{ offers: Offers; after: Map<string, string> }>>();

function askOffers(lines: string[]): void {
  for (const line of lines) asked.offers.add(line);
}

function askAfterTab(shells: readonly Shell[], lines: string[]): void {
  for (const shell of shells) for (const line of lines) asked.afterTab[shell].add(line);
}

/** What `shell` offers for every line asked, and each line after one Tab. */
function answersIn(shell: Shell): Promise<{ offers: Offers; after: Map<string, string> }> {
  let answers = answered.get(shell);
  if (!answers) {
    const script = join(repoRoot, 'completions', scriptFiles[shell]);
    answers = (async () => {
      const offers = await drivers[shell]!(script, [...asked.offers], fastEnv);
      const after = await afterTab(shell, script, [...asked.afterTab[shell]], fastEnv);
      return { offers, after };
    })();
    answered.set(shell, answers);
  }
  return answers;
}

describe('bash at a terminal', () => {
  const lines = ['ipctl inv', 'ipctl orgs get --output=ya', 'ipctl --profile=st', 'ipctl invites list --status rev'];
  askAfterTab(['bash'], lines);

  it('completes --flag=value, and adds a space after a whole word only', async () => {
    const { after: all } = await answersIn('bash');
    const after = new Map(lines.map((line) => [line, all.get(line)]));
    expect(Object.fromEntries(after)).toEqual({
      'ipctl inv': 'ipctl invites ',
      'ipctl orgs get --output=ya': 'ipctl orgs get --output=yaml ',
      'ipctl --profile=st': 'ipctl --profile=staging ',
      'ipctl invites list --status rev': 'ipctl invites list --status revoked ',
    });
  }, 120_000);
});

/**
 * `--where FILTER` of search: FIELD=VALUE or "FIELD eq VALUE". Field names are
 * the API's, so only what follows a field completes, in each shell's quoting.
 */
describe('--where completes what follows the field, in each shell', () => {
  const where = 'ipctl search Contact --group-ref acme-corp --where';
  const shape = 'FIELD=VALUE or "FIELD eq VALUE"';

  /**
   * What each driver reports at one Tab: bash the words readline will insert
   * (its compopt calls left out here, checked apart), zsh its matches quoted as
   * it will insert them (not inside a quote) and its messages, fish what
   * `complete -C` lists.
   */
  const offersAt: Array<[line: string, offers: Record<Shell, string[]>]> = [
    // Before a field: the shape, where a shell can show a message without offering something to insert.
    [`${where} `, { bash: [], zsh: [`#message ${shape}`], fish: [] }],
    // After a field: = or the operator. fish cannot insert the spaced form whole (see the script).
    [`${where} email`, { bash: ['email=', 'email\\ eq\\ '], zsh: ['email=', 'email\\ eq\\ '], fish: ['email='] }],
    [`${where} Industry`, { bash: ['Industry=', 'Industry\\ eq\\ '], zsh: ['Industry=', 'Industry\\ eq\\ '], fish: ['Industry='] }],
    [`${where}=em`, { bash: ['em=', 'em\\ eq\\ '], zsh: ['em=', 'em\\ eq\\ '], fish: ['--where=em='] }],
    // After a field and a space: the operator, then a space. bash and fish get it twice, one space
    // longer the second time, so that they insert the common start and leave an open quote open.
    [`${where} email\\ e`, { bash: ['email\\ eq\\ '], zsh: ['email\\ eq\\ '], fish: ['email eq ', 'email eq  '] }],
    [`${where} 'email `, { bash: ['email eq ', 'email eq  '], zsh: ['email eq '], fish: ['email eq ', 'email eq  '] }],
    [`${where} "email E`, { bash: ['email Eq ', 'email Eq  '], zsh: ['email Eq '], fish: ['email Eq ', 'email Eq  '] }],
    // After the operator, and in a value: nothing (values are free text).
    [`${where} 'email eq `, { bash: [], zsh: [], fish: [] }],
    [`${where} 'email eq ad`, { bash: [], zsh: [], fish: [] }],
    [`${where} email=ad`, { bash: [], zsh: [], fish: [] }],
    [`${where} 'email ne`, { bash: [], zsh: [], fish: [] }],
  ];

  /** The line after one Tab, in a real terminal. */
  const lineAfterTab: Array<[line: string, after: Record<Shell, string>]> = [
    [`${where} email\\ e`, same(`${where} email\\ eq\\ `)],
    [`${where} 'email `, same(`${where} 'email eq `)],
    [`${where} "email e`, same(`${where} "email eq `)],
    [`${where}=email\\ `, same(`${where}=email\\ eq\\ `)],
    // Two ways on: bash and zsh list them at the next Tab; fish takes the one it can insert whole.
    [`${where} email`, { bash: `${where} email`, zsh: `${where} email`, fish: `${where} email=` }],
    [`${where} `, same(`${where} `)],
    [`${where} 'email eq ad`, same(`${where} 'email eq ad`)],
    // A whole value in quotes still gets its closing quote and a space.
    ["ipctl --profile 'st", same("ipctl --profile 'staging' ")],
  ];

  function same(after: string): Record<Shell, string> {
    return { bash: after, zsh: after, fish: after };
  }
  askOffers(offersAt.map(([line]) => line));
  askAfterTab(['bash', 'zsh', 'fish'], lineAfterTab.map(([line]) => line));

  describe.each(['bash', 'zsh', 'fish'] as const)('in %s', (shell) => {
    const it = installed(shell) ? test : test.skip;

    it('offers = or the operator after a field, the shape before one, nothing in a value', async () => {
      const { offers } = await answersIn(shell);
      for (const [line, expected] of offersAt) {
        expect(reported(offers, line).filter((value) => !value.startsWith('#compopt')), line).toEqual(expected[shell]);
      }
      // bash alone is told, by compopt, to add no space after the operator.
      expect(reported(offers, `${where} email`).includes('#compopt -o nospace')).toBe(shell === 'bash');
    }, 120_000);

    it('inserts the operator and a space, leaving an open quote open for the value', async () => {
      const { after: all } = await answersIn(shell);
      const after = new Map(lineAfterTab.map(([line]) => [line, all.get(line)]));
      expect(Object.fromEntries(after)).toEqual(Object.fromEntries(lineAfterTab.map(([line, expected]) => [line, expected[shell]])));
    }, 120_000);
  });
});

/** PATH of `ipctl api`: the API's routes, their braces quoted as each shell inserts them. */
describe('api PATH completes the routes, in each shell', () => {
  const lines = ['ipctl api /orgs/', 'ipctl api /projects/{project}/i', 'ipctl api pro'];
  askOffers(lines);
  askAfterTab(['bash', 'zsh', 'fish'], lines);
  /** bash and zsh report the words as they will insert them, fish as `complete -C` lists them. */
  const quoted = (text: string) => text.replace(/[{}]/g, '\\$&');
  const routes = {
    orgs: ['/orgs/{org}', '/orgs/{org}/invites'],
    integrations: ['/projects/{project}/integrations/{integrationId}'],
    // Begun without the leading slash, the routes are offered without it.
    // Spec read-operations.md adds the lists and gets of projects, connections, destinations and providers.
    bare: [
      'projects',
      'projects/{project}',
      'projects/{project}/connections',
      'projects/{project}/connections/{connectionId}',
      'projects/{project}/connections:generate',
      'projects/{project}/destinations',
      'projects/{project}/destinations/{destination}',
      'projects/{project}/integrations/{integrationId}',
      'providers',
      'providers/{provider}',
    ],
  };
  const offers: Record<Shell, string[][]> = {
    bash: [routes.orgs.map(quoted), routes.integrations.map(quoted), routes.bare.map(quoted)],
    zsh: [routes.orgs.map(quoted), routes.integrations.map(quoted), routes.bare.map(quoted)],
    fish: [routes.orgs, routes.integrations, routes.bare],
  };
  // The common start of two routes, or the one route whole; fish adds its space after a whole one.
  const after: Record<Shell, string[]> = {
    bash: ['ipctl api /orgs/\\{org\\}', 'ipctl api /projects/\\{project\\}/integrations/\\{integrationId\\}', 'ipctl api pro'],
    zsh: ['ipctl api /orgs/\\{org\\}', 'ipctl api /projects/\\{project\\}/integrations/\\{integrationId\\}', 'ipctl api pro'],
    // fish leaves what was typed as it was, and quotes the braces it adds.
    fish: ['ipctl api /orgs/\\{org\\}', 'ipctl api /projects/{project}/integrations/\\{integrationId\\} ', 'ipctl api pro'],
  };

  describe.each(['bash', 'zsh', 'fish'] as const)('in %s', (shell) => {
    const it = installed(shell) ? test : test.skip;

    it('offers the routes, and inserts their common start', async () => {
      const { offers: shown, after: tabbed } = await answersIn(shell);
      expect(lines.map((line) => offered(shown, line))).toEqual(offers[shell].map((values) => [...values].sort()));
      expect(lines.map((line) => tabbed.get(line))).toEqual(after[shell]);
    }, 120_000);
  });
});

describe('values declared with completeValues, as later commands declare theirs', () => {
  // A command such as `destinations patch`: partial values (KEY=), plain choices and a file.
  const program = new Command('ipctl').option('--profile <name>', 'the profile').helpOption('-h, --help', 'show help');
  const patch = program.command('destinations').description('Destinations').command('patch').description('Update a destination');
  patch
    .argument('<destination>', 'destination ID')
    .option('--set <KEY=VALUE>', 'set a metadata key')
    .option('--clear <PATH>', 'clear a field')
    .option('--input-json <PATH>', 'the body from a file');
  completeValues(patch, '--set', partialChoices(['metadata.url=', 'metadata.headers=', 'metadata.region=']));
  completeValues(patch, '--clear', ['metadata.url', 'metadata.region', 'secrets.password']);
  completeValues(patch, '--input-json', filePaths);
  const root = completionModel(program);
  let dir: string;

  beforeAll(() => {
    dir = join(home.path, 'synthetic');
    mkdirSync(dir);
    writeFileSync(join(dir, 'body.json'), '{}');
    writeFileSync(join(dir, 'other.txt'), '');
    for (const shell of shells) writeFileSync(join(dir, scriptFiles[shell]), completionScript(shell, root));
  });

  const lines = () => [
    'ipctl destinations patch dest_1 --set metadata.u',
    'ipctl destinations patch dest_1 --set metadata.',
    'ipctl destinations patch dest_1 --clear secrets.',
    `ipctl destinations patch dest_1 --input-json ${dir}/bo`,
  ];

  for (const shell of ['bash', 'zsh', 'fish']) (installed(shell) ? it : it.skip)(`in ${shell}`, async () => {
    const offers = await drivers[shell]!(join(dir, scriptFiles[shell as 'bash']), lines(), fastEnv);
    const [set, setAll, clear, file] = lines().map((line) => offered(offers, line));
    expect(set).toEqual(['metadata.url=']);
    expect(setAll).toEqual(['metadata.headers=', 'metadata.region=', 'metadata.url=']);
    expect(clear).toEqual(['secrets.password']);
    // zsh hands compadd the file name and its directory apart.
    expect(file).toEqual([shell === 'zsh' ? 'body.json' : `${dir}/body.json`]);
  }, 120_000);

  it('asks bash to add no space after a partial value', async () => {
    const offers = await bashOffers(join(dir, 'ipctl.bash'), [lines()[0]!], fastEnv);
    expect(offers.get(lines()[0]!)).toEqual(['#compopt -o nospace', 'metadata.url=']);
    const after = await afterTab('bash', join(dir, 'ipctl.bash'), [lines()[0]!], fastEnv);
    expect(after.get(lines()[0]!)).toBe('ipctl destinations patch dest_1 --set metadata.url=');
  }, 120_000);

  it('refuses, when the scripts are generated, a value no shell can take unquoted', () => {
    const bad = new Command('ipctl');
    bad.command('x').option('--mode <mode>', 'a mode');
    completeValues(bad.commands[0]!, '--mode', ['two words']);
    expect(() => completionScript('bash', completionModel(bad))).toThrow('Cannot complete "two words" (in "ipctl x")');
  });

  it('refuses to declare values of a flag the command does not have', () => {
    expect(() => completeValues(patch, '--sett', ['x'])).toThrow('has no option or argument "--sett"');
  });
});

describe('completions/', () => {
  it.each(shells)('holds what `ipctl completion %s` prints (the build writes it)', async (shell) => {
    const result = await ipctl(['completion', shell]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(repoRoot, 'completions', scriptFiles[shell]), 'utf8'));
  });

  it('holds one script per shell and nothing else', () => {
    // README, Shell set-up: the four scripts ship in completions/.
    expect(readdirSync(join(repoRoot, 'completions')).sort()).toEqual(['_ipctl', 'ipctl.bash', 'ipctl.fish', 'ipctl.ps1']);
  });

  it('ships a PowerShell script that registers a native completer from the same tree', () => {
    // PowerShell is not in Debian's archive, so no test runs it; its content is checked instead.
    const script = readFileSync(join(repoRoot, 'completions', 'ipctl.ps1'), 'utf8');
    expect(script).toContain('Register-ArgumentCompleter -Native -CommandName ipctl -ScriptBlock {');
    expect(script).toContain("'' = @(@('orgs', 'Organizations'), @('invites', 'Invites to an organization')");
    expect(script).toContain("'invites' = @(,@('list', 'List an organization''s invites'))");
    expect(script).toContain("'invites list|--status' = @('choices', 'pending', 'accepted', 'revoked', 'expired')");
    expect(script).toContain("'orgs get|-o' = @('choices', 'table', 'wide', 'json', 'yaml')");
    expect(script).toContain("'*|--profile' = @(,'dynamic')");
    expect(script).toContain("'profile use|#0' = @(,'dynamic')");
    expect(script).toContain("@('--status', 'only invites in this status: pending, accepted, revoked, expired', $true)");
    expect(script).toContain('& ipctl __complete @before $current');
    // --where asks ipctl, which answers what follows the field; the word's quoting is taken off for
    // it and put back on the answers: an open quote stays open after a partial value (email eq ),
    // an unquoted space gets a backquote, and a line with no value (a message) is not offered.
    expect(script).toContain("'search|--where' = @('dynamic', 'partial')");
    expect(script).toContain(String.raw`if ($typed -match "^(['` + '`' + String.raw`"])(.*)$") {`);
    expect(script).toContain("$partial = $rule[0] -eq 'partial' -or ($rule[0] -eq 'dynamic' -and $rule[1] -eq 'partial')");
    expect(script).toContain(`"'" { return "'" + ($text -replace "'", "''") + $close }`);
    expect(script).toContain(String.raw`default { return $text -replace '([\s#@$;,''{}()"` + '`' + String.raw`|<>&])', '` + '`' + "$1' }");
    expect(script).toContain('$text = "$prefix$(Format-Value $value[0])"');
    expect(script).toContain('if ($parts[0]) { ,@($parts[0], $parts[-1]) }');
    // Every block opened is closed.
    for (const [open, close] of [['{', '}'], ['(', ')']] as const) {
      expect(script.split(open).length, `${open} ${close}`).toBe(script.split(close).length);
    }
  });
});

describe('ipctl completion', () => {
  it('explains how to install each script, and edits no file', async () => {
    const result = await ipctl(['completion', '--help'], { env: { HOME: home.path } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    for (const line of [
      'ipctl completion bash > ~/.local/share/bash-completion/completions/ipctl',
      'source <(ipctl completion bash)',
      'ipctl completion zsh > "${fpath[1]}/_ipctl"',
      'ipctl completion fish > ~/.config/fish/completions/ipctl.fish',
      'ipctl completion powershell | Out-String | Invoke-Expression',
    ]) {
      expect(result.stdout).toContain(line);
    }
    const before = readdirSync(home.path).sort();
    const bash = await ipctl(['completion', 'bash'], { env: { HOME: home.path } });
    expect(bash.code).toBe(0);
    expect(readdirSync(home.path).sort()).toEqual(before);
  });

  it('rejects an unknown shell with exit 2', async () => {
    const result = await ipctl(['completion', 'tcsh']);
    expectFailed(result, 2, 'SHELL: must be one of bash, zsh, fish, powershell');
  });

  it('asks for the shell', async () => {
    const result = await ipctl(['completion']);
    expectFailed(result, 2, "Error: Missing required argument 'shell'.");
  });
});

describe('ipctl __complete', () => {
  const fixture = useFixture();

  it('answers profile names from the profile store, the current one described', async () => {
    const result = await ipctl(['__complete', '--profile', ''], { env: { IPCTL_CONFIG_DIR: home.env.IPCTL_CONFIG_DIR } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('default\nprod-eu\nstaging\tcurrent profile\n');
  });

  it('answers from the live command tree: subcommands, flags and values', async () => {
    const subcommands = await ipctl(['__complete', 'profile', 's']);
    expect(subcommands.stdout).toBe('show\tShow a profile (secrets redacted)\n');
    const flags = await ipctl(['__complete', 'invites', 'list', '--st']);
    expect(flags.stdout).toBe('--status\tonly invites in this status: pending, accepted, revoked, expired\n');
    const values = await ipctl(['__complete', 'invites', 'list', '--status', '']);
    expect(values.stdout).toBe('pending\naccepted\nrevoked\nexpired\n');
    const joined = await ipctl(['__complete', 'orgs', 'get', '--output=y']);
    expect(joined.stdout).toBe('--output=yaml\n');
    for (const result of [subcommands, flags, values, joined]) {
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    }
  });

  it('answers what follows the field of a search filter, and the shape of a filter before one', async () => {
    const field = await ipctl(['__complete', 'search', 'Contact', '--where', 'email']);
    expect(field.stdout).toBe('email=\tFIELD=VALUE\nemail eq \tFIELD eq VALUE\n');
    const operator = await ipctl(['__complete', 'search', 'Contact', '--where', 'email e']);
    expect(operator.stdout).toBe('email eq \tFIELD eq VALUE\n');
    // No value: a message, for the shells that can show one.
    const empty = await ipctl(['__complete', 'search', 'Contact', '--where', '']);
    expect(empty.stdout).toBe('\tFIELD=VALUE or "FIELD eq VALUE"\n');
    const value = await ipctl(['__complete', 'search', 'Contact', '--where', 'email=ada']);
    expect(value.stdout).toBe('');
    for (const result of [field, operator, empty, value]) {
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    }
  });

  it('sends nothing, needs no credential and never prompts', async () => {
    await fixture.clearRequests();
    const env = fixture.env({ IPCTL_API_KEY: undefined, IPCTL_TOKEN: undefined });
    for (const words of [['invites', 'list', '--status', ''], ['orgs', 'get', ''], ['profile', 'use', ''], ['auth', 'login', ''], ['search', 'Contact', '--where', 'email']]) {
      const result = await ipctl(['__complete', ...words], { env });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
    }
    expect(await fixture.requests()).toEqual([]);
  });

  it('stays silent when it cannot answer: an unreadable profile file, an unknown command', async () => {
    const broken = join(home.path, 'broken-config');
    mkdirSync(broken);
    writeFileSync(join(broken, 'config.json'), '{ not json');
    for (const words of [['--profile', ''], ['nosuch', 'command', ''], ['profile', 'use', '']]) {
      const result = await ipctl(['__complete', ...words], { env: { IPCTL_CONFIG_DIR: broken } });
      expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
  });

  it('completes a project name from the API in bash, and inserts it', async () => {
    // The sandbox's seed projects: demo (proj_demo) and marketing (proj_marketing).
    const env = { ...home.env, ...(fixture.env() as Record<string, string>) };
    const script = join(repoRoot, 'completions', 'ipctl.bash');
    const lines = ['ipctl auth status --project ', 'ipctl auth status --project mar'];
    const offers = await bashOffers(script, lines, env);
    expect(offered(offers, lines[0]!)).toEqual(['demo', 'marketing', 'proj_demo', 'proj_marketing']);
    const after = await afterTab('bash', script, [lines[1]!], env);
    expect(after.get(lines[1]!)).toBe('ipctl auth status --project marketing ');
  }, 120_000);

  it('is not listed in help, and is not suggested for a typo', async () => {
    const help = await ipctl(['--help']);
    expect(help.stdout).not.toContain('__complete');
    const typo = await ipctl(['__complet']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).not.toContain('__complete');
  });
});

describe('start-up of ipctl __complete', () => {
  it('loads, beyond the file that builds the command tree, no undici, conf, @inquirer or command module (for profile names, filter operators)', () => {
    // Timing is left to bench/startup.mjs; here, what the engine's file pulls in before it answers.
    // run.ts, which imports the engine when asked to complete, has loaded its own file already.
    const metafile = readMetafile();
    const engine = fileHolding(metafile, 'src/completion/engine.ts');
    const tree = fileHolding(metafile, 'src/run.ts');
    expect(engine).toBeDefined();
    expect(tree).toBeDefined();
    const loadedFirst = new Set(staticallyLoadedInputs(metafile, tree!));
    const inputs = staticallyLoadedInputs(metafile, engine!).filter((input) => !loadedFirst.has(input));
    expect(inputs).toContain('src/completion/engine.ts');
    for (const name of ['undici', '@inquirer']) expect(inputs.filter((input) => input.includes(`node_modules/${name}/`))).toEqual([]);
    expect(inputs).not.toContain('src/config/store.ts');
    expect(inputs.filter((input) => input.startsWith('src/commands/'))).toEqual([]);
    // The HTTP client comes with the values from the API, in a chunk of their own, loaded only when one is asked for.
    expect(inputs).not.toContain('src/completion/remote.ts');
    expect(inputs).not.toContain('src/api/client.ts');
    const remote = fileHolding(metafile, 'src/completion/remote.ts');
    expect(remote).toBeDefined();
    expect(staticallyLoadedInputs(metafile, remote!)).toContain('src/api/client.ts');
  });
});
