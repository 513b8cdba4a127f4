import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn processes; two cores are shared with them.
    maxWorkers: 2,
    // A worker runs file after file with the modules it has already loaded: no test
    // mocks a module or changes process-wide state, and main() takes its world from
    // deps. Loading src/ afresh for each file cost more than some files' tests.
    isolate: false,
  },
});
