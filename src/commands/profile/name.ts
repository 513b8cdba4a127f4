import { profileNamePattern } from '../../config/schema.js';
import * as z from '../../schema/zod.js';

/** A profile's name, as the profile commands take it. */
export const profileName = z.string().check(z.regex(profileNamePattern, 'must be letters, digits, ".", "_" or "-"'));
