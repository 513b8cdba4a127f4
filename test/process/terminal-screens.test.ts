// A few table screens drawn in a real pseudo-terminal (util-linux `script`) by
// the built CLI: each must be the screen test/e2e/table-terminal.test.ts draws
// in-process for the same command, width and colors, so that the in-process
// terminal (stdout and stderr as one, isTTY, columns) stands for a real one.
// Below, the pager at a real terminal, and Ctrl-C under a bulk import's progress bar.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipctlBin, runIpctl, runIpctlInTerminal, tempDir } from '../helpers/cli.js';
import { useFaultProxy } from '../helpers/fault-proxy.js';
import { useHttpStubs } from '../helpers/http-stub.js';
import { ipctl, ipctlAtTerminal, runMain } from '../helpers/in-process.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { brokenTokens, reviewable, screenProblems, screenProfiles, sgr, tableCommands } from '../helpers/screens.js';
import { installed } from '../helpers/shells.js';
import { useWorkspace } from '../helpers/workspace.js';

const fixture = useFixture();

const argsOf = (name: string): string[] => tableCommands.find(([command]) => command === name)![1];

describe('a real terminal shows what the in-process one does', { timeout: 60_000 }, () => {
  it('has two profiles to list', async () => {
    // Added in-process: the profile list drawn below is the point, not how they were added.
    for (const name of screenProfiles) {
      const added = await ipctl(['profile', 'add', name, '--org', 'org_demo', '--project', 'proj_demo', '--base-url', fixture.sandbox.baseUrl], { env: fixture.env() });
      expect(added.code, added.stderr).toBe(0);
    }
  });

  it.each([
    // A record with color, a wide table cut to fit, stdout and stderr sharing the terminal, a table of stored profiles.
    ['providers get salesforce', { TERM: 'xterm-256color' }, 60],
    ['search', { TERM: 'xterm-256color' }, 80],
    ['connections generate', { TERM: 'xterm-256color', NO_COLOR: '1' }, 60],
    ['profile list', { TERM: 'xterm-256color' }, 120],
  ] as const)('%s %j at %i columns', async (name, env, columns) => {
    const real = await runIpctlInTerminal(argsOf(name), { env: fixture.env(env), columns });
    const screen = real.stdout.replace(/\r/g, '');
    expect(real.code, screen).toBe(0);
    expect(await screenProblems(screen, columns)).toEqual([]);
    const simulated = await ipctlAtTerminal(argsOf(name), { env: fixture.env(env), columns });
    expect(simulated.code, simulated.output).toBe(0);
    expect(reviewable(screen, fixture.sandbox.baseUrl)).toBe(reviewable(simulated.output, fixture.sandbox.baseUrl));
  });
});

describe('values whole at a real terminal, colour on, the pager off', { timeout: 60_000 }, () => {
  // README, Output: no ID, date, field path, URL or variable name is broken inside. Here the
  // built ipctl draws at a real pseudo-terminal; test/e2e/whole-values.test.ts checks every width in-process.
  const snowflakeNeeds = ['customAuth.account', 'customAuth.username', 'customAuth.password', 'customAuth.role', 'customAuth.warehouse', 'providerMetadata.database', 'providerMetadata.schema'];
  // The docs URL of the catalogue's snowflake account input (src/sandbox/seed-providers.ts: input data).
  const snowflakeDocs = 'https://docs.snowflake.com/en/user-guide/admin-account-identifier';
  // README, Environment variables.
  const variables = ['IPCTL_API_KEY', 'IPCTL_TOKEN', 'IPCTL_BASE_URL', 'IPCTL_SEARCH_URL', 'IPCTL_ORG'];

  async function invitesShown(): Promise<string[]> {
    const json = await runMain(['invites', 'list', '-o', 'json'], { env: fixture.env() });
    const invites = JSON.parse(json.stdout) as Array<{ createTime: string; id: string; invitedEmail: string }>;
    return invites.flatMap((invite) => [invite.createTime, invite.id, invite.invitedEmail]);
  }

  it.each([60, 80])('at %i columns: providers get snowflake, invites list and auth status', async (columns) => {
    const cases: Array<[string[], string[]]> = [
      [['providers', 'get', 'snowflake'], [...snowflakeNeeds, snowflakeDocs]],
      [['invites', 'list'], await invitesShown()],
      [['auth', 'status'], variables],
    ];
    for (const [args, values] of cases) {
      const real = await runIpctlInTerminal(args, { env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: '', NO_COLOR: undefined, FORCE_COLOR: undefined }), columns });
      const screen = real.stdout.replace(/\r/g, '');
      expect(real.code, screen).toBe(0);
      expect(sgr.test(screen), `colour on: ${args.join(' ')}`).toBe(true);
      expect(brokenTokens(screen, values), screen).toEqual([]);
    }
  });
});

describe('the pager at a real terminal', () => {
  // The pager, as the built ipctl runs it at a real pseudo-terminal: the output
  // goes through the command IPCTL_PAGER names (split into words, no shell), with
  // ipctl's colors and LESS=FRX; a pager that quits before reading everything
  // ends nothing in error; one that cannot be started leaves the output printed
  // directly, with one notice; in a pipe no pager runs; and `less` itself, given
  // Ctrl-C and then q, leaves the terminal as it found it. Below, Ctrl-C under a
  // bulk import's progress bar at a real terminal.
  const sgr = /\u001b\[[\d;]*m/;
  const epipe = /EPIPE|broken pipe|write after end|Error:/i;

  const fixture = useFixture();
  let scratch: { path: string; remove: () => void };
  let fakePager: string;

  beforeAll(() => {
    scratch = tempDir('ipctl-pager-');
    // Records its words, its LESS and what it is given; shows nothing.
    fakePager = join(scratch.path, 'fake-pager');
    writeFileSync(
      fakePager,
      `#!/bin/sh
dir=$(dirname "$0")
: > "$dir/argv"
for word in "$@"; do printf '%s\\n' "$word" >> "$dir/argv"; done
printf '%s' "\${LESS-(unset)}" > "$dir/less"
cat > "$dir/input"
`,
    );
    chmodSync(fakePager, 0o755);
  });
  afterAll(() => {
    scratch.remove();
  });

  const recorded = (name: string) => readFileSync(join(scratch.path, name), 'utf8');

  describe('IPCTL_PAGER at a terminal', () => {
    it('gets the output with its colors, its words split as a shell would, and LESS=FRX', async () => {
      const result = await runIpctlInTerminal(['providers', 'get', 'salesforce'], {
        env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: `${fakePager} -R --prompt 'two words'` }),
        columns: 80,
      });
      expect(result.code, result.stdout).toBe(0);
      expect(recorded('argv')).toBe('-R\n--prompt\ntwo words\n');
      expect(recorded('less')).toBe('FRX');
      const input = recorded('input');
      expect(input).toMatch(sgr);
      expect(input).toContain('Salesforce');
      expect(input).toContain('┌');
      // The fake pager shows nothing: what reached the terminal did not bypass it.
      expect(result.stdout).not.toContain('Salesforce');
    });

    it("leaves the user's LESS as it is, and pages JSON with its colors", async () => {
      const result = await runIpctlInTerminal(['orgs', 'get', 'org_demo', '-o', 'json'], {
        env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: fakePager, LESS: '-S' }),
      });
      expect(result.code, result.stdout).toBe(0);
      expect(recorded('less')).toBe('-S');
      expect(recorded('input')).toMatch(sgr);
      expect(recorded('input')).toContain('org_demo');
    });

    it('runs no pager when stdout is a pipe', async () => {
      const marker = join(scratch.path, 'input');
      writeFileSync(marker, 'untouched');
      const result = await runIpctl(['providers', 'get', 'salesforce'], { env: fixture.env({ IPCTL_PAGER: fakePager }) });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('salesforce');
      expect(recorded('input')).toBe('untouched');
    });

    it('with --no-pager, prints directly', async () => {
      writeFileSync(join(scratch.path, 'input'), 'untouched');
      const result = await runIpctlInTerminal(['providers', 'get', 'salesforce', '--no-pager'], {
        env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: fakePager }),
      });
      expect(result.code, result.stdout).toBe(0);
      expect(result.stdout).toContain('Salesforce');
      expect(recorded('input')).toBe('untouched');
    });
  });

  describe('a pager that quits before reading everything', () => {
    const stubs = useHttpStubs('all');

    // Far more than a pipe holds (64 KiB), so that ipctl is still writing when the pager has gone.
    const big = { id: 'o_big', label: 'x'.repeat(400_000) };

    it.each([
      ['`true`', 'true'],
      ['one that closes its input and lingers', `sh -c 'exec 0<&-; sleep 1'`],
    ])('%s: exit 0, and no EPIPE or error text', async (_name, pager) => {
      stubs.register('GET', '/orgs/o_big', { status: 200, json: big });
      const result = await runIpctlInTerminal(['orgs', 'get', 'o_big', '-o', 'json'], {
        env: { IPCTL_BASE_URL: stubs.baseUrl, IPCTL_TOKEN: 'tok_pager_e2e_0123456789', IPCTL_CONFIG_DIR: scratch.path, TERM: 'xterm-256color', IPCTL_PAGER: pager },
      });
      expect(result.code, result.stdout.slice(0, 2000)).toBe(0);
      expect(result.stdout).not.toMatch(epipe);
      expect(result.stdout).not.toContain('xxxxxxxxxx');
    });
  });

  describe('what ipctl says after the output', () => {
    it('comes once the pager has quit', async () => {
      const secret = join(scratch.path, 'queue-secret.txt');
      writeFileSync(secret, 'pager-test-secret-value-0123\n');
      // Reads everything, then takes its time before it quits and says so.
      const pager = `sh -c 'cat > /dev/null; sleep 0.5; echo PAGER-QUIT'`;
      const result = await runIpctlInTerminal(['destinations', 'patch', 'dest_sqs', '--project', 'demo', '--secret', `awsSecretKey=@${secret}`], {
        env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: pager }),
      });
      expect(result.code, result.stdout).toBe(0);
      const quit = result.stdout.indexOf('PAGER-QUIT');
      const said = result.stdout.indexOf('Updated secrets: awsSecretKey.');
      expect(quit, result.stdout).toBeGreaterThanOrEqual(0);
      expect(said, result.stdout).toBeGreaterThan(quit);
    });
  });

  describe('a pager that cannot be started', () => {
    it('leaves the output printed directly, colors and all, with one notice', async () => {
      const result = await runIpctlInTerminal(['providers', 'get', 'salesforce'], {
        env: fixture.env({ TERM: 'xterm-256color', IPCTL_PAGER: '/nonexistent/ipctl-pager -R' }),
      });
      expect(result.code, result.stdout).toBe(0);
      expect(result.stdout).toContain('Salesforce');
      expect(result.stdout).toMatch(sgr);
      const notices = result.stdout.split('\n').filter((line) => line.includes('/nonexistent/ipctl-pager'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/IPCTL_PAGER.*not found/);
    });
  });

  describe('less, the default', () => {
    const lessInstalled = installed('less');

    it.skipIf(!lessInstalled)('pages a long output; Ctrl-C, then q: exit 0 and the terminal as it was', async () => {
      const before = join(scratch.path, 'stty-before');
      const after = join(scratch.path, 'stty-after');
      // The shell outlives Ctrl-C (a trap, which ipctl does not inherit) to say how the terminal was left.
      // A 10-row terminal, so that the provider's record does not fit and less waits for keys.
      const script = `trap : INT; stty rows 10 cols 80; stty -g > ${before}; "$@"; code=$?; stty -g > ${after}; exit $code`;
      const session = await pagedInShell(script);
      expect(session.screen).not.toContain('(END)');
      session.send(keys.ctrlC);
      // Long enough for an ipctl that ended on Ctrl-C (it gives a command a second) to have left less behind.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // less is still there, and still has all of the output: G goes to its end.
      session.send('G');
      await session.expect('(END)');
      session.send('q');
      expect(await session.finish(), session.screen).toBe(0);
      expect(readFileSync(after, 'utf8')).toBe(readFileSync(before, 'utf8'));
    });

    it.skipIf(!lessInstalled)('SIGTERM to ipctl while less shows the output: less ends too, exit 143, the terminal as it was', async () => {
      const before = join(scratch.path, 'stty-before-term');
      const after = join(scratch.path, 'stty-after-term');
      const pidFile = join(scratch.path, 'ipctl-pid');
      const left = join(scratch.path, 'left-on-terminal');
      // ipctl in the background of a shell without job control: the same terminal, and a process ID to signal. Once it
      // has ended, the shell lists what still runs on the terminal (Node puts the terminal's settings back as it exits,
      // so they alone would not show a pager left behind).
      const script = `stty rows 10 cols 80; stty -g > ${before}; "$@" & echo $! > ${pidFile}; wait $!; code=$?; ps -o comm= -t "$(tty)" > ${left}; stty -g > ${after}; exit $code`;
      const session = await pagedInShell(script);
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
      expect(await session.finish(), session.screen).toBe(143);
      expect(readFileSync(left, 'utf8').split('\n').map((name) => name.trim())).not.toContain('less');
      expect(readFileSync(after, 'utf8')).toBe(readFileSync(before, 'utf8'));
    });
  });

  describe('Ctrl-C under a progress bar at a real terminal', () => {
    // Ctrl-C during a bulk import at a terminal of 60 and 80 columns, colour on and
    // off: the terminal echoes `^C` after the bar; the bar ends cleanly, drawn over
    // itself and the `^C`, and the summary is not preceded by a second bar line
    // (README, bulk import: "On a terminal a progress bar…"; exit 130, Exit codes).
    // What the terminal shows is replayed from what it was sent, as a terminal
    // would: a row wraps when a character is written past its last column.
    const fixture = useFixture();
    const work = useWorkspace('ipctl-progress-');
    const proxy = useFaultProxy(() => fixture.sandbox.baseUrl);

    /**
     * The rows a terminal of `columns` shows after `output`: printable characters
     * in place, `\r` to the row's start, `\n` to the next row, ESC[K erasing to the
     * end of the row, other escapes (colours) showing nothing. A character written
     * when the cursor is past the last column wraps onto the next row first.
     */
    function screenRows(output: string, columns: number): string[] {
      const rows: string[][] = [[]];
      let row = 0;
      let column = 0;
      for (let index = 0; index < output.length; index++) {
        const character = output[index]!;
        if (character === '\u001b') {
          const escape = /^\u001b(\[[0-9;?]*[A-Za-z]|[()][A-Z0-9]|[=>])/.exec(output.slice(index));
          if (escape?.[0] === '\u001b[K') rows[row]!.length = column;
          index += (escape?.[0].length ?? 1) - 1;
        } else if (character === '\r') {
          column = 0;
        } else if (character === '\n') {
          row += 1;
          column = 0;
          rows[row] ??= [];
        } else {
          if (column >= columns) {
            row += 1;
            column = 0;
            rows[row] ??= [];
          }
          rows[row]![column] = character;
          column += 1;
        }
      }
      return rows.map((cells) => Array.from(cells, (cell) => cell ?? ' ').join('').trimEnd());
    }

    function pipedriveRows(prefix: string, count: number): string {
      const rows = Array.from({ length: count }, (_, index) => JSON.stringify({ provider: 'pipedrive', groupRef: `${prefix}-${index}`, consumerRef: `u-${index}`, providerWorkspaceRef: 'acme', apiKey: `pk_progress_${index}` }));
      return `${rows.join('\n')}\n`;
    }

    async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }

    /** A bar line: the count of rows finished of the rows to send (docs/commands/connections-bulk.md, "Progress"). */
    const barLine = /\b\d[\d,]*\/1,500\b/;

    describe('Ctrl-C during a bulk import at a terminal', { timeout: 90_000 }, () => {
      for (const columns of [60, 80]) {
        for (const colour of ['on', 'off'] as const) {
          it(`at ${columns} columns, colour ${colour}: one bar line, no ^C left, then the summary`, async () => {
            const prefix = `ctrlc${columns}${colour}`;
            const input = join(work.path, `${prefix}.jsonl`);
            writeFileSync(input, pipedriveRows(prefix, 1500));
            // Some rows are created, then every request is held: the import waits with the bar drawn.
            proxy.setRule(({ n }) => (n <= 120 ? { kind: 'pass' } : { kind: 'hold' }));
            const env = fixture.env({ IPCTL_BASE_URL: proxy.baseUrl, PTY_COLUMNS: String(columns), ...(colour === 'off' ? { NO_COLOR: '1' } : { NO_COLOR: undefined, FORCE_COLOR: undefined }) });
            const session = new PtySession(['connections', 'generate', '--project', 'demo', '--from-file', input], env);
            try {
              await waitFor(() => proxy.heldCount() === 8, '8 held requests');
              await session.expect(/120\/1,500.* left/);
              session.send(keys.ctrlC);
              expect(await session.finish(30_000)).toBe(130);
            } finally {
              proxy.setRule(undefined);
              await proxy.release('drop');
            }
            expect(session.raw).toContain('^C');
            if (colour === 'off') expect(session.raw).not.toMatch(/\u001b\[[\d;]*m/);
            const rows = screenRows(session.raw, columns);
            const summaryAt = rows.findIndex((row) => /Interrupted/.test(row));
            expect(summaryAt, rows.join('\n')).toBeGreaterThan(0);
            const bars = rows.slice(0, summaryAt).filter((row) => barLine.test(row));
            expect(bars, rows.join('\n')).toHaveLength(1);
            expect(rows.filter((row) => row.includes('^C')), rows.join('\n')).toEqual([]);
          });
        }
      }
    });
  });
});

/**
 * `ipctl providers get salesforce` run by `sh -c script` ("$@" is ipctl), its output paged by
 * less; resolves once less shows its prompt, waiting for a key with the rest of the record not yet shown.
 */
async function pagedInShell(script: string): Promise<PtySession> {
  const session = new PtySession(['providers', 'get', 'salesforce'], fixture.env({ IPCTL_PAGER: undefined, PAGER: undefined, LESS: undefined }), ['sh', '-c', script, 'sh', process.execPath, ipctlBin]);
  await session.expect('Salesforce');
  await session.expect(/^:/m);
  return session;
}
