import * as z from '../schema/zod.js';
import { flag } from './flag.js';

/** As gh's: keep the credential in the profile file (0600) on purpose, without trying the OS keychain. */
export const insecureStorageFlag = {
  insecureStorage: flag('--insecure-storage', 'keep the credential in the profile file (readable only by you) instead of the OS keychain', z.optional(z.boolean())),
};

/** `--no-verify`, on the commands that store a credential: store it without asking the service first (offline set-up). */
export const verifyFlag = {
  verify: flag('--no-verify', 'store without checking the credential with the service first (one GET /projects), as when setting up offline', z.optional(z.boolean())),
};
