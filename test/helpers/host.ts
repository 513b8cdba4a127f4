// The real host's parts, for tests that drive a module below the kernel directly.
import type { LockHost } from '../../src/config/lock.js';
import { systemProcesses } from '../../src/deps.js';
import { systemClock } from '../../src/host-clock.js';
import { nodeFileSystem } from '../../src/host-fs.js';

export const realFs = nodeFileSystem();

export const realHost: LockHost = { fs: realFs, clock: systemClock(), processes: systemProcesses() };
