// What scripts/runInstalledTests.mjs hands the tests of the installed product: the packages it made
// and the code-server they are installed into (see also e2eHost() in ../e2e/workbench.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface InstalledProduct {
  /** The .vsix `npm run package` made. */
  readonly vsix: string;
  /** The tarball `npm pack` made. */
  readonly tarball: string;
  /** code-server's --extensions-dir, where the .vsix was installed. */
  readonly extensionsDir: string;
  /** code-server's --user-data-dir (User/settings.json, logs/). */
  readonly userDataDir: string;
  /** Fills an empty folder with the demo workspace of `npm start` (scripts/demoData.mjs). */
  readonly prepareDemo: (workspaceDir: string) => Promise<void>;
  /**
   * The page URL opening `folder` in a second code-server (started on first use) that has no
   * extension installed: a user who has not installed this one yet.
   */
  readonly bareUrl: (folder: string) => Promise<string>;
}

declare global {
  var __cleveragentsInstalled: InstalledProduct | undefined;
}

export function installedProduct(): InstalledProduct {
  const product = globalThis.__cleveragentsInstalled;
  if (!product) throw new Error('run these tests with `node scripts/runInstalledTests.mjs` (npm run test:installed), not with mocha alone');
  return product;
}

/** Every line the extension logged so far, in every window of the server (its log files under logs/). */
export function extensionLogLines(): string[] {
  const logs = path.join(installedProduct().userDataDir, 'logs');
  if (!fs.existsSync(logs)) return [];
  return (fs.readdirSync(logs, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => path.basename(f) === 'CleverAgents Checkpoints.log')
    .flatMap((f) => fs.readFileSync(path.join(logs, f), 'utf8').split('\n'))
    .filter(Boolean);
}
