// `npm run mutate` plants each bug of its list by replacing a text found once in
// its file. When the code moves on, a planted bug whose text is gone would be
// reported as not planted only by a full run (minutes); this keeps the list
// plantable on every `npm test`, running nothing but the check.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('every planted bug of scripts/mutate.mjs can still be planted, and names tests that exist', () => {
  const root = join(import.meta.dirname, '..', '..');
  const checked = spawnSync(process.execPath, [join(root, 'scripts', 'mutate.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
  expect(checked.stdout, checked.stderr).toMatch(/^\d+ planted bugs; each can be planted\.$/m);
  expect(checked.status).toBe(0);
});
