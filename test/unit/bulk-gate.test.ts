import { describe, expect, it } from 'vitest';
import { SendGate } from '../../src/connections/bulk/gate.js';
import { ManualClock, settle } from '../helpers/manual-clock.js';

describe('SendGate', () => {
  it('gives out at most `max` slots, and the next one when a slot is released', async () => {
    const gate = new SendGate(2, new ManualClock());
    const first = await gate.acquire();
    const second = await gate.acquire();
    expect(first && second).toBeTruthy();
    let third: unknown;
    void gate.acquire().then((ticket) => (third = ticket));
    await settle();
    expect(third).toBeUndefined();
    gate.release();
    await settle();
    expect(third).toEqual({ epoch: 0 });
  });

  it('pauses every worker until the Retry-After has passed, and halves the limit once per slow-down', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(8, clock);
    const tickets = await Promise.all(Array.from({ length: 8 }, () => gate.acquire()));
    // Three requests in flight together are all throttled: one slow-down, not three.
    for (const ticket of tickets.slice(0, 3)) {
      gate.throttled(ticket!, 2000);
      gate.release();
    }
    expect(gate.limit).toBe(4);
    expect(gate.pausedUntil).toBe(clock.time + 2000);
    let got = 0;
    for (let index = 0; index < 3; index++) void gate.acquire().then(() => (got += 1));
    await clock.advance(1999);
    expect(got).toBe(0);
    // Five of the eight are still in flight: the limit of 4 lets none start until two finish.
    await clock.advance(1);
    expect(got).toBe(0);
    gate.release();
    gate.release();
    await settle();
    expect(got).toBe(1);
  });

  it('halves again for a request sent after the slow-down, and wins slots back on successes', async () => {
    const gate = new SendGate(4, new ManualClock());
    const before = (await gate.acquire())!;
    gate.throttled(before, 0);
    gate.release();
    expect(gate.limit).toBe(2);
    const after = (await gate.acquire())!;
    gate.throttled(after, 0);
    gate.release();
    expect(gate.limit).toBe(1);
    // Slots come back one per `limit` successes.
    gate.succeeded();
    expect(gate.limit).toBe(2);
    gate.succeeded();
    gate.succeeded();
    expect(gate.limit).toBe(3);
    for (let index = 0; index < 10; index++) gate.succeeded();
    expect(gate.limit).toBe(4);
  });

  it('backs off exponentially without a Retry-After, capped', () => {
    const clock = new ManualClock();
    const gate = new SendGate(4, clock, () => 0.5);
    const ticket = { epoch: 99 };
    expect(gate.throttled(ticket, undefined)).toBe(500);
    clock.time += 10_000;
    expect(gate.throttled(ticket, undefined)).toBe(1000);
    for (let index = 0; index < 10; index++) {
      clock.time += 100_000;
      gate.throttled(ticket, undefined);
    }
    clock.time += 100_000;
    expect(gate.throttled(ticket, undefined)).toBe(30_000);
    gate.succeeded();
    clock.time += 100_000;
    expect(gate.throttled(ticket, undefined)).toBe(500);
  });

  it('stop() answers every waiting worker with undefined, even during a pause', async () => {
    const clock = new ManualClock();
    const gate = new SendGate(1, clock);
    const held = (await gate.acquire())!;
    gate.throttled(held, 60_000);
    const waiting = [gate.acquire(), gate.acquire()];
    await settle();
    gate.stop();
    expect(await Promise.all(waiting)).toEqual([undefined, undefined]);
    expect(await gate.acquire()).toBeUndefined();
  });
});
