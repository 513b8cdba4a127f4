// The progress bar at any width (20 to 200 columns) keeps what matters: the count
// is always there, whole; as the width shrinks the pacing goes first, then the
// rate, then the time left; and no line is wider than the terminal, unless only
// the count is left and it alone is wider. Widths are measured by wcwidth
// (helpers/display-width.ts), counts grouped by the test's own rule (README: "1,482").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressBar, type ProgressSnapshot } from '../../src/connections/bulk/progress.js';
import { fuzzParameters } from '../fuzz/arbitraries.js';
import { grouped } from '../helpers/counts.js';
import { displayWidths } from '../helpers/display-width.js';

const counts = fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1000, max: 2_000_000 }), fc.integer({ min: 0, max: 9_999_999_999 }));

/** A sending (or stopping) state with everything to show: rows finished, time passed, some left, the pacing known. */
const sending: fc.Arbitrary<ProgressSnapshot> = fc
  .record({
    phase: fc.constantFrom<ProgressSnapshot['phase']>('sending', 'stopping'),
    created: counts,
    failed: fc.oneof(fc.constant(0), counts),
    uncertain: fc.oneof(fc.constant(0), counts),
    invalid: fc.oneof(fc.constant(0), counts),
    more: fc.integer({ min: 1, max: 9_999_999_999 }),
    inFlight: fc.integer({ min: 0, max: 64 }),
    elapsedMs: fc.integer({ min: 500, max: 90_000_000 }),
    waitMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600_000 })),
    limit: fc.integer({ min: 1, max: 64 }),
    max: fc.integer({ min: 1, max: 256 }),
    requestsPerSecond: fc.double({ min: 0, max: 100_000, noNaN: true }),
  })
  .filter((state) => state.created + state.failed + state.uncertain + state.invalid > 0)
  .map((state) => ({
    phase: state.phase,
    checked: 0,
    total: state.created + state.failed + state.uncertain + state.invalid + state.more,
    created: state.created,
    failed: state.failed,
    uncertain: state.uncertain,
    invalid: state.invalid,
    inFlight: state.inFlight,
    elapsedMs: state.elapsedMs,
    waitMs: state.waitMs,
    concurrency: { limit: state.limit, max: state.max },
    requestsPerSecond: state.requestsPerSecond,
  }));

const checking: fc.Arbitrary<ProgressSnapshot> = counts.map((checked) => ({ phase: 'checking', checked, total: 0, created: 0, failed: 0, uncertain: 0, invalid: 0, inFlight: 0, elapsedMs: 0, waitMs: 0 }));

const widths = fc.integer({ min: 20, max: 200 });

/** The count as the bar writes it (docs/commands/connections-bulk.md, "Progress"): rows finished of the rows to send, or rows checked. */
function countOf(snapshot: ProgressSnapshot): string {
  if (snapshot.phase === 'checking') return grouped(snapshot.checked);
  return `${grouped(snapshot.created + snapshot.failed + snapshot.uncertain + snapshot.invalid)}/${grouped(snapshot.total)}`;
}

/** What the line shows of the pacing, the rate and the time left. */
function shown(line: string): { pacing: boolean; rate: boolean; left: boolean } {
  return { pacing: /(^| · )(concurrency \d+\/\d+|[\d,]+ req\/s)( · |$)/.test(line), rate: /(^| · )[\d,]+\/s( · |$)/.test(line), left: / left( · |$)/.test(line) };
}

describe('the progress bar at any width', () => {
  it('keeps the count whole, drops the pacing, then the rate, then the time left, and fits the width', () => {
    const drawn: Array<{ line: string; width: number; count: string }> = [];
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: sending }, { weight: 1, arbitrary: checking }), widths, (snapshot, width) => {
        const line = progressBar(snapshot, width);
        const count = countOf(snapshot);
        expect(line).toContain(count);
        if (snapshot.phase !== 'checking') {
          // Everything shows when the terminal is wide enough.
          expect(shown(progressBar(snapshot, 10_000))).toEqual({ pacing: true, rate: true, left: true });
          const { pacing, rate, left } = shown(line);
          if (pacing) expect(rate).toBe(true);
          if (rate) expect(left).toBe(true);
        }
        drawn.push({ line, width, count });
      }),
      fuzzParameters(400),
    );
    const measured = displayWidths(drawn.map(({ line }) => line));
    const tooWide = drawn.filter(({ line, width, count }, index) => measured[index]! > width && line !== count);
    expect(tooWide).toEqual([]);
  });

  it('drops nothing a line has room for', () => {
    fc.assert(
      fc.property(sending, widths, (snapshot, width) => {
        const whole = progressBar(snapshot, 10_000);
        if (whole.length <= width) expect(progressBar(snapshot, width)).toBe(whole);
      }),
      fuzzParameters(300),
    );
  });

  it('at 80 and 60 columns, a typical import keeps its count, failures and time left', () => {
    const midway: ProgressSnapshot = { phase: 'sending', checked: 0, total: 10_000, created: 1468, failed: 14, uncertain: 0, invalid: 0, inFlight: 8, elapsedMs: 12_000, waitMs: 0, concurrency: { limit: 4, max: 8 }, requestsPerSecond: 210.4 };
    // 1,482 done in 12 s: 124 rows/s, 8,518 left: about 69 s.
    // The bar is ipctl's width less three (the `^C` a terminal echoes must fit beside it).
    expect(progressBar(midway, 77)).toBe('[##-----------] 1,482/10,000 14% · 1,468 created · 14 failed · 1 min 9 s left');
    expect(progressBar(midway, 57)).toBe('1,482/10,000 14% · 14 failed · 1 min 9 s left');
  });
});
