// Every API command against every fault the sandbox can inject, in-process
// (main() with test streams, against a real sandbox on 127.0.0.1): what only a
// process shows is left to the other end-to-end tests. What a command
// must do follows from its retry mode, written by hand in helpers/commands.ts from
// the README: a `safe` one retries and succeeds, a `beforeSend` one stops at once,
// since the request reached the server. Waits before a retry take no time (a
// test clock); test/e2e/retries.test.ts waits for a real Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { apiCommands, createConnection, prepareRun } from '../helpers/commands.js';
import { faultCases } from '../helpers/fault-cases.js';
import { runMain, testClock } from '../helpers/in-process.js';
import { useFixture } from '../helpers/sandbox.js';

const fixture = useFixture({ clearFaults: true });
let work: ReturnType<typeof tempDir>;

beforeAll(() => {
  work = tempDir();
});
afterAll(() => {
  work.remove();
});

/** What each command prints on stderr when all goes well: retries that succeed add nothing to it. */
const quietStderr = new Map<string, string>();
beforeAll(async () => {
  for (const row of apiCommands) {
    const connection = row.needsConnection ? await createConnection(fixture.env()) : undefined;
    const result = await runMain(prepareRun(row, work.path, connection), { env: fixture.env(row.env), stdin: row.input });
    expect(result.code, `${row.name} without faults: ${result.stderr}`).toBe(row.successExit);
    quietStderr.set(row.name, result.stderr);
  }
}, 120_000);

const rows = apiCommands.flatMap((row) => faultCases.map((fault) => [row.name, fault.name, row, fault] as const));

describe('API commands under injected faults', () => {
  it.each(rows)('%s: %s', async (_command, _fault, row, fault) => {
    const mode = row.retry;
    const expected = fault.expect[mode];
    const quiet = expected.exit === 'success' ? quietStderr.get(row.name) : '';
    const connection = row.needsConnection ? await createConnection(fixture.env()) : undefined;
    await fixture.clearRequests();
    await fixture.addFaults({ [row.operation]: fault.steps });
    const clock = testClock();
    const result = await runMain([...prepareRun(row, work.path, connection), ...(fault.flags ?? [])], {
      env: fixture.env({ IPCTL_RETRY_BACKOFF: '0.02', ...fault.env, ...row.env }),
      stdin: row.input,
      clock,
    });

    const sent = (await fixture.requests()).filter((entry) => entry.operation === row.operation);
    expect(sent.length).toBe(expected.attempts);
    // One wait before each retry; the one the server asked for, where it asked.
    expect(clock.waits.length).toBe(expected.attempts - 1);
    if (expected.waits) expect(clock.waits).toEqual(expected.waits);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    const succeeded = expected.exit === 'success';
    expect(result.code).toBe(succeeded ? row.successExit : expected.exit);
    // Success: the output, and stderr as without faults. Failure: no output, and an error saying what happened.
    expect(result.stdout === '').toBe(!succeeded);
    expect(succeeded ? result.stderr : result.stderr.slice(0, 'Error: '.length)).toBe(succeeded ? quiet : 'Error: ');
    // The last request the server saw was answered normally exactly when the command succeeded.
    expect(sent.at(-1)?.fault === undefined).toBe(succeeded);
    for (const pattern of succeeded ? [] : (expected.stderr ?? [])) expect(result.stderr).toMatch(pattern);
  });
});
