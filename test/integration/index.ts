// Entry point of the integration tests inside the VS Code extension host: the `extensionTestsPath`
// module. VS Code requires it and awaits `run()`; a rejection is a failed run. Same contract as
// @vscode/test-electron, so scripts/runIntegrationTests.mjs (code-server + chromium) and
// scripts/runIntegrationTestsElectron.mjs (desktop VS Code) both use it.
import * as fs from 'node:fs';
import * as path from 'node:path';

type MochaClass = typeof import('mocha');

/** Mocha 12 is an ES module: the host's Node must be able to require() one (Node 20.19+ or 22.12+). */
function loadMocha(): MochaClass {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const m = require('mocha') as MochaClass & { default?: MochaClass };
    return m.default ?? m;
  } catch (e) {
    throw new Error(`cannot load mocha in this extension host (Node ${process.versions.node}; mocha 12 needs require() of ES modules, Node 20.19+ or 22.12+): ${String(e)}`);
  }
}

function findTests(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (entry.name.endsWith('.itest.js')) found.push(full);
  }
  return found.sort();
}

export async function run(): Promise<void> {
  const Mocha = loadMocha();
  const mocha = new Mocha({
    ui: 'bdd',
    // the output goes through the extension host's console to the runner: no escape codes
    color: false,
    reporter: 'spec',
    timeout: Number(process.env.MOCHA_TIMEOUT ?? 20_000),
    grep: process.env.MOCHA_GREP || undefined,
  });
  // mocha colours its ✔ and ✖ whatever `color` says when it thinks the terminal can (CI=true)
  const ansi = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');
  const symbols = (Mocha.reporters.Base as unknown as { symbols: Record<string, string> }).symbols;
  for (const k of Object.keys(symbols)) symbols[k] = symbols[k].replace(ansi, '');
  const files = findTests(__dirname);
  if (files.length === 0) throw new Error(`no *.itest.js under ${__dirname}: did tsc -p . run?`);
  for (const f of files) mocha.addFile(f);
  await mocha.loadFilesAsync();
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}
