// The sandbox states the API's rules on its own: if it used ipctl's own checks,
// a wrong rule in ipctl would be confirmed by the sandbox instead of caught.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli.js';

const sandboxDir = join(repoRoot, 'src/sandbox');

function sandboxFiles(): string[] {
  return readdirSync(sandboxDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
}

describe('the sandbox', () => {
  it('imports none of the rule modules of the CLI (src/connections, src/destinations, src/providers, src/commands)', () => {
    const files = sandboxFiles();
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      [...readFileSync(join(sandboxDir, file), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((specifier) => /^(\.\.\/)+(connections|destinations|providers|commands)\//.test(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
