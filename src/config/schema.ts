import { z } from 'zod';

export const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const ProfileSchema = z.looseObject({
  baseUrl: z.url().optional(),
  searchUrl: z.url().optional(),
  org: z.string().min(1).optional(),
  project: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
});

export const ConfigFileSchema = z.looseObject({
  current: z.string().regex(profileNamePattern).optional(),
  profiles: z.record(z.string().regex(profileNamePattern, 'invalid profile name'), ProfileSchema).default({}),
});

export type ProfileData = z.infer<typeof ProfileSchema>;
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** The keys a profile holds, in the order they are shown. */
export const profileKeys = ['baseUrl', 'searchUrl', 'org', 'project', 'apiKey', 'token'] as const;
export type ProfileKey = (typeof profileKeys)[number];
export const secretKeys: ReadonlySet<ProfileKey> = new Set(['apiKey', 'token']);
