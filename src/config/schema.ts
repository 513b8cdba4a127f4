import { UsageError } from '../errors.js';
import * as z from '../schema/zod.js';

export const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A name from --profile or IPCTL_PROFILE, which only select, is checked before anything is written under it. */
export function checkProfileName(name: string): void {
  if (!profileNamePattern.test(name)) {
    throw new UsageError(
      `"${name}" cannot be a profile name: it must start with a letter or digit, then letters, digits, ".", "_" or "-" (64 at most).`,
      'Give another name with --profile NAME (or IPCTL_PROFILE).',
    );
  }
}

const nonEmpty = z.string().check(z.minLength(1));

const ProfileSchema = z.looseObject({
  baseUrl: z.optional(z.url()),
  searchUrl: z.optional(z.url()),
  org: z.optional(nonEmpty),
  project: z.optional(nonEmpty),
  apiKey: z.optional(nonEmpty),
  token: z.optional(nonEmpty),
  /** The credentials kept in the OS keychain rather than in this file. */
  credentialStore: z.optional(
    z.looseObject({
      apiKey: z.optional(z.literal('keyring')),
      token: z.optional(z.literal('keyring')),
    }),
  ),
});

export const ConfigFileSchema = z.looseObject({
  current: z.optional(z.string().check(z.regex(profileNamePattern))),
  profiles: z._default(z.record(z.string().check(z.regex(profileNamePattern, 'invalid profile name')), ProfileSchema), {}),
});

export type ProfileData = z.infer<typeof ProfileSchema>;
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/**
 * The profile stored under `name`, looked up as the file's own key: `constructor`,
 * `toString` or `valueOf` name no profile until one is stored under that name.
 */
export function storedProfile(config: ConfigFile, name: string): ProfileData | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/** The keys a profile holds, in the order they are shown. */
export const profileKeys = ['baseUrl', 'searchUrl', 'org', 'project', 'apiKey', 'token'] as const;
