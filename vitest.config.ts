import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A command's own tests sit beside it in its folder (src/commands/<noun>/<verb>/); the rest under test/.
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Three workers on the two cores: many end-to-end tests wait on child processes,
    // terminals and real timers, and a third worker runs a file meanwhile. On the idle
    // 2-core machine the suite took 171 s with two, 143 s with three, 141 s with four
    // (whose workers then contend more for the cores).
    maxWorkers: 3,
    // A worker runs file after file with the modules it has already loaded: no test
    // mocks a module or changes process-wide state, and main() takes its world from
    // deps. Loading src/ afresh for each file cost more than some files' tests.
    isolate: false,
  },
});
