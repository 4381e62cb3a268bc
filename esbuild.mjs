// Bundles the extension, the CLI, the benchmark and the webview, and copies sql.js's wasm next to
// them: the extension loads it from dist/, never from a CDN.
// Usage: node esbuild.mjs [--production] [--watch] [--metafile]
//   --production  minified, no sourcemaps (what `npm run package` and `npm pack` ship); the
//                 development build has sourcemaps and readable code
//   --metafile    also writes dist/meta/<bundle>.json, esbuild's account of what each bundle holds
//                 (read it with https://esbuild.github.io/analyze/ or `npx esbuild --analyze`)
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageJson = require('./package.json');
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const metafile = process.argv.includes('--metafile');

// zod's `locales` namespace re-exports the messages of some fifty languages, about half of the
// bundle. We never switch locales: zod configures English itself (classic/schemas.js imports
// locales/en.js directly), so the namespace is swapped for one that holds English alone.
const zodLocales = join(dirname(require.resolve('zod/v4/locales/en.js')), 'en.js');
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(args.importer) ? { path: 'zod-locales-en', namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: `export { default as en } from ${JSON.stringify(zodLocales)};`,
      loader: 'js',
      resolveDir: dirname(zodLocales),
    }));
  },
};

// zod's namespace also carries fromJSONSchema (building schemas from JSON Schema documents), which
// nothing here calls; in its place, a function that says so.
const zodWithoutFromJsonSchema = {
  name: 'zod-without-from-json-schema',
  setup(build) {
    build.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(args.importer) ? { path: 'zod-from-json-schema', namespace: 'zod-without-from-json-schema' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-without-from-json-schema' }, () => ({
      contents: `export function fromJSONSchema() { throw new Error('zod.fromJSONSchema is not part of this bundle (esbuild.mjs)'); }`,
      loader: 'js',
    }));
  },
};

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
  plugins: [zodEnglishOnly, zodWithoutFromJsonSchema],
  // jsonc-parser's `main` is a UMD build whose `require('./impl/format')` esbuild cannot follow:
  // bundle its ES module build instead
  alias: { 'jsonc-parser': join(dirname(require.resolve('jsonc-parser/package.json')), 'lib/esm/main.js') },
};

const builds = [
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js' },
  // The extension's engine (sql.js's glue, the store, the shadow git store, the services), read
  // when a folder's services are first needed (src/extension/loadEngine.ts).
  { ...node, entryPoints: ['src/extensionEngine.ts'], outfile: 'dist/extensionEngine.js' },
  // The language model tools (the agent tools, their schemas, confirmations), read when VS Code
  // first asks for one (toolRegistration.ts).
  { ...node, entryPoints: ['src/extension/languageModelTools/languageModelTools.ts'], outfile: 'dist/extensionTools.js' },
  // The commands that act on plans and checkpoints (rollback and its panel, decisions, the plan's
  // lifecycle, the ways out, remotes) and the API behind them, read when one is first needed
  // (commandsOnFirstUse.ts).
  { ...node, entryPoints: ['src/extension/commandControllers.ts'], outfile: 'dist/extensionCommands.js' },
  // Connect an Agent's installer (JSON with comments, a differ), read when first used (loadInstaller.ts).
  { ...node, entryPoints: ['src/extension/agentHooks/installerPart.ts'], outfile: 'dist/extensionInstaller.js' },
  // The `agents` command is two files: a small entry that answers `--version` alone, and the CLI.
  {
    ...node,
    entryPoints: ['src/cli/launch.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    external: [...node.external, './cliMain.js', './agentsMcp.js', './agentsHook.js', './agentsHookAdmin.js', './agentsClient.js'],
    define: { AGENTS_VERSION: JSON.stringify(packageJson.version) },
  },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cliMain.js' },
  // `agents mcp`: the MCP server, with the SDK, loaded by cli.js for that command alone.
  { ...node, entryPoints: ['src/mcp/main.ts'], outfile: 'dist/agentsMcp.js', define: { AGENTS_VERSION: JSON.stringify(packageJson.version) } },
  // `agents hook`: the agents' hooks, loaded by cli.js for that command alone.
  // Its store half (sql.js, the services) is a file of its own, loaded only when a checkpoint is due.
  { ...node, entryPoints: ['src/hooks/main.ts'], outfile: 'dist/agentsHook.js', external: [...node.external, './agentsHookStore.js'] },
  { ...node, entryPoints: ['src/hooks/hookStore.ts'], outfile: 'dist/agentsHookStore.js' },
  // The resident process (docs/AGENTS.md, "The resident process"): its client, which every hooked
  // tool call loads (node:fs, node:net and node:path only: no zod, no sql.js, no git); the hook
  // done in the calling process when the resident one does not answer; and the process itself.
  {
    ...node,
    entryPoints: ['src/daemon/clientMain.ts'],
    outfile: 'dist/agentsClient.js',
    external: [...node.external, './cliMain.js', './agentsHook.js', './agentsHookRun.js'],
    define: { AGENTS_VERSION: JSON.stringify(packageJson.version) },
  },
  { ...node, entryPoints: ['src/daemon/hookRunEntry.ts'], outfile: 'dist/agentsHookRun.js', external: [...node.external, './agentsHookStore.js'] },
  { ...node, entryPoints: ['src/daemon/daemonMain.ts'], outfile: 'dist/agentsDaemon.js', define: { AGENTS_VERSION: JSON.stringify(packageJson.version) } },
  // `agents hook install|uninstall|status`: writes the agents' hook configurations.
  { ...node, entryPoints: ['src/hooks/install/main.ts'], outfile: 'dist/agentsHookAdmin.js', define: { AGENTS_VERSION: JSON.stringify(packageJson.version) } },
  // its unified diff (`--dry-run`, `--format json`, with jsdiff), read by the runs that show one
  { ...node, entryPoints: ['src/hooks/install/unifiedDiff.ts'], outfile: 'dist/agentsHookDiff.js' },
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
// a production build must not leave the development build's sourcemaps beside its bundles
if (production) for (const b of builds) rmSync(`${b.outfile}.map`, { force: true });
copyFileSync(require.resolve('sql.js/dist/sql-wasm.wasm'), 'dist/sql-wasm.wasm');

// dist/agentsFast.sh, which bin/agents runs first: the fast client's lines for this version
// (src/daemonClient/fastClientScript.ts, fastCliLines), bundled and called here.
const fastCli = await esbuild.build({ ...node, sourcemap: false, minify: false, write: false, stdin: { contents: "export { fastCliLines } from './src/daemonClient/fastClientScript';", resolveDir: '.', loader: 'ts' } });
const fastCliModule = { exports: {} };
new Function('module', 'exports', 'require', fastCli.outputFiles[0].text)(fastCliModule, fastCliModule.exports, require);
writeFileSync('dist/agentsFast.sh', `${fastCliModule.exports.fastCliLines(packageJson.version).join('\n')}\n`);

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
  console.log('[watch] watching for changes');
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile })));
  if (metafile) {
    mkdirSync('dist/meta', { recursive: true });
    for (const [i, r] of results.entries()) writeFileSync(join('dist', 'meta', `${builds[i].outfile.replace(/^dist\//, '').replace(/\.js$/, '')}.json`), JSON.stringify(r.metafile));
  }
}
