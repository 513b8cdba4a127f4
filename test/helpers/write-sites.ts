// Every place ipctl changes a file, written out by hand: the fault tests fail
// each in turn, and a test checks that src/ has no site missing from here.

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
  | 'profile-corrupt'
  /** Any command that runs the command tree. */
  | 'any';

export interface WriteSiteCase {
  site: string;
  /** Whether the site writes bytes, and so can be cut short. */
  bytes: boolean;
  scenarios: WriteScenario[];
  /** Which calls at the site to fail (the first, and where it matters one in the middle of a run). */
  calls: number[];
  /** A fault planned beside it, without which the site is not reached. */
  reachedAfter?: string;
}

export const writeSiteCases: WriteSiteCase[] = [
  { site: 'results.open', bytes: false, scenarios: ['import'], calls: [1] },
  { site: 'results.chmod', bytes: false, scenarios: ['import'], calls: [1] },
  { site: 'results.trim', bytes: false, scenarios: ['import-resume'], calls: [1] },
  // Records alternate started and ending ones: the 1st is row 1's "started", a later one falls mid-run.
  { site: 'results.write', bytes: true, scenarios: ['import'], calls: [1, 6, 9] },
  { site: 'results.sync', bytes: false, scenarios: ['import'], calls: [1, 3] },
  { site: 'lock.create', bytes: false, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'lock.write', bytes: true, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'lock.remove', bytes: false, scenarios: ['import', 'profile'], calls: [1] },
  { site: 'profile.mkdir', bytes: false, scenarios: ['profile', 'credential'], calls: [1, 2] },
  { site: 'profile.chmod', bytes: false, scenarios: ['profile', 'credential'], calls: [1, 2] },
  // The profile file is kept under a second name, written by conf, read back, synced; put back when it is not whole.
  { site: 'profile.keep', bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.write', bytes: true, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.sync', bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.restore', bytes: false, scenarios: ['profile', 'credential'], calls: [1], reachedAfter: 'profile.write:short:1' },
  { site: 'profile.sweep', bytes: false, scenarios: ['profile', 'credential'], calls: [1] },
  { site: 'profile.set-aside', bytes: false, scenarios: ['profile-corrupt'], calls: [1] },
  { site: 'spool.folder', bytes: false, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.open', bytes: false, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.write', bytes: true, scenarios: ['import-stdin'], calls: [1] },
  { site: 'spool.remove', bytes: false, scenarios: ['import-stdin'], calls: [1, 2] },
  { site: 'compile-cache.enable', bytes: false, scenarios: ['any'], calls: [1] },
];

/** The faults every site gets; `short` only where bytes are written. */
export const errnoFaults = ['enospc', 'eio', 'eacces'] as const;

/** What each injected fault is called by the system, as a user sees it in a message. */
export const faultCodes: Record<string, string> = { enospc: 'ENOSPC', eio: 'EIO', eacces: 'EACCES', short: 'EFBIG', efbig: 'EFBIG', edquot: 'EDQUOT' };
