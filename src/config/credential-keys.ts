/*
 * The credentials a profile holds, and what names each in messages and on the
 * command line (their environment variables are settingEnv's, in defaults.ts).
 * Plain data, for the commands' declarations and the credential store alike.
 */

export type CredentialKey = 'apiKey' | 'token';

export const credentialKeys: CredentialKey[] = ['apiKey', 'token'];
export const credentialNames: Record<CredentialKey, string> = { apiKey: 'API key', token: 'bearer token' };
/** The `ipctl auth` command that stores each, reading stdin. */
export const credentialCommands: Record<CredentialKey, string> = { apiKey: 'set-key', token: 'set-token' };
