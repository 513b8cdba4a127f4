import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './cli.js';

/** The first ```bash block of README.md after the words `after`, as printed there. */
export function readmeBashBlock(after: string): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const at = readme.indexOf(after);
  if (at < 0) throw new Error(`README.md no longer says "${after}"`);
  const match = /```bash\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match) throw new Error(`README.md has no bash block after "${after}"`);
  return match[1]!;
}
