import { describe, expect, it } from 'vitest';
import { plain } from '../../src/output/paint.js';
import { render } from '../../src/output/render.js';
import { Scrubber } from '../../src/output/scrubber.js';
import type { Outcome } from '../../src/output/view.js';

const key = 'sk_live_51HabcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789';

/** A table drawn for a terminal of `width` columns, through the run's scrubber as run() wires it. */
async function drawn(outcome: Outcome, width: number): Promise<string> {
  const scrubber = new Scrubber();
  scrubber.add(key);
  let text = '';
  const terminal = scrubber.guard({ write: (chunk: string) => (text += chunk), isTTY: true, columns: width });
  await render(outcome, 'table', { stream: terminal, paint: plain, width, scrub: (value) => scrubber.scrub(value) });
  return text;
}

describe('a credential a server echoes into a table', () => {
  const echoed: Outcome = {
    data: [],
    view: { kind: 'list', columns: ['ID', 'DETAIL'], rows: [['rec_1', `key ${key} rejected`]] },
  };

  it('is replaced before the cell is cut to fit: no part of it shows', async () => {
    const table = await drawn(echoed, 60);
    expect(table).toContain('key [redacted] rejected');
    expect(table).not.toContain('sk_live_51H');
  });

  it('is replaced in a cell that is cut, leaving none of its opening', async () => {
    const table = await drawn({ ...echoed, view: { kind: 'list', columns: ['ID', 'DETAIL'], rows: [['rec_1', `${'x'.repeat(40)} ${key}`]], lowValue: ['DETAIL'] } }, 40);
    expect(table).toContain('…');
    expect(table).not.toMatch(/sk_l/);
  });

  it('is replaced in a cell that is wrapped, leaving none of it on any line', async () => {
    const table = await drawn({ ...echoed, view: { kind: 'list', columns: ['ID', 'DETAIL'], rows: [['rec_1', `${'x'.repeat(20)} ${key} ${'y'.repeat(20)}`]] } }, 30);
    expect(table.split('\n').length).toBeGreaterThan(4);
    expect(table).not.toContain('…');
    expect(table).not.toMatch(/sk_l/);
    expect(table.replace(/[│\s]/g, '')).toContain('[redacted]');
  });

  it('leaves the borders of the table in line', async () => {
    const lines = (await drawn(echoed, 200)).trimEnd().split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
