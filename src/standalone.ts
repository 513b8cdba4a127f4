// The standalone executable's main script (scripts/package.mjs): what bin/ipctl.cjs is for the
// npm package. Node runs it with argv as [executable, executable, ...arguments].
import { main, processDeps } from './main.js';

main(process.argv, processDeps()).then((code) => {
  process.exitCode = code;
});
