// Bundles the extension, the CLI, the benchmark and the webview, and copies sql.js's wasm next to
// them: the extension loads it from dist/, never from a CDN.
// Usage: node esbuild.mjs [--production] [--watch]
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  sourcesContent: false,
  logLevel: 'warning',
  external: ['vscode'],
  keepNames: true,
};

const builds = [
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js' },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...node, entryPoints: ['scripts/bench.ts'], outfile: 'dist/bench.js', minify: false },
  {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
  },
].filter((b) => existsSync(b.entryPoints[0]));

mkdirSync('dist', { recursive: true });
copyFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'), 'dist/sql-wasm.wasm');

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
  console.log('[watch] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
