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

describe('a credential echoed in any encoding is scrubbed', () => {
  for (const kept of ['as text (the first credentials of a run)', 'as a fingerprint (a bulk import\'s later rows)']) {
    it(`kept ${kept}`, () => {
      fc.assert(
        fc.property(credential, fc.constantFrom(...encodings), around, around, (value, encoding, before, after) => {
          const scrubber = new Scrubber();
          if (kept.startsWith('as a fingerprint')) for (let index = 0; index < 8; index += 1) scrubber.add(`sk_other_credential_${index}_0123456789`);
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

  it('leaves the text around a credential as it was', () => {
    const scrubber = new Scrubber();
    scrubber.add('p&ss<word>"quoted"');
    expect(scrubber.scrub('<p>Bad password p&amp;ss&lt;word&gt;&quot;quoted&quot; for user ops.</p>')).toBe('<p>Bad password [redacted] for user ops.</p>');
  });
});
