// Ways out of dead ends in a real extension host (issue 25, item 3): a plan whose isolated sandbox
// folder was deleted (its row, its menus, Start refused, Recreate Sandbox from Checkpoint), and a
// database that cannot be read (Create Plan refuses before asking anything, the status bar says
// so, Move Database Aside and Start Fresh renames it). The unreadable database is another file
// (the database.path setting), so the other tests' database is never touched.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceServices } from '../../src/composition';
import type { CheckpointsApi, TreeRow } from '../../src/extension/api/api';
import { Commands } from '../../src/extension/commandIds';
import { TESTING_PANEL_COMMAND } from '../../src/extension/rollback/rollbackCommandIds';
import { activateExtension, dialogs, menuFor, outsideServices } from './extensionUnderTest';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const GARBAGE_DB = '.cleveragents/ways-out-garbage.db';

/** Runs a command, failing (instead of hanging) when it waits for an answer that no one gives. */
async function settlesWithoutAsking<T>(work: Thenable<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const asked = new Promise<'asked'>((resolve) => (timer = setTimeout(() => resolve('asked'), 15_000)));
  const result = await Promise.race([Promise.resolve(work), asked]);
  clearTimeout(timer);
  if (result === 'asked') {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.fail('the command waited for an answer (a question was asked) instead of refusing at once');
  }
  return result as T;
}

describe('Ways out of dead ends from VS Code', function () {
  this.timeout(90_000);
  let api: CheckpointsApi;
  let root: string;
  let outside: WorkspaceServices;
  const config = () => vscode.workspace.getConfiguration('cleveragents.checkpoints');

  before(async () => {
    ({ api, root } = await activateExtension());
    outside = outsideServices(root);
    await dialogs();
  });

  after(async () => {
    await config().update('database.path', undefined, vscode.ConfigurationTarget.Workspace);
    outside.dispose();
  });

  it('a plan whose isolated sandbox is gone: the row says so, offers Recreate and Cancel, Start refuses plainly, Recreate brings the files back', async () => {
    const plan = await outside.plans.createPlan({ title: 'Ways out: isolated', isolated: true });
    const dir = path.join(root, plan.sandbox_path);
    fs.writeFileSync(path.join(dir, 'work.txt'), 'work in the copy\n');
    await outside.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Work so far' });
    fs.rmSync(dir, { recursive: true });

    const row = (await api.describeTree()).find((r: TreeRow) => r.id.endsWith(`#plan/${plan.plan_id}`));
    assert.equal(row?.description, 'sandbox missing · draft · isolated copy');
    assert.equal(row?.icon, 'warning');
    assert.match(row?.tooltip ?? '', /Sandbox missing/);
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } };
    const menu = menuFor(pkg.contributes.menus['view/item/context'], row!.contextValue!);
    assert.deepEqual(menu, ['cancelPlan', 'cancelPlan (inline)', 'copyPlanId', 'deletePlan', 'pushSession', 'recreateSandbox', 'recreateSandbox (inline)', 'setRetentionPolicy']);

    await dialogs();
    assert.equal(await vscode.commands.executeCommand(Commands.startPlan, { planId: plan.plan_id }), undefined);
    const said = await dialogs();
    assert.ok(said.some((d) => d.kind === 'error' && /^Start blocked: the sandbox folder .* is missing; recreate it from the newest checkpoint, or cancel the plan$/.test(d.message)), JSON.stringify(said));
    assert.equal((await outside.plans.getPlan(plan.plan_id)).state, 'draft');

    await dialogs(['Recreate Sandbox']);
    const checkpointId = await vscode.commands.executeCommand<string>(Commands.recreateSandbox, { planId: plan.plan_id });
    const asked = (await dialogs()).find((d) => d.kind === 'confirm');
    assert.match(asked?.message ?? '', /^Recreate the sandbox of “Ways out: isolated” from “Work so far” \((just now|\d+ min ago)\)\?$/);
    assert.equal(checkpointId, (await outside.checkpoints.listCheckpoints(plan.plan_id)).at(-1)?.checkpoint_id);
    assert.equal(fs.readFileSync(path.join(dir, 'work.txt'), 'utf8'), 'work in the copy\n');
    const after = (await api.describeTree()).find((r: TreeRow) => r.id.endsWith(`#plan/${plan.plan_id}`));
    assert.equal(after?.description, 'draft · isolated copy');
    await outside.plans.deletePlan(plan.plan_id);
  });

  it('an unreadable database: Create Plan refuses before asking, the status bar says so, Move Aside renames it with the time', async () => {
    const garbage = path.join(root, ...GARBAGE_DB.split('/'));
    fs.mkdirSync(path.dirname(garbage), { recursive: true });
    fs.writeFileSync(garbage, 'not a database at all\n'.repeat(10));
    await config().update('database.path', GARBAGE_DB, vscode.ConfigurationTarget.Workspace);

    assert.equal(await settlesWithoutAsking(vscode.commands.executeCommand(Commands.createPlan)), undefined);

    const probe = await vscode.commands.executeCommand<{ statusBar?: string }>(TESTING_PANEL_COMMAND, { refreshStatusBar: true });
    assert.equal(probe?.statusBar, '$(error) Checkpoints: database unreadable');
    const rows = await api.describeTree();
    assert.equal(rows[0]?.label, 'Checkpoint database unreadable');
    assert.doesNotMatch(rows[0]?.tooltip ?? '', /\\n|\n/, 'one line, without a literal \\n');
    assert.equal(rows[1]?.label, 'Move Aside and Start Fresh…');

    await dialogs(['Move Aside and Start Fresh']);
    const moved = await vscode.commands.executeCommand<string>(Commands.moveDatabaseAside, { folder: root });
    assert.match(path.basename(moved ?? ''), /^ways-out-garbage\.db\.unreadable-\d{8}T\d{6}Z$/);
    assert.equal(fs.readFileSync(moved!, 'utf8'), 'not a database at all\n'.repeat(10));
    assert.equal(fs.existsSync(garbage), false);
    const fresh = await vscode.commands.executeCommand<{ statusBar?: string }>(TESTING_PANEL_COMMAND, { refreshStatusBar: true });
    assert.notEqual(fresh?.statusBar, '$(error) Checkpoints: database unreadable');
    fs.rmSync(moved!);
    await config().update('database.path', undefined, vscode.ConfigurationTarget.Workspace);
  });
});
