// Every API command against every fault the sandbox can inject, in-process
// (main() with test streams, against a real sandbox on 127.0.0.1): what only a
// process shows is left to the other end-to-end tests. What a command
// must do follows from its retry mode, written by hand in helpers/commands.ts from
// the README: a `safe` one retries and succeeds, a `beforeSend` one stops at once,
// since the request reached the server. Waits before a retry take no time (a
// test clock); test/e2e/retries.test.ts waits for a real Retry-After. A
// --timeout on an answer that never comes is not waited either: its timer
// fires once the sandbox holds the request (test/fuzz/numbers-urls.test.ts and
// the spawned runs wait real ones).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { apiCommands, createConnection, prepareRun } from '../helpers/commands.js';
import { faultCases } from '../helpers/fault-cases.js';
import { runMain, type TestClock, testClock } from '../helpers/in-process.js';
import { until } from '../helpers/until.js';
import { type Clock, systemClock, type TimerHandle } from '../../src/host-clock.js';
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

/**
 * The host's timers on `clock`, but those of `timeoutMs` (each request's --timeout) are not waited:
 * one fires as soon as the sandbox holds a hung request of `operation` that no timer has fired for
 * yet (the commands send one request at a time); the others are cleared when their answer comes.
 * `fired` counts the timeouts acted on.
 */
function timeoutsOnHungRequests(clock: TestClock, operation: string, timeoutMs: number): { clock: Clock; fired: () => number } {
  const system = systemClock(clock.now, clock.sleep);
  const mine = new Set<TimerHandle>();
  const cleared = new Set<TimerHandle>();
  let fired = 0;
  const hung = () => fixture.sandbox.state.requestLog.filter((entry) => entry.operation === operation && entry.fault === 'hang').length;
  const setTimeout: Clock['setTimeout'] = (fn, ms, options) => {
    if (ms !== timeoutMs) return system.setTimeout(fn, ms, options);
    const handle: TimerHandle = {};
    mine.add(handle);
    const fire = () => {
      if (cleared.has(handle)) return;
      fired += 1;
      fn();
    };
    // A timer still set when the run ends is let go, as a real one would be.
    until(() => cleared.has(handle) || hung() > fired, `a hung request of ${operation}`).then(fire, () => undefined);
    return handle;
  };
  const clearTimeout: Clock['clearTimeout'] = (handle) => (mine.has(handle) ? void cleared.add(handle) : system.clearTimeout(handle));
  return { clock: { ...system, setTimeout, clearTimeout }, fired: () => fired };
}

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
    // The fault's --timeout: a timer of that length for each attempt, fired once the sandbox holds the request.
    const flags = fault.flags ?? [];
    const timeoutMs = flags.includes('--timeout') ? Number(flags[flags.indexOf('--timeout') + 1]) * 1000 : undefined;
    const hangs = fault.steps.some((step) => step.kind === 'hang');
    const timers = hangs && timeoutMs !== undefined ? timeoutsOnHungRequests(clock, row.operation, timeoutMs) : undefined;
    const result = await runMain([...prepareRun(row, work.path, connection), ...(fault.flags ?? [])], {
      env: fixture.env({ IPCTL_RETRY_BACKOFF: '0.02', ...fault.env, ...row.env }),
      stdin: row.input,
      clock,
      hostClock: timers?.clock,
    });

    const sent = (await fixture.requests()).filter((entry) => entry.operation === row.operation);
    expect(sent.length).toBe(expected.attempts);
    // Each hung attempt was ended by its --timeout.
    if (timers) expect(timers.fired()).toBe(sent.filter((entry) => entry.fault === 'hang').length);
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
