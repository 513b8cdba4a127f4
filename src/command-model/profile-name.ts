import { profileNamePattern } from '../config/schema.js';
import * as z from '../schema/zod.js';
import { argument } from './command.js';
import { profileNames } from './common-flags.js';

/** A profile's name, as the profile commands take it. */
export const profileName = z.string().check(z.regex(profileNamePattern, 'must be letters, digits, ".", "_" or "-"'));

/** The NAME of an existing profile, completed from the profile file. */
export const profileArgument = { name: argument('<name>', 'profile name', profileName, { values: profileNames }) };
