// The extension in a real extension host: activation, its contributions, the tree read from a
// database made by the services, commands run with arguments, and refresh on outside changes.
// The test makes its own services on the open folder, as the CLI or another window would.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceServices } from '../../src/composition';
import type { CheckpointsApi, TreeRow } from '../../src/extension/api/api';
import { CommandTitles, Commands, TRUSTED_ONLY_COMMANDS, TREE_VIEW_ID, type CommandName } from '../../src/extension/commandIds';
import { parseFolderSettings } from '../../src/extension/settings';
import { formatBytes } from '../../src/core/formatBytes';
import { REFRESH_DEBOUNCE_MS, REFRESH_MAX_WAIT_MS } from '../../src/extension/tree/checkpointTree';
import { formatRelativeTime } from '../../src/extension/tree/treePresentation';
import { EXTENSION_ID, outsideServices } from './extensionUnderTest';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

interface Contributions {
  commands: { command: string; title: string; category?: string; icon?: string }[];
  menus: Record<string, { command: string; when?: string }[]>;
  views: Record<string, { id: string }[]>;
  viewsWelcome: { view: string; when?: string; contents: string }[];
  configuration: { properties: Record<string, { markdownDescription?: string; default?: unknown }> };
}

/** Resolves at the next event, rejects after `ms`. */
function nextEvent(event: vscode.Event<void>, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no ${what} within ${ms} ms`));
    }, ms);
    const sub = event(() => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function planRow(rows: TreeRow[], title: string): TreeRow {
  const row = rows.find((r) => r.label === title);
  assert.ok(row, `no plan row "${title}" in ${rows.map((r) => r.label).join(' | ')}`);
  return row;
}

describe('Checkpoints extension', function () {
  this.timeout(60_000);
  let extension: vscode.Extension<CheckpointsApi>;
  let wasActive: boolean;
  let api: CheckpointsApi;
  let root: string;
  let outside: WorkspaceServices;
  const databaseFile = () => path.join(root, '.cleveragents', 'cleveragents.db');

  before(async () => {
    const found = vscode.extensions.getExtension<CheckpointsApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    extension = found;
    wasActive = extension.isActive;
    api = await extension.activate();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    outside = outsideServices(root, { maxFileBytes: 64 });
  });

  after(() => outside?.dispose());

  describe('activation and contributions', () => {
    it('activates, exports its API, and has not loaded the engine yet', function () {
      assert.equal(extension.isActive, true);
      assert.equal(api.apiVersion, 1);
      if (wasActive) this.skip(); // something else used it first: its engine may be loaded
      assert.equal(api.engineLoaded, false, 'sql.js/git were loaded at activation');
      // nor the commands on plans and checkpoints: stand-ins hold their ids (commandsOnFirstUse.ts)
      const commandsPart = () => Object.keys(require.cache).some((f) => /[\\/](extensionCommands|commandControllers)\.js$/.test(f));
      assert.equal(commandsPart(), false, 'dist/extensionCommands.js was read at activation');
      assert.equal(typeof api.rollback, 'function');
    });

    it('registers exactly the commands package.json contributes, with titles, the category and icons', async () => {
      const contributes = extension.packageJSON.contributes as Contributions;
      const contributed = contributes.commands.map((c) => c.command).sort();
      assert.deepEqual(contributed, Object.values(Commands).sort());
      const registered = new Set(await vscode.commands.getCommands(true));
      for (const id of contributed) assert.ok(registered.has(id), `${id} is contributed but not registered`);
      for (const c of contributes.commands) {
        const name = (Object.keys(Commands) as CommandName[]).find((k) => Commands[k] === c.command)!;
        assert.equal(c.title, CommandTitles[name], `title of ${c.command}`);
        assert.equal(c.category, 'Checkpoints', `category of ${c.command}`);
        assert.match(c.icon ?? '', /^\$\([a-z-]+\)$/, `codicon of ${c.command}`);
      }
    });

    it('shows write commands only in trusted workspaces, and menus only name known commands', () => {
      const contributes = extension.packageJSON.contributes as Contributions;
      const known = new Set<string>(Object.values(Commands));
      const trustedOnly = new Set<string>(TRUSTED_ONLY_COMMANDS.map((n) => Commands[n]));
      for (const [menu, entries] of Object.entries(contributes.menus)) {
        for (const entry of entries) {
          assert.ok(known.has(entry.command), `${menu} names unknown command ${entry.command}`);
          if (trustedOnly.has(entry.command)) assert.match(entry.when ?? '', /\bisWorkspaceTrusted\b/, `${menu}: ${entry.command} lacks the trust clause`);
        }
      }
      assert.deepEqual(Object.values(contributes.views).flat().map((v) => v.id), [TREE_VIEW_ID]);
      assert.ok(contributes.viewsWelcome.some((w) => w.contents.includes(`command:${Commands.createPlan}`)), 'no welcome view with a Create Plan button');
      for (const [key, setting] of Object.entries(contributes.configuration.properties)) {
        assert.ok(setting.markdownDescription, `${key} has no markdownDescription`);
      }
      assert.equal(extension.packageJSON.capabilities.untrustedWorkspaces.supported, 'limited');
    });

    it('validates settings, falling back to defaults with a message', () => {
      const good = parseFolderSettings((k) => ({ 'database.path': './data\\cp.db', 'retention.maxCheckpoints': 7, 'retention.autoPrune': false, 'snapshot.maxFileSizeMiB': 0.5 })[k]);
      assert.deepEqual(good.problems, []);
      assert.deepEqual(good.settings, { databasePath: 'data/cp.db', retention: { max_checkpoints: 7, auto_prune: false }, maxFileBytes: 512 * 1024 });
      const bad = parseFolderSettings((k) => ({ 'database.path': '../outside.db', 'retention.maxCheckpoints': 500, 'snapshot.maxFileSizeMiB': -1 })[k]);
      assert.deepEqual(bad.settings, { databasePath: '.cleveragents/cleveragents.db', retention: { max_checkpoints: 50, auto_prune: true }, maxFileBytes: 5 * 1024 * 1024 });
      assert.equal(bad.problems.length, 3);
      assert.match(bad.problems[0], /database\.path.*\.\..*using "\.cleveragents\/cleveragents\.db"/);
    });

    it('formats times and sizes for the tree', () => {
      const now = new Date('2026-01-10T12:00:00Z');
      assert.equal(formatRelativeTime('2026-01-10T11:59:30Z', now), 'just now');
      assert.equal(formatRelativeTime('2026-01-10T11:55:00Z', now), '5 min ago');
      assert.equal(formatRelativeTime('2026-01-10T09:00:00Z', now), '3 h ago');
      assert.equal(formatRelativeTime('2026-01-09T11:00:00Z', now), 'yesterday');
      assert.equal(formatBytes(512), '512 B');
      assert.equal(formatBytes(1536), '1.5 KiB');
      assert.equal(formatBytes(300 * 1024 * 1024), '300 MiB');
    });
  });

  describe('the tree', () => {
    let refactor: string;
    let checkpointIds: string[];

    it('is empty (the welcome view) while there is no database, and listing creates none', async () => {
      assert.equal(fs.existsSync(databaseFile()), false, 'the fixture already has a database');
      assert.deepEqual(await api.describeTree(), []);
      assert.equal(fs.existsSync(path.join(root, '.cleveragents')), false, 'listing created .cleveragents/');
    });

    it('lists the plans and checkpoints the services made: newest first, icons per type, tooltips', async () => {
      const plan = await outside.plans.createPlan({ title: 'Refactor the greeting', sandbox: 'src' });
      refactor = plan.plan_id;
      fs.writeFileSync(path.join(root, 'src', 'big.bin'), Buffer.alloc(200, 1)); // over the test's 64-byte limit
      execFileSync('mkfifo', [path.join(root, 'src', 'dev.pipe')]); // never opened, listed
      const manual = await outside.checkpoints.createCheckpoint(refactor, { type: 'manual', reason: 'Before the refactor' });
      fs.writeFileSync(path.join(root, 'src', 'greet.js'), 'module.exports = (n) => `Hi ${n}`;\n');
      const pre = await outside.checkpoints.createCheckpoint(refactor, { type: 'pre_write', sourceTool: 'edit_file', phase: 'execute' });
      const post = await outside.checkpoints.createCheckpoint(refactor, { type: 'post_step', phase: 'execute', extra: { step: 'rename | greet' } });
      checkpointIds = [post.checkpoint.checkpoint_id, pre.checkpoint.checkpoint_id, manual.checkpoint.checkpoint_id];
      const shipped = await outside.plans.createPlan({ title: 'Shipped work', sandbox: '.' });
      await outside.checkpoints.createCheckpoint(shipped.plan_id, { reason: 'Done' });
      await outside.plans.applyPlan(shipped.plan_id);
      const dropped = await outside.plans.createPlan({ title: 'Dropped idea' });
      await outside.plans.setState(dropped.plan_id, 'cancelled');

      const rows = await api.describeTree();
      assert.deepEqual(rows.map((r) => r.label), ['Dropped idea', 'Shipped work', 'Refactor the greeting']);

      const p = planRow(rows, 'Refactor the greeting');
      assert.equal(p.description, 'draft · src/');
      assert.equal(p.contextValue, 'plan.draft.in_place');
      assert.equal(p.icon, 'circle-large-outline');
      assert.equal(p.collapsible, 'expanded');
      // The hover names the plan's short id (what the CLI takes), never the whole one.
      assert.match(p.tooltip ?? '', /at most 50 checkpoints[\s\S]*\| Id \| `[0-9A-Z]{4,16}`/);
      assert.ok(!(p.tooltip ?? '').includes(refactor), p.tooltip);
      assert.deepEqual(p.children.map((c) => c.label), ['After a change', 'Before edit_file', 'Before the refactor']);
      assert.deepEqual(p.children.map((c) => c.icon), ['milestone', 'edit', 'bookmark']);
      assert.deepEqual(p.children.map((c) => c.contextValue), ['checkpoint.draft', 'checkpoint.draft', 'checkpoint.draft.first']);
      assert.deepEqual(p.children.map((c) => c.id.split('/').pop()), checkpointIds);
      for (const c of p.children) assert.match(c.description ?? '', /^just now · \d+(\.\d)? (B|KiB) · \d+ not captured$/, 'a skipped file is marked on its row');

      const manualTip = p.children[2].tooltip ?? '';
      for (const part of ['Before the refactor', 'Checkpoint', 'Not captured', '`big.bin`', '`dev.pipe`: named pipe (FIFO), never opened', manual.checkpoint.checkpoint_id.slice(-4)]) {
        assert.ok(manualTip.includes(part), `the tooltip lacks ${part}:\n${manualTip}`);
      }
      // What a person does not need: whole ids, hashes, refs, the reference's type names and phases.
      for (const part of [manual.checkpoint.checkpoint_id, manual.checkpoint.sandbox_ref, refactor, 'manual', 'Phase', 'Audit']) assert.ok(!manualTip.includes(part), `the tooltip shows ${part}:\n${manualTip}`);
      const preTip = p.children[1].tooltip ?? '';
      assert.ok(preTip.includes('| Tool | edit\\_file |') && !preTip.includes('pre_write'), preTip);

      const applied = planRow(rows, 'Shipped work');
      assert.equal(applied.contextValue, 'plan.applied.in_place');
      assert.deepEqual(applied.children.map((c) => c.contextValue), ['checkpoint.applied.first']);
      assert.equal(applied.icon, 'verified-filled');
      assert.equal(applied.description, 'applied · whole folder');
      assert.equal(applied.collapsible, 'collapsed');
      const cancelled = planRow(rows, 'Dropped idea');
      assert.equal(cancelled.icon, 'circle-slash');
      assert.equal(cancelled.collapsible, 'none');
      assert.equal(api.engineLoaded, true);
    });

    it('creates a manual checkpoint through executeCommand with arguments', async () => {
      const id = await vscode.commands.executeCommand<string | undefined>(Commands.createCheckpoint, { planId: refactor, reason: 'From the command' });
      assert.match(id ?? '', ULID);
      const made = await outside.checkpoints.getCheckpoint(refactor, id!);
      assert.equal(made.checkpoint_type, 'manual');
      assert.equal(made.metadata.reason, 'From the command');
      assert.equal(made.metadata.source_tool, 'vscode');
      const p = planRow(await api.describeTree(), 'Refactor the greeting');
      assert.equal(p.children[0].label, 'From the command');
      assert.equal(p.children[0].id.split('/').pop(), id);
    });

    it('creates a plan, sets its retention policy and deletes a checkpoint through commands', async () => {
      const planId = await vscode.commands.executeCommand<string | undefined>(Commands.createPlan, { title: 'Plan from a command', sandbox: 'src' });
      assert.match(planId ?? '', ULID);
      await vscode.commands.executeCommand(Commands.setRetentionPolicy, { planId, maxCheckpoints: 3, autoPrune: false });
      assert.deepEqual((await outside.plans.getPlan(planId!)).retention, { max_checkpoints: 3, auto_prune: false });

      const victim = checkpointIds[1];
      await vscode.commands.executeCommand(Commands.deleteCheckpoint, { planId: refactor, checkpointId: victim, skipConfirmation: true });
      const ids = (await outside.checkpoints.listCheckpoints(refactor)).map((c) => c.checkpoint_id);
      assert.equal(ids.includes(victim), false);
      const rows = await api.describeTree();
      assert.equal(rows[0].label, 'Plan from a command');
      assert.equal(planRow(rows, 'Refactor the greeting').children.some((c) => c.id.endsWith(victim)), false);
    });

    it('refuses bad arguments with a validation error and changes nothing', async () => {
      const before = (await outside.checkpoints.listCheckpoints(refactor)).length;
      const result = await vscode.commands.executeCommand(Commands.createCheckpoint, { planId: 'not-a-plan', reason: 'x' });
      assert.equal(result, undefined);
      assert.equal((await outside.checkpoints.listCheckpoints(refactor)).length, before);
    });

    it('refreshes by itself when the database changes outside, a burst making few refreshes', async () => {
      // let the refreshes of the previous tests pass
      await sleep(1200);
      let count = 0;
      const sub = api.onDidChangeTree(() => (count += 1));
      try {
        const changed = nextEvent(api.onDidChangeTree, 10_000, 'tree refresh after an outside write');
        const made = await outside.checkpoints.createCheckpoint(refactor, { reason: 'Made outside' });
        await changed;
        const p = planRow(await api.describeTree(), 'Refactor the greeting');
        assert.equal(p.children[0].label, 'Made outside');
        assert.equal(p.children[0].id.split('/').pop(), made.checkpoint.checkpoint_id);

        await sleep(1200);
        count = 0;
        const burstStarted = performance.now();
        for (let i = 1; i <= 8; i++) await outside.plans.setRetentionPolicy(refactor, { max_checkpoints: 40 + i });
        const burstMs = performance.now() - burstStarted;
        // The first refresh is waited for as an event (a busy machine delays it); then as long again
        // as the debounce can hold one back, for the refreshes the burst may still cause.
        if (count === 0) await nextEvent(api.onDidChangeTree, 10_000, 'a tree refresh after 8 writes');
        await sleep(REFRESH_MAX_WAIT_MS + REFRESH_DEBOUNCE_MS);
        // The debounce holds a refresh back at most REFRESH_MAX_WAIT_MS: a burst that itself took
        // longer (a busy machine) may earn one refresh per such stretch.
        const allowed = 3 + Math.floor(burstMs / REFRESH_MAX_WAIT_MS);
        assert.ok(count <= allowed, `${count} refreshes for a burst of 8 writes in ${burstMs.toFixed(0)} ms (at most ${allowed})`);
        assert.match(planRow(await api.describeTree(), 'Refactor the greeting').tooltip ?? '', /at most 48 checkpoints/);
      } finally {
        sub.dispose();
      }
    });

    it('refreshes by itself when only the database\'s write log changes (a large database\'s writes)', async () => {
      await sleep(1200);
      const logging = outsideServices(root, { maxFileBytes: 64, writeLog: { minDatabaseBytes: 0 } });
      const database = path.join(root, '.cleveragents', 'cleveragents.db');
      try {
        const before = fs.readFileSync(database);
        const changed = nextEvent(api.onDidChangeTree, 10_000, 'tree refresh after an append to the write log');
        const made = await logging.checkpoints.createCheckpoint(refactor, { reason: 'Made into the log' });
        assert.ok(fs.existsSync(`${database}.log`), 'the write went to the log');
        assert.deepEqual(fs.readFileSync(database), before, 'the file itself did not change');
        await changed;
        const p = planRow(await api.describeTree(), 'Refactor the greeting');
        assert.equal(p.children[0].label, 'Made into the log');
        assert.equal(p.children[0].id.split('/').pop(), made.checkpoint.checkpoint_id);
        assert.equal(await logging.store.fold(), true);
      } finally {
        logging.dispose();
      }
    });

    it('shows a database it cannot read as an error row, and follows the database setting', async () => {
      fs.writeFileSync(path.join(root, 'not-a-database.db'), 'hello, I am text');
      const config = vscode.workspace.getConfiguration('cleveragents.checkpoints');
      await config.update('database.path', 'not-a-database.db', vscode.ConfigurationTarget.Workspace);
      try {
        const rows = await api.describeTree();
        // One line that says so, the reason in its tooltip (no literal \n), and the way out as the row below.
        assert.equal(rows.length, 2);
        assert.equal(rows[0].contextValue, 'message.unreadableDatabase');
        assert.equal(rows[0].icon, 'error');
        assert.equal(rows[0].label, 'Checkpoint database unreadable');
        assert.match(rows[0].tooltip ?? '', /^The file .*not-a-database\.db is not an SQLite database\. .* Click to open the log;/);
        assert.doesNotMatch(rows[0].tooltip ?? '', /\\n|\n/);
        assert.equal(rows[1].label, 'Move Aside and Start Fresh…');
      } finally {
        await config.update('database.path', undefined, vscode.ConfigurationTarget.Workspace);
      }
      assert.equal(fs.readFileSync(path.join(root, 'not-a-database.db'), 'utf8'), 'hello, I am text', 'the foreign file was changed');
      assert.ok((await api.describeTree()).some((r) => r.label === 'Refactor the greeting'));
    });
  });
});
