// README, Output, "Help fits the terminal": the cases a command's help may not
// happen to have. Each expected text is written out by hand.
import { describe, expect, it } from 'vitest';
import { fitHelp } from '../../src/help/wrap.js';

describe('fitHelp', () => {
  it('stands a word longer than the width alone on its line, unbroken', () => {
    const url = 'https://example.com/a/very/long/path/that/does/not/fit';
    expect(fitHelp(`See ${url} for more.`, 30)).toBe(`See\n${url}\nfor more.`);
  });

  it('hangs a description under its text, beside its term', () => {
    expect(fitHelp('  --name <name>    the name of the thing to change, said once', 44)).toBe(
      ['  --name <name>    the name of the thing to', '                   change, said once'].join('\n'),
    );
  });

  it('puts descriptions under their terms when beside them they would be too narrow', () => {
    expect(fitHelp('  --a-rather-long-flag <value>  what it does, in a few more words', 40)).toBe(
      ['  --a-rather-long-flag <value>', '      what it does, in a few more words'].join('\n'),
    );
  });

  it('cuts an example between shell words, quotes kept, into ` \\` lines indented under it', () => {
    expect(fitHelp('  $ ipctl destinations patch dest_webhook --header "X-Environment: staging"', 40)).toBe(
      ['  $ ipctl destinations patch \\', '      dest_webhook --header \\', '      "X-Environment: staging"'].join('\n'),
    );
  });

  it('keeps a comment of an example whole, as a `\\` inside it would not continue the command', () => {
    expect(fitHelp('  $ ipctl sandbox --port 0   # a free port', 30)).toBe(['  $ ipctl sandbox --port 0 \\', '      # a free port'].join('\n'));
  });

  it('leaves a line that fits as it is', () => {
    expect(fitHelp('  0    success', 20)).toBe('  0    success');
  });

  it('puts bold on headings only when in colour', () => {
    expect(fitHelp('Options:\n  -h  help', 80, true)).toBe('\u001b[1mOptions:\u001b[22m\n  -h  help');
    expect(fitHelp('Options:\n  -h  help', 80, false)).toBe('Options:\n  -h  help');
  });
});
