// The extension is five bundles (esbuild.mjs): dist/extension.js, what activation reads, and four
// read when first used, dist/extensionEngine.js (sql.js's glue, the store, the services),
// dist/extensionInstaller.js (Connect an Agent's installer), dist/extensionTools.js (the language
// model tools) and dist/extensionCommands.js (rollback, decisions, the plan's lifecycle, the ways
// out, remotes and the API). A module found in two of them runs as two copies in the extension
// host: what they share (the errors the extension tells apart, the git relay, the operations this
// process runs, state kept with core/sharedAcrossBundles.ts) must not depend on which copy is asked.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as errors from '../../src/core/errors';
import * as gitRelayModule from '../../src/adapters/shadowStore/gitRelay';
import * as journalModule from '../../src/adapters/files/fileOperationJournal';
import * as sharedModule from '../../src/core/sharedAcrossBundles';
import type { InterruptedOperation } from '../../src/core/interruptedOperation';
import { REPO_ROOT } from './helpers/cliHarness';
import { useTempDirs } from './helpers/tempDir';

/** A second copy of a compiled module, as a second bundle holds it; the first stays the one cached. */
function secondCopy<T>(loaded: T, request: string): T {
  const file = require.resolve(request);
  const first = require.cache[file];
  assert.equal(first?.exports, loaded, `${request} is the module this test imported`);
  delete require.cache[file];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const copy = require(file) as T;
    assert.notEqual(copy, loaded, 'a copy of its own');
    return copy;
  } finally {
    require.cache[file] = first;
  }
}

/** The modules a development bundle holds: esbuild marks each with a comment naming its file. */
function bundledModules(bundle: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, 'dist', bundle), 'utf8');
  // a dependency's path as from the repository, however node_modules is reached (a link, a parent folder)
  return [...text.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((m) => m[1]!).map((m) => (m.includes('node_modules/') ? m.slice(m.lastIndexOf('node_modules/')) : m));
}

describe('The extension’s bundles', () => {
  const tempDir = useTempDirs();

  it('an error made by another copy of the errors module is told apart by instanceof as one of this copy’s', () => {
    const other = secondCopy(errors, '../../src/core/errors');
    const unreadable = new other.UnreadableDatabaseError('damaged');
    assert.ok(unreadable instanceof errors.UnreadableDatabaseError);
    assert.ok(unreadable instanceof errors.StoreError, 'its base classes too');
    assert.ok(unreadable instanceof errors.CheckpointError);
    assert.ok(unreadable instanceof Error);
    assert.ok(!(unreadable instanceof errors.NotFoundError), 'and not another class');
    assert.ok(!(new other.StoreError('x') instanceof errors.UnreadableDatabaseError), 'nor a subclass of its own');
    assert.ok(new errors.NotFoundError('plan') instanceof other.NotFoundError, 'both ways');
    assert.ok(!({ name: 'NotFoundError', message: 'x' } instanceof errors.NotFoundError), 'a look-alike object is not one');
    assert.ok(!(new Error('x') instanceof errors.CheckpointError));
  });

  it('the git relay the extension starts is the one its engine’s copy of the module runs git through', () => {
    const other = secondCopy(gitRelayModule, '../../src/adapters/shadowStore/gitRelay');
    const before = gitRelayModule.gitRelay();
    const relay = { close: () => undefined } as unknown as gitRelayModule.GitRelay;
    try {
      gitRelayModule.setGitRelay(relay);
      assert.equal(other.gitRelay(), relay);
      other.setGitRelay(undefined);
      assert.equal(gitRelayModule.gitRelay(), undefined);
    } finally {
      gitRelayModule.setGitRelay(before);
    }
  });

  it('an operation this process began through one copy of the journal is running for another copy', async () => {
    const root = tempDir();
    const other = secondCopy(journalModule, '../../src/adapters/files/fileOperationJournal');
    const planId = '01JB0000000000000000000000';
    const operation: InterruptedOperation = {
      type: 'cleanup',
      plan_id: planId,
      target_checkpoint_id: null,
      undo_checkpoint_id: null,
      sandbox_key: planId,
      from_ref: null,
      to_ref: null,
      started_at: new Date().toISOString(),
      pid: process.pid,
      host: os.hostname(),
    };
    await new other.FileOperationJournal(root).begin(operation);
    const here = new journalModule.FileOperationJournal(root);
    assert.equal(here.ownerRunning(operation), true, 'begun by this process and not ended: in progress, not interrupted');
    await here.end(planId);
    assert.equal(new other.FileOperationJournal(root).ownerRunning(operation), false);
  });

  it('state kept with sharedAcrossBundles is one object for every copy of a module, by its name', () => {
    const other = secondCopy(sharedModule, '../../src/core/sharedAcrossBundles');
    const name = `test.${process.pid}.${Date.now()}`;
    const here = sharedModule.sharedAcrossBundles(name, () => ({ probe: 'set at activation' }));
    assert.equal(other.sharedAcrossBundles(name, () => ({ probe: 'made again' })), here);
    assert.notEqual(other.sharedAcrossBundles(`${name}.other`, () => ({ probe: '' })), here, 'another name, another object');
  });

  it('activation’s bundle holds neither sql.js, the store and the shadow store, the installer nor the commands on plans; the parts read later do', () => {
    const extension = bundledModules('extension.js');
    assert.ok(extension.includes('src/extension/extension.ts'), `the check reads the bundle's module comments: ${extension.slice(0, 5).join(', ')}`);
    const late = (m: string) =>
      m.includes('node_modules/sql.js/') ||
      m.includes('node_modules/jsonc-parser/') ||
      m.includes('node_modules/diff/') ||
      (m.startsWith('src/adapters/sqlStore/') && m !== 'src/adapters/sqlStore/databasePaths.ts') ||
      (m.startsWith('src/adapters/shadowStore/') && !/\/gitRelay(Program)?\.ts$/.test(m)) ||
      (m.startsWith('src/hooks/install/') && m !== 'src/hooks/install/stableCli.ts') ||
      m.startsWith('src/agentTools/') ||
      m === 'src/extension/languageModelTools/languageModelTools.ts' ||
      m === 'src/extension/commandControllers.ts' ||
      /^src\/extension\/(rollback\/rollbackCommands|rollback\/panel\/rollbackPanel|decisions\/decisionCommands|planLifecycle\/planLifecycleCommands|waysOut\/waysOutCommands|remote\/remoteCommands|api\/agentApi)\.ts$/.test(m) ||
      /^src\/remote\/(remoteCommands|remotePush|remoteFetch|remotePrune|transportRepo|snapshotFilter)\.ts$/.test(m) ||
      m === 'src/composition.ts' ||
      m === 'src/extensionEngine.ts';
    assert.deepEqual(extension.filter(late), []);
    const engine = bundledModules('extensionEngine.js');
    for (const m of ['node_modules/sql.js/dist/sql-wasm.js', 'src/adapters/sqlStore/sqlJsCheckpointStore.ts', 'src/adapters/shadowStore/shadowGitSandbox.ts', 'src/composition.ts', 'src/remote/remoteCommands.ts']) {
      assert.ok(engine.some((e) => e.endsWith(m)), `${m} is in dist/extensionEngine.js`);
    }
    const installer = bundledModules('extensionInstaller.js');
    for (const m of ['src/hooks/install/hookInstaller.ts', 'src/hooks/install/activationRewrite.ts']) assert.ok(installer.includes(m), `${m} is in dist/extensionInstaller.js`);
    assert.ok(installer.some((m) => m.includes('node_modules/jsonc-parser/')));
    const tools = bundledModules('extensionTools.js');
    for (const m of ['src/agentTools/agentTools.ts', 'src/extension/languageModelTools/languageModelTools.ts']) assert.ok(tools.includes(m), `${m} is in dist/extensionTools.js`);
    const commands = bundledModules('extensionCommands.js');
    for (const m of ['src/extension/commandControllers.ts', 'src/extension/rollback/rollbackCommands.ts', 'src/extension/rollback/panel/rollbackPanel.ts', 'src/extension/decisions/decisionCommands.ts', 'src/extension/planLifecycle/planLifecycleCommands.ts', 'src/extension/api/agentApi.ts']) {
      assert.ok(commands.includes(m), `${m} is in dist/extensionCommands.js`);
    }
  });
});
