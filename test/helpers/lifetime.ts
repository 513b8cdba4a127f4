// A resource for the tests of a file or describe block (a server, a proxy):
// started before each test or before all of them, stopped after, and handed
// out as an object that stands for the one running, so that a test file
// declares it once at its top.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export function useResource<T extends object>(start: () => Promise<T>, stop: (resource: T) => Promise<void> | void, lifetime: 'each' | 'all'): T {
  let resource: T | undefined;
  const current = (): T => {
    if (!resource) throw new Error('not running: use it in a test or a hook, not while the file loads');
    return resource;
  };
  const [before, after] = lifetime === 'each' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    resource = await start();
  });
  after(async () => {
    if (resource) await stop(resource);
    resource = undefined;
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      const value: unknown = Reflect.get(current(), key);
      return typeof value === 'function' ? value.bind(current()) : value;
    },
  });
}
