/*
 * Commands that ipctl suggests in its messages. A person who picked a profile
 * for this run (--profile, IPCTL_PROFILE) must get commands that act on that
 * profile too: `ipctl auth set-token` alone would store the token in another.
 */

/** Profile names as the profile file allows them need no quoting; anything else is quoted for a POSIX shell. */
const plainName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The profile chosen for this run by --profile or IPCTL_PROFILE, which suggested commands carry; undefined when none was. */
export function chosenProfile(profile: { value?: string; source?: string }): string | undefined {
  return profile.source === 'flag' || profile.source === 'environment' ? profile.value : undefined;
}

/**
 * A command to suggest, `ipctl <command>`, with `--profile NAME` when a profile
 * was chosen for this run; `after` follows the flags (a redirection, say).
 */
export function suggestedCommand(command: string, profile: string | undefined, after = ''): string {
  const flag = profile === undefined ? '' : ` --profile ${shellWord(profile)}`;
  return `ipctl ${command}${flag}${after === '' ? '' : ` ${after}`}`;
}

/** `ipctl profile add NAME …`, naming the chosen profile instead of NAME when there is one. */
export function profileAddCommand(profile: string | undefined, rest: string): string {
  return `ipctl profile add ${profile === undefined ? 'NAME' : shellWord(profile)} ${rest}`;
}

/** A name a POSIX shell reads back as it is: bare, single-quoted, or $'…' (bash, zsh) when it holds a control character. */
function shellWord(text: string): string {
  if (plainName.test(text)) return text;
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replaceAll("'", "'\\''")}'`;
  const escaped = text.replace(/[\u0000-\u001f\u007f'\\]/g, (character) => (character === "'" || character === '\\' ? `\\${character}` : `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return `$'${escaped}'`;
}
