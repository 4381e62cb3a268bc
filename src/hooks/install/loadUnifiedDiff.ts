import * as path from 'node:path';

type UnifiedDiff = typeof import('./unifiedDiff').unifiedDiff;

/**
 * The unified diff of `--dry-run` and of `--format json` (jsdiff): in the bundle a file of its own
 * beside this one (`dist/agentsHookDiff.js`, esbuild.mjs), read only by the runs that show a diff;
 * compiled by tsc (tests), the module itself.
 */
export function unifiedDiff(...args: Parameters<UnifiedDiff>): string {
  // A path held in a variable: esbuild leaves the require to run time instead of bundling it here.
  const file = path.join(__dirname, path.basename(__dirname) === 'dist' ? 'agentsHookDiff.js' : 'unifiedDiff.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(file) as typeof import('./unifiedDiff')).unifiedDiff(...args);
}
