import { profileNames } from '../completion/values.js';
import * as z from '../schema/zod.js';
import { flag, type InputOf } from './flag.js';

const text = z.optional(z.string());
const toggle = z.optional(z.boolean());

/**
 * The options every command accepts, declared once: the program's options,
 * the type the context reads them as, and what completion offers. Their values
 * are checked where they are used (config/network.ts, config/resolve.ts), with
 * the variables and profile values that stand in for them.
 */
export const globalFlags = {
  profile: flag('--profile <name>', 'the profile to use (default: the current profile)', text, { values: profileNames }),
  baseUrl: flag('--base-url <url>', 'API base URL, such as https://api.example.com/v1', text),
  searchUrl: flag('--search-url <url>', 'search API base URL, such as https://search.example.com/v1', text),
  timeout: flag('--timeout <seconds>', 'time to wait for each answer, in seconds, 0.001 to 3600 (default: 30)', text),
  retries: flag('--retries <n>', 'retries of a failed request, 0 (none) to 10 (default: 3; see `ipctl help retries`)', text),
  caFile: flag('--ca-file <path>', 'PEM file of a certificate authority to trust, as for a corporate proxy or private server', text),
  debug: flag('--debug', 'trace requests on stderr (credentials redacted), and show where an internal error happened', toggle),
  color: flag('--no-color', 'turn color off', toggle),
  input: flag('--no-input', 'never prompt; fail with the flag to use instead', toggle),
  pager: flag('--no-pager', 'print output directly, not through a pager (see IPCTL_PAGER in `ipctl help environment`)', toggle),
  quiet: flag('--quiet', 'no notices, hints or progress on stderr; errors and the output are unchanged', toggle),
};

/** The global options as given on the command line. */
export type GlobalOptions = Partial<InputOf<{}, typeof globalFlags, {}>>;
