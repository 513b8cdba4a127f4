/*
 * The one module that imports zod; everything else writes
 * `import * as z from '<path>/schema/zod.js'` and uses z as it would zod/mini.
 *
 * zod/mini is zod 4's functional API (`z.optional(z.string())` rather than
 * `z.string().optional()`): the bundle then keeps only the schema kinds and
 * checks ipctl uses, some 37 KB instead of classic zod's 563 KB to load at
 * every run. Re-exported with `export *` and imported as a namespace, so that
 * esbuild can still drop what is not used: `export { z }` of the namespace
 * object would keep all of zod/mini and its locales (esbuild has to build that
 * object whole).
 */
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config({
  // jitless: zod otherwise compiles object schemas into functions at first use,
  // which costs more than it saves in a process that parses a handful of inputs.
  // (zod/mini's objects are interpreted already; this keeps it that way.)
  jitless: true,
  // English messages, as classic zod gives by default. zod/mini loads no locale:
  // every message that a schema does not set itself would read "Invalid input".
  ...en(),
});

export * from 'zod/mini';
