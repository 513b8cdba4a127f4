// The run lock of a bulk import (src/config/run-lock.ts) in generated worlds:
// machines sharing one disk (the simulation's), processes that live, die or
// whose ID is given again, a wall clock that jumps either way while timers
// keep real (monotonic) time. The expected outcome of each world is written
// from the rule docs/commands/connections-bulk.md states ("One run per results
// file"), not from the code:
// - a lock whose run is alive (it refreshes it every 5 s) is never taken over;
// - on the reader's machine, a lock whose process is gone, or whose ID another
//   process has (another start time, where the machine tells start times), is
//   taken over at once;
// - a lock naming no process (empty, or cut short) is taken over once its file
//   is more than a second from the reader's clock;
// - a lock written by an earlier version (no heartbeat) is taken over only when
//   its process is gone from the reader's machine;
// - otherwise it is taken over when its last heartbeat is more than 30 s from
//   the reader's clock (either way), and it does not change while watched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LockHost } from '../../src/config/lock.js';
import { type RunLock, takeRunLock } from '../../src/config/run-lock.js';
import type { Processes } from '../../src/deps.js';
import type { Clock, TimerHandle } from '../../src/host-clock.js';
import { type DiskFault, SimDisk } from '../simulation/disk.js';
import { fuzzParameters } from './arbitraries.js';

const results = '/sim/rows.results.jsonl';
const lockPath = `${results}.lock`;
const start = Date.UTC(2026, 0, 1);

interface Timer {
  at: number;
  every?: number;
  fn: () => void;
  proc: Proc;
}

interface Proc {
  host: string;
  pid: number;
  started: number;
  alive: boolean;
  /** Wall-clock times at which its repeating timer (the heartbeat) fired. */
  beats: number[];
}

/** Machines sharing a disk; `tellsStart` says which can tell a process's start time (Linux) and which cannot. */
class World {
  trueTime = 0;
  offset = start;
  readonly disk = new SimDisk();
  readonly procs: Proc[] = [];
  #timers: Timer[] = [];
  #nextStart = 1_000;

  constructor(readonly tellsStart: Record<string, boolean>) {}

  wall(): number {
    return this.trueTime + this.offset;
  }

  spawn(host: string, pid: number): Proc {
    const proc = { host, pid, started: (this.#nextStart += 137), alive: true, beats: [] };
    this.procs.push(proc);
    return proc;
  }

  kill(proc: Proc): void {
    proc.alive = false;
  }

  /** The host a process sees: the shared disk, the wall clock, timers that run while it lives, and the processes of its machine. */
  hostOf(proc: Proc, faults: DiskFault[] = []): LockHost {
    const world = this;
    const add = (timer: Timer): TimerHandle => (world.#timers.push(timer), timer);
    const clear = (handle: TimerHandle): void => void (world.#timers = world.#timers.filter((timer) => timer !== handle));
    const clock: Clock = {
      now: () => world.wall(),
      setTimeout: (fn, ms) => add({ at: world.trueTime + ms, fn, proc }),
      clearTimeout: clear,
      setInterval: (fn, ms) => add({ at: world.trueTime + ms, every: ms, fn: () => (proc.beats.push(world.wall()), fn()), proc }),
      clearInterval: clear,
      sleep: (ms, signal) =>
        new Promise((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason);
          add({ at: world.trueTime + ms, fn: () => resolve(), proc });
        }),
    };
    const running = (pid: number): Proc | undefined => world.procs.find((other) => other.alive && other.host === proc.host && other.pid === pid);
    const processes: Processes = {
      pid: proc.pid,
      hostname: proc.host,
      isRunning: (pid) => running(pid) !== undefined,
      startTime: (pid) => (world.tellsStart[proc.host] ? running(pid)?.started : undefined),
    };
    return { fs: this.disk.host(() => world.wall(), () => {}, faults), clock, processes };
  }

  /** Time passes: each living process's timers fire in order, and what they started runs. */
  async advance(ms: number): Promise<void> {
    const until = this.trueTime + ms;
    for (;;) {
      const next = this.#next();
      if (!next || next.at > until) break;
      await this.#fire(next);
    }
    this.trueTime = until;
  }

  /** Runs `work` to its end, time passing as its waits (and everyone's heartbeats) need. */
  async drive<T>(work: Promise<T>): Promise<T> {
    let done: { value: T } | { error: unknown } | undefined;
    work.then((value) => (done = { value }), (error: unknown) => (done = { error }));
    for (let fired = 0; ; fired++) {
      await settle();
      if (done) {
        if ('error' in done) throw done.error;
        return done.value;
      }
      const next = this.#next();
      if (!next || fired > 10_000) throw new Error('the run waits for nothing: it would hang');
      await this.#fire(next);
    }
  }

  #next(): Timer | undefined {
    return this.#timers.filter((timer) => timer.proc.alive).sort((a, b) => a.at - b.at)[0];
  }

  async #fire(timer: Timer): Promise<void> {
    this.trueTime = Math.max(this.trueTime, timer.at);
    if (timer.every) timer.at += timer.every;
    else this.#timers = this.#timers.filter((other) => other !== timer);
    timer.fn();
    await settle();
  }
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

type Written = 'current' | 'old' | 'empty' | 'torn';
type Fate = 'alive' | 'dead' | 'reused';

interface Setting {
  written: Written;
  ownerElsewhere: boolean;
  fate: Fate;
  heldForMs: number;
  deadForMs: number;
  /** The wall clock jumps by this much (either way), while the lock is held or just before the reader looks. */
  jumpMs: number;
  jumpAt: 'none' | 'while-held' | 'before-reader';
  tellsStartHere: boolean;
  tellsStartThere: boolean;
  tear: number;
  readerPid: number;
}

const duration = fc.oneof(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 4 * 3_600_000 }));

const settings: fc.Arbitrary<Setting> = fc.record({
  written: fc.constantFrom<Written>('current', 'current', 'old', 'empty', 'torn'),
  ownerElsewhere: fc.boolean(),
  fate: fc.constantFrom<Fate>('alive', 'dead', 'reused'),
  heldForMs: duration,
  deadForMs: duration,
  jumpMs: fc.oneof(fc.integer({ min: -60_000, max: 60_000 }), fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 })),
  jumpAt: fc.constantFrom<Setting['jumpAt']>('none', 'while-held', 'before-reader'),
  tellsStartHere: fc.boolean(),
  tellsStartThere: fc.boolean(),
  tear: fc.double({ min: 0, max: 1, noNaN: true }),
  readerPid: fc.constantFrom(4242, 5001, 5002),
});

/** What the world is when the reader comes, and what the rule says it must find. */
interface Scene {
  world: World;
  owner: Proc;
  /** Whether a reader on `machine` must take the lock over. */
  expectTaken: (machine: string) => boolean;
}

/** The owner takes the lock (or leaves one as an earlier version, or a writer dying at once, would), lives or dies, and time passes. */
async function stage(setting: Setting): Promise<Scene> {
  const { written, ownerElsewhere } = setting;
  const fate: Fate = written === 'empty' || written === 'torn' ? 'dead' : ownerElsewhere && setting.fate === 'reused' ? 'dead' : setting.fate;
  const world = new World({ here: setting.tellsStartHere, there: setting.tellsStartThere });
  const owner = world.spawn(ownerElsewhere ? 'there' : 'here', 4242);
  const createdAt = world.wall();
  if (written === 'current') {
    const lock = await world.drive(takeRunLock(world.hostOf(owner), results));
    expect('release' in lock).toBe(true);
  } else {
    const record = JSON.stringify({ pid: owner.pid, host: owner.host, time: new Date(createdAt).toISOString() });
    const text = written === 'old' ? record : written === 'empty' ? '' : record.slice(0, 1 + Math.floor(setting.tear * (record.length - 2)));
    world.disk.put(lockPath, Buffer.from(text), createdAt);
  }
  const jump = (at: Setting['jumpAt']): void => {
    if (setting.jumpAt === at) world.offset += setting.jumpMs;
  };
  await world.advance(setting.heldForMs / 2);
  jump('while-held');
  await world.advance(setting.heldForMs / 2);
  if (fate !== 'alive') {
    world.kill(owner);
    if (fate === 'reused') world.spawn(owner.host, owner.pid);
    await world.advance(setting.deadForMs);
  }
  jump('before-reader');
  // Judged as the reader finds it when it comes, now: its watch moves the clock on.
  const now = world.wall();
  return { world, owner, expectTaken: (machine) => fate !== 'alive' && abandoned(setting, fate, now, world, owner, createdAt, machine) };
}

/** The documented rule, for an owner that is not running: is its lock abandoned when a reader on `machine` looks at `now`? */
function abandoned(setting: Setting, fate: Fate, now: number, world: World, owner: Proc, createdAt: number, machine: string): boolean {
  if (setting.written === 'empty' || setting.written === 'torn') return Math.abs(now - createdAt) > 1000;
  const sameMachine = owner.host === machine;
  if (sameMachine && fate === 'dead') return true;
  if (setting.written === 'old') return false;
  if (sameMachine && fate === 'reused' && world.tellsStart[machine]) return true;
  const lastBeat = owner.beats.at(-1) ?? createdAt;
  return Math.abs(now - lastBeat) > 30_000;
}

function describeSetting(setting: Setting, scene: Scene): string {
  return `${JSON.stringify(setting)}; owner beats ${scene.owner.beats.length}, last at wall ${scene.owner.beats.at(-1)}; reader at wall ${scene.world.wall()}`;
}

// Hours of heartbeats are thousands of timers a world: generous time, for FUZZ_RUNS_FACTOR and a loaded machine.
describe('the run lock, in generated worlds', { timeout: 300_000 }, () => {
  it("a live run's lock is never taken over, whatever its age; an abandoned one always is, and its taker then holds it", async () => {
    await fc.assert(
      fc.asyncProperty(settings, async (setting) => {
        const scene = await stage(setting);
        const { world } = scene;
        const before = world.disk.read(lockPath)?.toString('utf8');
        const reader = world.spawn('here', setting.readerPid === 4242 && !setting.ownerElsewhere ? 5003 : setting.readerPid);
        const expectTaken = scene.expectTaken('here');
        const said = describeSetting(setting, scene);
        const outcome = await world.drive(takeRunLock(world.hostOf(reader), results));
        expect('release' in outcome, said).toBe(expectTaken);
        const text = world.disk.read(lockPath)?.toString('utf8') ?? '';
        if (!expectTaken) {
          // Left as it was, or refreshed by its owner since.
          expect(text.startsWith(before!.slice(0, before!.indexOf('"time"'))) || text === before, said).toBe(true);
          return;
        }
        // The reader holds it, and keeps it refreshed: a minute later its heartbeat is at most 5 s old.
        expect(JSON.parse(text), said).toMatchObject({ pid: reader.pid, host: 'here' });
        await world.advance(60_000);
        const heartbeat = Date.parse((JSON.parse(world.disk.read(lockPath)!.toString('utf8')) as { heartbeat: string }).heartbeat);
        expect(world.wall() - heartbeat, said).toBeLessThanOrEqual(5_000);
        (outcome as RunLock).release();
        expect(world.disk.read(lockPath), said).toBeUndefined();
      }),
      fuzzParameters(400),
    );
  });

  it('of two runs racing for one lock (none, abandoned or live), exactly one wins when it is free or abandoned, none when it is live', async () => {
    await fc.assert(
      fc.asyncProperty(settings, fc.boolean(), fc.boolean(), async (setting, noLock, secondElsewhere) => {
        const scene = noLock ? { world: new World({ here: setting.tellsStartHere, there: setting.tellsStartThere }), expectTaken: () => true } : await stage(setting);
        const { world } = scene;
        const first = world.spawn('here', 6001);
        const second = world.spawn(secondElsewhere ? 'there' : 'here', 6002);
        // Free or abandoned in the eyes of either: one of them takes it, and the other finds it held.
        const expectTaken = scene.expectTaken(first.host) || scene.expectTaken(second.host);
        const outcomes = await world.drive(Promise.all([takeRunLock(world.hostOf(first), results), takeRunLock(world.hostOf(second), results)]));
        const winners = outcomes.filter((outcome) => 'release' in outcome);
        expect(winners.length, JSON.stringify({ setting, noLock, secondElsewhere })).toBe(expectTaken ? 1 : 0);
      }),
      fuzzParameters(200),
    );
  });
});

describe('the heartbeat', () => {
  const heartbeatOf = (world: World): number => Date.parse((JSON.parse(world.disk.read(lockPath)!.toString('utf8')) as { heartbeat: string }).heartbeat);

  it('that cannot be written is said once; the run keeps its lock, and the next beat that can be written refreshes it', async () => {
    const world = new World({ here: true, there: true });
    const owner = world.spawn('there', 4242);
    const said: string[] = [];
    // The 1st write creates the lock; the 2nd to 4th (the beats at 5, 10 and 15 s) fail as on a full disk.
    const faults: DiskFault[] = [2, 3, 4].map((nth) => ({ call: 'write', nth, kind: 'enospc' }));
    const lock = await world.drive(takeRunLock(world.hostOf(owner, faults), results, { warn: (line) => said.push(line) }));
    await world.advance(16_000);
    expect(said).toEqual([`Warning: cannot refresh ${lockPath} (ENOSPC: write); the run goes on, but another run may take the lock over once it has not been refreshed for 30 s.`]);
    await world.advance(4_000);
    expect(world.wall() - heartbeatOf(world)).toBe(0);
    expect(owner.beats).toHaveLength(4);
    const reader = world.spawn('here', 5001);
    expect(await world.drive(takeRunLock(world.hostOf(reader), results))).toEqual({ heldBy: 'process 4242 on there' });
    expect(said).toHaveLength(1);
    (lock as RunLock).release();
    expect(world.disk.read(lockPath)).toBeUndefined();
  });

  it('stops once the lock was taken over (its run stopped beating for longer than 30 s), says so once, and leaves the new lock alone', async () => {
    const world = new World({ here: true, there: true });
    const owner = world.spawn('there', 4242);
    const said: string[] = [];
    const lock = await world.drive(takeRunLock(world.hostOf(owner), results, { warn: (line) => said.push(line) }));
    // Frozen (a laptop asleep, a stopped VM): its timers do not fire.
    owner.alive = false;
    await world.advance(60_000);
    const reader = world.spawn('here', 5001);
    const taken = await world.drive(takeRunLock(world.hostOf(reader), results));
    expect(taken).toMatchObject({ tookOver: 'process 4242 on there, which stopped refreshing it' });
    const readers = world.disk.read(lockPath)!.toString('utf8');
    owner.alive = true;
    await world.advance(30_000);
    expect(said).toEqual([`Warning: ${lockPath} is no longer this run's lock (another run took it over, or it was removed); another run may be using the same results file.`]);
    expect(JSON.parse(world.disk.read(lockPath)!.toString('utf8'))).toMatchObject({ pid: 5001, host: 'here' });
    expect(world.disk.read(lockPath)!.toString('utf8')).not.toBe(readers);
    (lock as RunLock).release();
    expect(JSON.parse(world.disk.read(lockPath)!.toString('utf8'))).toMatchObject({ pid: 5001, host: 'here' });
    (taken as RunLock).release();
    expect(world.disk.read(lockPath)).toBeUndefined();
  });

  it('stops at release: no timer is left behind', async () => {
    const world = new World({ here: true, there: true });
    const owner = world.spawn('here', 4242);
    const lock = await world.drive(takeRunLock(world.hostOf(owner), results));
    await world.advance(12_000);
    expect(owner.beats).toHaveLength(2);
    (lock as RunLock).release();
    await world.advance(60_000);
    expect(owner.beats).toHaveLength(2);
    expect(world.disk.read(lockPath)).toBeUndefined();
  });
});
