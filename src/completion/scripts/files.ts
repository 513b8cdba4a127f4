/** The shells ipctl writes completion scripts for. */
export const shells = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof shells)[number];

/** Where each script lives in completions/, under the name its shell looks for. */
export const scriptFiles: Record<Shell, string> = {
  bash: 'ipctl.bash',
  zsh: '_ipctl',
  fish: 'ipctl.fish',
  powershell: 'ipctl.ps1',
};
