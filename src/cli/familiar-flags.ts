import type { Command } from 'commander';
import { declaredOptions } from '../input/secret-flags.js';

/*
 * Flags people bring from the tools they know (gh, curl, jq, other CLIs),
 * which commander cannot suggest from spelling alone: what ipctl calls each,
 * when the command at hand has it.
 */
const familiar: Array<{ flags: string[]; ours: string; say: string }> = [
  { flags: ['--jq'], ours: '--query', say: 'It takes a JMESPath expression (as the AWS CLI does), applied to the JSON output.' },
  { flags: ['--format'], ours: '--output', say: '-o, --output chooses the format.' },
  { flags: ['--verbose'], ours: '--debug', say: 'It traces each request and answer on stderr, credentials redacted.' },
  { flags: ['-d', '--data', '--data-raw', '--body'], ours: '--input', say: '-f KEY=VALUE and -F KEY=VALUE build a JSON body; --input FILE sends one as it is.' },
  { flags: ['--insecure'], ours: '--insecure-storage', say: 'It keeps the credential in the profile file instead of the OS keychain.' },
  { flags: ['--insecure'], ours: '--ca-file', say: 'ipctl always checks certificates; --ca-file PATH trusts a private certificate authority.' },
];

/** A hint naming what ipctl calls an unknown `flag`, where `command` (or a parent) has it; none otherwise. */
export function familiarFlag(flag: string, command: Command): string | undefined {
  const known = declaredOptions(command);
  const entry = familiar.find((candidate) => candidate.flags.includes(flag) && known.has(candidate.ours));
  return entry && `Did you mean ${entry.ours}? ${entry.say}`;
}
