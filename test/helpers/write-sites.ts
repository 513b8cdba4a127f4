// Every place ipctl changes a file, written out by hand, with the call of the
// host's filesystem that reaches it: the fault tests fail each in turn.
import type { FsFault } from './faulty-fs.js';

/** What a test runs to reach a site. */
export type WriteScenario =
  /** A bulk import of a file, with its results file. */
  | 'import'
  /** A bulk import resumed over a results file whose last record was cut short by a crash. */
  | 'import-resume'
  /** A bulk import of rows on stdin, spooled to a temporary file. */
  | 'import-stdin'
  /** `profile add`: a change of the profile file. */
  | 'profile'
  /** `auth set-key` where no keychain can be used: the credential falls back to the profile file. */
  | 'credential'
  /** `profile add --force` over a corrupt profile file, which is moved aside. */
  | 'profile-corrupt';

export interface WriteSiteCase {
  site: string;
  /** The filesystem call that is the site, and the paths it is made on. */
  at: Pick<FsFault, 'call' | 'path'>;
  /** Whether the site writes bytes, and so can be cut short. */
  bytes: boolean;
  scenarios: WriteScenario[];
  /** Which calls at the site to fail (the first, and where it matters one in the middle of a run). */
  calls: number[];
  /** A fault planned beside it, without which the site is not reached. */
  reachedAfter?: FsFault;
}

const results = /\.results\.jsonl$/;
const lock = /\.lock$/;
const spool = /ipctl-import-/;

export const writeSiteCases: WriteSiteCase[] = [
  { site: 'results.open', at: { call: 'open', path: results }, bytes: false, scenarios: ['import'], calls: [1] },
  { site: 'results.chmod', at: { call: 'chmod', path: results }, bytes: false, scenarios: ['import'], calls: [1] },
  { site: 'results.trim', at: { call: 'ftruncate', path: results }, bytes: false, scenarios: ['import-resume'], calls: [1] },
  // The 1st write carries row 1's "started" record; a later one (which may carry several rows' records) falls mid-run.
  { site: 'results.write', at: { call: 'write', path: results }, bytes: true, scenarios: ['import'], calls: [1, 6, 9] },
  { site: 'results.sync', at: { call: 'fdatasync', path: results }, bytes: false, scenarios: ['import'], calls: [1, 3] },
  { site: 'lock.create', at: { call: 'open', path: lock }, bytes: false, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'lock.write', at: { call: 'write', path: lock }, bytes: true, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'lock.remove', at: { call: 'unlink', path: lock }, bytes: false, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'profile.mkdir', at: { call: 'mkdir' }, bytes: false, scenarios: ['profile', 'credential'], calls: [1, 2] },
  { site: 'profile.chmod', at: { call: 'chmod' }, bytes: false, scenarios: ['profile', 'credential'], calls: [1, 2] },
  // The profile file is kept under a second name, written by conf, read back, synced; put back when it is not whole.
  { site: 'profile.keep', at: { call: 'link' }, bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.write', at: { call: 'writtenBy' }, bytes: true, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.sync', at: { call: 'fsync', path: /config\.json$/ }, bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.restore', at: { call: 'rename', path: /\.previous$/ }, bytes: false, scenarios: ['profile', 'credential'], calls: [1], reachedAfter: { call: 'writtenBy', kind: 'short' } },
  { site: 'profile.sweep', at: { call: 'unlink', path: /config\.json\./ }, bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.set-aside', at: { call: 'rename', path: /config\.json$/ }, bytes: false, scenarios: ['profile-corrupt'], calls: [1] },
  { site: 'spool.folder', at: { call: 'mkdtemp' }, bytes: false, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.open', at: { call: 'open', path: spool }, bytes: false, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.write', at: { call: 'write', path: spool }, bytes: true, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.remove', at: { call: 'rm' }, bytes: false, scenarios: ['import-stdin'], calls: [1, 2] },
];

/** The faults every site gets; `short` only where bytes are written. */
export const errnoFaults = ['enospc', 'eio', 'eacces'] as const;

/** What each injected fault is called by the system, as a user sees it in a message. */
export const faultCodes: Record<string, string> = { enospc: 'ENOSPC', eio: 'EIO', eacces: 'EACCES', short: 'EFBIG', efbig: 'EFBIG', edquot: 'EDQUOT' };
