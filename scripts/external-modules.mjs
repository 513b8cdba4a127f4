// Modules with native code (.node files), which no bundle can hold. scripts/build.mjs leaves them
// out of dist/, so the npm package loads them from node_modules when a command first needs one.
// The standalone executable (scripts/package.mjs) can load no file at all besides its own script:
// there, loading one fails as a module that is not installed does (code MODULE_NOT_FOUND), so the
// lazy import() that asks for it rejects, and the code behind it takes its way without it.

/** Packages that load a native addon; a `*.node` file is one wherever it is imported. */
export const externalModules = ['@napi-rs/keyring', '*.node'];

const namespace = 'not-in-standalone-executable';
const names = new RegExp(`^(${externalModules.filter((name) => !name.includes('*')).map(escape).join('|')})(/|$)|\\.node$`);

/** Whether an import names one of externalModules (the package, a file of it, or any .node file). */
export function isExternalModule(id) {
  return names.test(id);
}

/** esbuild plugin: each external module becomes a module that throws MODULE_NOT_FOUND when loaded. */
export const withoutExternalModules = {
  name: 'without-external-modules',
  setup(build) {
    build.onResolve({ filter: names }, (args) => ({ path: args.path, namespace }));
    build.onLoad({ filter: /.*/, namespace }, (args) => ({
      loader: 'js',
      contents: `const error = new Error(${JSON.stringify(`Cannot find module '${args.path}': the standalone executable of ipctl holds no native modules`)});
error.code = 'MODULE_NOT_FOUND';
throw error;`,
    }));
  },
};

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
