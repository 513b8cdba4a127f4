// The gate of a bulk import, on a clock that moves only when told: how many
// requests may be in flight after 429s (halved once per slow-down, grown back
// by one after as many successes as the limit, to --concurrency), the pause the
// service asked for, and --rate (evenly spaced requests, retries included).
// What is expected comes from docs/commands/connections-bulk.md ("Sending:
// concurrency and slowing down together", "--rate").
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { SendGate, type Ticket } from '../../src/connections/bulk/gate.js';
import type { ResultRecord, ResultsLog } from '../../src/connections/bulk/results.js';
import { type RowToSend, Sender } from '../../src/connections/bulk/send.js';
import type { ConnectionRequestBody } from '../../src/connections/request.js';
import { ApiError } from '../../src/errors.js';
import { ManualClock, settle } from '../helpers/manual-clock.js';

/** A slow-down answered to a request sent now: one new slow-down each time. */
async function slowDown(gate: SendGate, retryAfterMs = 0): Promise<void> {
  const ticket = (await gate.acquire()) as Ticket;
  gate.throttled(ticket, retryAfterMs);
  gate.release();
}

/** The most of `times` (ms) that fall in any window of `windowMs`, wherever it starts. */
function mostInAnyWindow(times: number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while ((times[last] as number) - (times[first] as number) >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** `workers` workers that each take a slot, note the time, and give it back at once, until stopped. */
function busyWorkers(gate: SendGate, clock: ManualClock, workers: number): number[] {
  const sent: number[] = [];
  for (let index = 0; index < workers; index++) {
    void (async () => {
      for (;;) {
        const ticket = await gate.acquire();
        if (!ticket) return;
        sent.push(clock.time);
        gate.succeeded();
        gate.release();
      }
    })();
  }
  return sent;
}

async function runFor(clock: ManualClock, ms: number, stepMs: number): Promise<void> {
  await settle();
  for (let passed = 0; passed < ms; passed += stepMs) await clock.advance(stepMs);
}

describe('the gate after 429s: multiplicative decrease, additive increase', () => {
  it('halves the limit once per slow-down: 8, 4, 2, 1, and never below 1', async () => {
    const gate = new SendGate(8, new ManualClock());
    const limits = [gate.limit];
    for (let round = 0; round < 4; round++) {
      await slowDown(gate);
      limits.push(gate.limit);
    }
    expect(limits).toEqual([8, 4, 2, 1, 1]);
  });

  it('halves once for all the requests that were in flight together, not once each', async () => {
    const gate = new SendGate(8, new ManualClock());
    const tickets = (await Promise.all(Array.from({ length: 8 }, () => gate.acquire()))) as Ticket[];
    for (const ticket of tickets) gate.throttled(ticket, 0);
    expect(gate.limit).toBe(4);
  });

  it('grows back by one after as many successes as the current limit, to --concurrency and no further', async () => {
    const gate = new SendGate(8, new ManualClock());
    for (let round = 0; round < 3; round++) await slowDown(gate);
    expect(gate.limit).toBe(1);
    // From 1: one success to reach 2, two more to reach 3, … seven more to reach 8.
    const risesAt: number[] = [];
    for (let success = 1; success <= 28; success++) {
      const before = gate.limit;
      gate.succeeded();
      if (gate.limit > before) risesAt.push(success);
    }
    expect(risesAt).toEqual([1, 3, 6, 10, 15, 21, 28]);
    expect(gate.limit).toBe(8);
    for (let success = 0; success < 500; success++) gate.succeeded();
    expect(gate.limit).toBe(8);
  });

  it('starts counting successes over after a slow-down: what was won back is halved, then regrown one at a time', async () => {
    const gate = new SendGate(8, new ManualClock());
    await slowDown(gate);
    expect(gate.limit).toBe(4);
    for (let success = 0; success < 3; success++) gate.succeeded();
    expect(gate.limit).toBe(4);
    await slowDown(gate);
    expect(gate.limit).toBe(2);
    gate.succeeded();
    expect(gate.limit).toBe(2);
    gate.succeeded();
    expect(gate.limit).toBe(3);
  });

  it('a halved limit lets a new request start only once fewer than the limit are in flight, and gives the slots back as it grows', async () => {
    const gate = new SendGate(4, new ManualClock());
    const tickets = (await Promise.all(Array.from({ length: 4 }, () => gate.acquire()))) as Ticket[];
    gate.throttled(tickets[0] as Ticket, 0);
    gate.release();
    expect(gate.limit).toBe(2);
    let started = 0;
    for (let index = 0; index < 3; index++) void gate.acquire().then(() => (started += 1));
    await settle();
    // Three still in flight, the limit 2: none starts until two of them end.
    expect(started).toBe(0);
    gate.succeeded();
    gate.release();
    await settle();
    expect(started).toBe(0);
    gate.succeeded();
    gate.release();
    await settle();
    // The two successes grew the limit to 3, and one request is in flight: two may start.
    expect(gate.limit).toBe(3);
    expect(started).toBe(2);
  });

  it('lets no request through before the Retry-After has passed, however many slots are free, then every waiting one', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock, () => 0.5);
    const ticket = (await gate.acquire()) as Ticket;
    // The pause is the Retry-After itself, not the backoff (which would be 0.5 s here).
    expect(gate.throttled(ticket, 2500)).toBe(2500);
    gate.release();
    let started = 0;
    for (let index = 0; index < 4; index++) void gate.acquire().then(() => (started += 1));
    await clock.advance(2499);
    expect(started).toBe(0);
    expect(gate.pausedUntil).toBe(clock.time + 1);
    await clock.advance(1);
    expect(started).toBe(4);
    expect(gate.pausedUntil).toBe(0);
  });

  it('keeps the later of two pauses: a shorter Retry-After does not end a longer one early', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock);
    const [first, second] = (await Promise.all([gate.acquire(), gate.acquire()])) as Ticket[];
    gate.throttled(first as Ticket, 5000);
    expect(gate.throttled(second as Ticket, 1000)).toBe(5000);
    let started = false;
    void gate.acquire().then(() => (started = true));
    await clock.advance(4999);
    expect(started).toBe(false);
    await clock.advance(1);
    expect(started).toBe(true);
  });
});

describe('the gate with --rate', () => {
  /** Eight busy workers through a gate of --rate 10 for `ms`, timers firing every `stepMs`; the gate stopped and settled after. */
  async function eightWorkersAt10PerSecond(ms: number, stepMs: number): Promise<{ gate: SendGate; sent: number[] }> {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock, Math.random, 10);
    const sent = busyWorkers(gate, clock, 8);
    await runFor(clock, ms, stepMs);
    gate.stop();
    await settle();
    return { gate, sent };
  }

  it('lets requests through evenly spaced, 1000/rate ms apart, however many workers wait', async () => {
    const { gate, sent } = await eightWorkersAt10PerSecond(3000, 1);
    // At 0, 100, …, 3000 ms: 31 requests in 3 s, never more than 10 in any second.
    expect(sent).toHaveLength(31);
    expect(sent.slice(1).map((time, index) => time - (sent[index] as number))).toEqual(Array.from({ length: 30 }, () => 100));
    expect(mostInAnyWindow(sent, 1000)).toBe(10);
    expect(gate.requests).toBe(31);
  });

  it('on a busy event loop (waking late), lets the next requests make up a little, never more than the rate and one in any second', async () => {
    // Timers fire only every 37 ms.
    const { sent } = await eightWorkersAt10PerSecond(10_000, 37);
    expect(mostInAnyWindow(sent, 1000)).toBeLessThanOrEqual(11);
    // Over 10 s, the lateness is mostly made up: close to 10 a second.
    expect(sent.length).toBeGreaterThanOrEqual(90);
  });

  it('counts a request sent again after a 429 as a request: it waits its turn', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock, Math.random, 2);
    const first = (await gate.acquire()) as Ticket;
    gate.throttled(first, 0);
    gate.release();
    let again: Ticket | undefined;
    void gate.acquire().then((ticket) => (again = ticket));
    await clock.advance(499);
    expect(again).toBeUndefined();
    await clock.advance(1);
    expect(again).toBeDefined();
    expect(gate.requests).toBe(2);
  });

  it('adds the pause the service asks for: nothing during it, then evenly spaced again', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock, Math.random, 10);
    const start = clock.time;
    const sent = busyWorkers(gate, clock, 4);
    await runFor(clock, 250, 1);
    // Sent at 0, 100 and 200 ms; a 429 at 250 ms asks for 1 s.
    gate.throttled({ epoch: 0 }, 1000);
    await runFor(clock, 1500, 1);
    gate.stop();
    await settle();
    expect(sent.map((time) => time - start)).toEqual([0, 100, 200, 1250, 1350, 1450, 1550, 1650, 1750]);
  });

  it('without a rate, lets every free slot through at once', async () => {
    const gate = new SendGate(8, new ManualClock());
    const tickets = await Promise.all(Array.from({ length: 8 }, () => gate.acquire()));
    expect(tickets.every((ticket) => ticket !== undefined)).toBe(true);
    expect(gate.requests).toBe(8);
  });
});

describe('a row answered 429, through the sender and the gate', () => {
  /** A service that answers the first `limited` requests 429 with `Retry-After: retryAfter`, then creates; it notes when each came. */
  function service(clock: ManualClock, limited: number, retryAfter: string) {
    const calls: number[] = [];
    const api = {
      async call() {
        calls.push(clock.time);
        if (calls.length <= limited) throw new ApiError(429, { title: 'Too Many Requests', status: 429 }, 'req_1', retryAfter);
        return { id: `conn_${calls.length}` };
      },
    } as unknown as ApiClient;
    return { api, calls };
  }

  async function* rows(count: number): AsyncGenerator<RowToSend> {
    for (let line = 1; line <= count; line++) yield { line, body: { provider: 'pipedrive' } as unknown as ConnectionRequestBody, identity: { provider: 'pipedrive', groupRef: `g${line}`, consumerRef: 'u' } };
  }

  const log = { write: (_record: ResultRecord) => undefined, append: (_records: ResultRecord[]) => undefined, started: async () => undefined } as unknown as ResultsLog;

  it('is sent again once the Retry-After has passed, not before, and the limit is halved meanwhile', async () => {
    const clock = new ManualClock();
    const start = clock.time;
    const gate = new SendGate(4, clock);
    const { api, calls } = service(clock, 1, '2');
    const sender = new Sender({ api, project: 'demo', gate, log, now: () => new Date(clock.time), maxWaitMs: 60_000 });
    const done = sender.run(rows(1), 1);
    await settle();
    expect(calls).toEqual([start]);
    expect(gate.limit).toBe(2);
    await clock.advance(1999);
    expect(calls).toHaveLength(1);
    await clock.advance(1);
    await done;
    expect(calls).toEqual([start, start + 2000]);
    expect(sender.counts).toMatchObject({ created: 1, failed: 0, retries: 1 });
    // One success at a limit of 2 does not yet win a slot back.
    expect(gate.limit).toBe(2);
  });

  it('waits each Retry-After while the row has budget left, and stops the run at once when asked to wait longer (exit 5)', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(4, clock);
    const { api, calls } = service(clock, 5, '20');
    const sender = new Sender({ api, project: 'demo', gate, log, now: () => new Date(clock.time), maxWaitMs: 50_000 });
    const done = sender.run(rows(3), 1);
    // 20 s, then 20 s more: 40 of the 50 s budget; a third wait of 20 s would pass it.
    for (let step = 0; step < 50; step++) await clock.advance(1000);
    await done;
    expect(calls).toHaveLength(3);
    expect(sender.counts).toMatchObject({ created: 0, failed: 1, retries: 2 });
    expect(sender.stopError?.exitCode).toBe(5);
  });
});
