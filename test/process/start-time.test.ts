// A process's start time as the host reads it (src/deps.ts, systemProcesses):
// what tells a lock's owner from a later process given the same ID. Compared
// with field 22 of /proc/<pid>/stat as awk splits it (proc(5)), for a real child.
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { systemProcesses } from '../../src/deps.js';

describe.runIf(process.platform === 'linux')('the start time of a process (Linux)', () => {
  it("is field 22 of /proc/<pid>/stat while it runs, another than this process's, and unknown once it has exited", async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { stdio: 'ignore' });
    const pid = child.pid!;
    try {
      const processes = systemProcesses();
      const fromProc = Number(execFileSync('awk', ['{ print $22 }', `/proc/${pid}/stat`], { encoding: 'utf8' }).trim());
      expect(Number.isSafeInteger(fromProc) && fromProc > 0).toBe(true);
      expect(processes.startTime?.(pid)).toBe(fromProc);
      expect(processes.startTime?.(pid)).toBe(fromProc);
      expect(processes.startTime?.(process.pid)).not.toBe(fromProc);
      expect(processes.startTime?.(process.pid)).toBe(Number(execFileSync('awk', ['{ print $22 }', `/proc/${process.pid}/stat`], { encoding: 'utf8' }).trim()));
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('close', resolve));
    }
    expect(systemProcesses().startTime?.(pid)).toBeUndefined();
  });
});
