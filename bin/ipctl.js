#!/usr/bin/env node
// Launcher: runs main() with the real process and hands its exit code to Node. Nothing else lives here.
import module from 'node:module';

// V8's code cache (Node 22.1+): later starts skip compiling what they ran before.
module.enableCompileCache?.();
const { main, processDeps } = await import('../dist/main.js');
process.exitCode = await main(process.argv, processDeps());
