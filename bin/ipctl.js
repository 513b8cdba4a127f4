#!/usr/bin/env node
// Launcher: runs main() and hands its exit code to Node. Nothing else lives here.
import module from 'node:module';

// V8's code cache (Node 22.1+): later starts skip compiling what they ran before.
module.enableCompileCache?.();
const { main } = await import('../dist/main.js');

const interrupt = new AbortController();
const stop = () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A closed stdout (`ipctl … | head`) ends the run quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  now: () => new Date(),
  signal: interrupt.signal,
});
