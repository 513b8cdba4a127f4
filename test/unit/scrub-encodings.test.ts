// README, "What ipctl never prints": a credential that was sent is scrubbed
// from everything ipctl writes, in every form a server may echo it in (the
// encodings of test/helpers/encodings.ts), for credentials of at least 8
// characters; shorter ones in their plain form. A property over generated
// credentials, texts around them and every encoding, for the first credentials
// of a run (kept as text) and for those of a bulk import's later rows (kept as
// fingerprints).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Scrubber } from '../../src/output/scrubber.js';
import { encodings, stillGivesAway } from '../helpers/encodings.js';

const characters = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 3, arbitrary: fc.constantFrom(...` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'ü', '中', '文', '€', '😀') },
);
/** A credential as a person or a service may make one: printable, at least 8 characters (README: encoded forms from 8). */
const credential = fc.array(characters, { minLength: 8, maxLength: 40 }).map((chars) => chars.join(''));
const around = fc.string({ maxLength: 20 }).map((text) => text.replace(/[A-Za-z0-9+/=_-]$/, ' '));

const runs = Number(process.env.FUZZ_RUNS_FACTOR ?? 1) * 150;
const seed = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? 40_039);

/** A scrubber that keeps the next credential as text (the first few of a run), or as a fingerprint (after eight others). */
function scrubberKeeping(kept: string): Scrubber {
  const scrubber = new Scrubber();
  if (kept.includes('fingerprint')) for (let index = 0; index < 8; index += 1) scrubber.add(`sk_other_credential_${index}_0123456789`);
  return scrubber;
}

describe('a credential echoed in any encoding is scrubbed', () => {
  for (const kept of ['as text (the first credentials of a run)', 'as a fingerprint (a bulk import\'s later rows)']) {
    it(`kept ${kept}`, () => {
      fc.assert(
        fc.property(credential, fc.constantFrom(...encodings), around, around, (value, encoding, before, after) => {
          const scrubber = scrubberKeeping(kept);
          scrubber.add(value);
          const text = `${before}<p>${encoding.encode(value)}</p>${after}`;
          const scrubbed = scrubber.scrub(text);
          expect(stillGivesAway(scrubbed, value, encoding), `${encoding.name}: ${JSON.stringify(text)} → ${JSON.stringify(scrubbed)}`).toBe(false);
          expect(scrubbed).toContain('[redacted]');
        }),
        { numRuns: runs, seed },
      );
    });
  }

  // Found by a random seed (1952027350): a value of letters, digits and "-" or "_" was taken to have no other forms than base64.
  it.each(['as text', 'as a fingerprint'])('kept %s: a "-" or "_" spelled out with every character but letters and digits', (kept) => {
    const scrubber = scrubberKeeping(kept);
    const values = ['aaaaaaa-', 'sk_live_found', '_sk-live_found_'];
    for (const value of values) scrubber.add(value);
    for (const encoding of encodings) {
      for (const value of values) {
        const scrubbed = scrubber.scrub(`<p>${encoding.encode(value)}</p>`);
        expect(stillGivesAway(scrubbed, value, encoding), `${encoding.name}: ${scrubbed}`).toBe(false);
        // Outside base64, whose groups at the edges hold other bytes too, every character of the form goes, and nothing else.
        if (!/base64|Basic/.test(encoding.name)) expect(scrubbed, encoding.name).toBe('<p>[redacted]</p>');
      }
    }
  });

  it.each(['as text', 'as a fingerprint'])('kept %s: in base64 glued to other letters, wherever its groups of four start', (kept) => {
    const scrubber = scrubberKeeping(kept);
    const value = 'pa$$word:glued-0123';
    scrubber.add(value);
    for (const encoding of encodings.filter(({ name }) => name.startsWith('base64'))) {
      for (const glue of ['x', 'xy', 'xyz', 'wxyz', 'Token']) {
        const scrubbed = scrubber.scrub(`${glue}${encoding.encode(value)}`);
        expect(stillGivesAway(scrubbed, value, encoding), `${encoding.name} after ${glue}: ${scrubbed}`).toBe(false);
      }
    }
  });

  it('leaves the text around a credential as it was', () => {
    const scrubber = new Scrubber();
    scrubber.add('p&ss<word>"quoted"');
    expect(scrubber.scrub('<p>Bad password p&amp;ss&lt;word&gt;&quot;quoted&quot; for user ops.</p>')).toBe('<p>Bad password [redacted] for user ops.</p>');
  });
});
