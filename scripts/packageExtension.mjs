// `npm run package`: writes cleveragents-checkpoints-<version>.vsix with @vscode/vsce, from the
// production bundles (vsce runs `vscode:prepublish`, i.e. `node esbuild.mjs --production`) and the
// files .vscodeignore lets through, with the README made for the details page (packagedReadme.mjs).
// Fails on any warning of vsce: a package that needs a warning explained is not finished.
//
// Usage: node scripts/packageExtension.mjs [--out FILE]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { packagedReadme } from './packagedReadme.mjs';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/**
 * Packages the extension and returns the .vsix's path.
 * @param {{ out?: string }} [o] default: <repo>/cleveragents-checkpoints-<version>.vsix
 */
export function packageExtension(o = {}) {
  const { name, version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const out = resolve(o.out ?? join(REPO_ROOT, `${name}-${version}.vsix`));
  const readme = join(REPO_ROOT, 'dist', 'package', 'README.md');
  mkdirSync(dirname(readme), { recursive: true });
  writeFileSync(readme, packagedReadme(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'), REPO_ROOT));

  const vsce = join(dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
  const args = [
    vsce, 'package',
    // the bundles hold the dependencies
    '--no-dependencies',
    // no public repository yet: nothing to rewrite relative links to, and none to name
    '--no-rewrite-relative-links',
    '--allow-missing-repository',
    '--readme-path', relative(REPO_ROOT, readme),
    '--out', out,
  ];
  const r = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  if (r.status !== 0) throw new Error(`vsce package exited with ${r.status ?? r.signal}`);
  const warnings = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => /\bwarn(ing)?\b/i.test(l));
  if (warnings.length) throw new Error(`vsce package warned:\n${warnings.join('\n')}`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  try {
    console.log(`[package] ${packageExtension(values)}`);
  } catch (e) {
    console.error(`[package] FAILED: ${e.message}`);
    process.exit(1);
  }
}
