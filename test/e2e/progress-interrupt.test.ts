// Ctrl-C during a bulk import at a terminal of 60 and 80 columns, colour on and
// off: the terminal echoes `^C` after the bar; the bar ends cleanly, drawn over
// itself and the `^C`, and the summary is not preceded by a second bar line
// (README, bulk import: "On a terminal a progress bar…"; exit 130, Exit codes).
// What the terminal shows is replayed from what it was sent, as a terminal
// would: a row wraps when a character is written past its last column.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFaultProxy } from '../helpers/fault-proxy.js';
import { keys, PtySession } from '../helpers/pty.js';
import { useFixture } from '../helpers/sandbox.js';
import { useWorkspace } from '../helpers/workspace.js';

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
