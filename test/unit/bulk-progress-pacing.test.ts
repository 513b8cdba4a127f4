// The progress of a bulk import shows how it is paced now: the requests that may
// be in flight of the most --concurrency allows, and the requests sent a second
// lately (README, bulk import; docs/commands/connections-bulk.md, "Progress").
import { describe, expect, it } from 'vitest';
import { type ProgressSnapshot, ProgressReporter, progressBar, progressLine, RecentRate } from '../../src/connections/bulk/progress.js';

/** 5,512 of 10,000 rows done in 4.578 s: 1,204 rows/s, about 4 s left. */
const midway: ProgressSnapshot = {
  phase: 'sending',
  checked: 10_000,
  total: 10_000,
  created: 5498,
  failed: 14,
  uncertain: 0,
  invalid: 0,
  inFlight: 4,
  elapsedMs: 4578,
  waitMs: 0,
  concurrency: { limit: 4, max: 8 },
  requestsPerSecond: 210.4,
};

describe('progress with the pacing', () => {
  it('on a terminal: the bar, the counts, then the concurrency and the request rate', () => {
    expect(progressBar(midway, 200)).toBe('[###########---------] 5,512/10,000 55% · 5,498 created · 14 failed · 1,204/s · 4 s left · concurrency 4/8 · 210 req/s');
  });

  it('in CI: the plain line ends with them', () => {
    expect(progressLine(midway)).toBe('Progress: 5,512 of 10,000 rows (55%): 5,498 created, 14 failed; 1,204 rows/s, about 4 s left; concurrency 4/8, 210 req/s');
  });

  it('during a pause the service asked for, both still show, then the pause', () => {
    const paused = { ...midway, waitMs: 1000, requestsPerSecond: 0 };
    expect(progressLine(paused)).toBe('Progress: 5,512 of 10,000 rows (55%): 5,498 created, 14 failed; 1,204 rows/s, about 4 s left; concurrency 4/8, 0 req/s; slowed down by the service, resuming in 1 s');
    expect(progressBar(paused, 200)).toMatch(/ · concurrency 4\/8 · 0 req\/s · slowed down by the service, resuming in 1 s$/);
  });

  it('shows the concurrency alone until a request rate is known', () => {
    const early = { ...midway, requestsPerSecond: undefined };
    expect(progressLine(early)).toMatch(/; concurrency 4\/8$/);
    expect(progressBar(early, 200)).toMatch(/ · concurrency 4\/8$/);
  });

  it('draws the line a reporter is given, redrawn on a terminal, a line of its own elsewhere', () => {
    for (const tty of [true, false]) {
      let written = '';
      const stream = { write: (chunk: string) => (written += chunk), isTTY: tty, columns: 200 };
      const reporter = new ProgressReporter(stream, () => midway, { tty });
      reporter.draw();
      expect(written).toContain(tty ? '· concurrency 4/8 · 210 req/s\u001b[K' : '; concurrency 4/8, 210 req/s\n');
    }
  });

  it('draws nothing when silent (--quiet, or -o json off a terminal)', () => {
    let written = '';
    const reporter = new ProgressReporter({ write: (chunk: string) => (written += chunk), isTTY: false }, () => midway, { tty: false, silent: true });
    reporter.draw();
    reporter.stop();
    expect(written).toBe('');
  });
});

describe('the request rate shown', () => {
  it('is the requests of the last two seconds or so, not the average since the start', () => {
    const rate = new RecentRate(2000);
    expect(rate.sample(0, 0)).toBeUndefined();
    expect(rate.sample(400, 80)).toBeUndefined();
    expect(rate.sample(1000, 200)).toBe(200);
    expect(rate.sample(2000, 300)).toBe(150);
    // The first second drops out of the window: 100 requests in the last 2 s.
    expect(rate.sample(3000, 300)).toBe(50);
    expect(rate.sample(5000, 300)).toBe(0);
  });

  it('spans the time between two drawings when they are further apart than the window (CI, every 5 s)', () => {
    const rate = new RecentRate(2000);
    rate.sample(0, 0);
    expect(rate.sample(5000, 1000)).toBe(200);
    expect(rate.sample(10_000, 1500)).toBe(100);
  });
});
