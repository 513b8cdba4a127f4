import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './cli.js';

/** The first ```bash block of a doc (README.md, or a page under docs/) after the words `after`, as printed there. */
export function docBashBlock(file: string, after: string): string {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const at = text.indexOf(after);
  if (at < 0) throw new Error(`${file} no longer says "${after}"`);
  const match = /```bash\n([\s\S]*?)```/.exec(text.slice(at));
  if (!match) throw new Error(`${file} has no bash block after "${after}"`);
  return match[1]!;
}
