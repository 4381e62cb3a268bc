import * as path from 'node:path';

/**
 * A part of the extension bundled into a file of its own beside dist/extension.js (esbuild.mjs),
 * read the first time it is needed rather than at activation: `bundle` in dist/, or, compiled by
 * tsc (tests), the module `compiled` names relative to this folder.
 */
export function loadPart<T>(bundle: string, compiled: string): T {
  // A path held in a variable: esbuild leaves the require to run time instead of bundling it here.
  const file = path.basename(__dirname) === 'dist' ? path.join(__dirname, bundle) : path.join(__dirname, compiled);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file) as T;
}
