import * as path from 'node:path';

export type HookStore = typeof import('./hookStore');

/**
 * The store half of the hooks. In the bundle it is its own file beside this one
 * (`dist/agentsHookStore.js`); compiled by tsc (tests), the module itself.
 */
export function loadHookStore(): HookStore {
  // A path held in a variable: esbuild leaves the require to run time instead of bundling it here.
  const file = path.join(__dirname, path.basename(__dirname) === 'dist' ? 'agentsHookStore.js' : 'hookStore.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as HookStore;
}
