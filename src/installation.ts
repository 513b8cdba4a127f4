/** What node:sea offers a single executable application (@types/node is Node 20's, which lacks part of it). */
interface SeaModule {
  isSea(): boolean;
  getAsset(key: string, encoding: string): string;
}

/** How this ipctl was installed: the npm package (run by a `node`), or the standalone executable (Node inside). */
export type Installation = 'npm package' | 'standalone executable';

/** node:sea when ipctl runs as the standalone executable; undefined for the npm package. */
export function standaloneExecutable(): SeaModule | undefined {
  const sea = process.getBuiltinModule('node:sea') as SeaModule | undefined;
  return sea?.isSea() ? sea : undefined;
}

export function installation(): Installation {
  return standaloneExecutable() ? 'standalone executable' : 'npm package';
}
