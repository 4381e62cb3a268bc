// The plan's lifecycle from VS Code in a real extension host: Start, Complete, Mark Failed, Cancel,
// Mark Applied, Apply and Delete Plan run as commands (as the palette and code run them), their
// modals answered through the test-mode dialog seam; the guards of an applied plan; automatic
// checkpoints once a plan is started; and the menus' `when` clauses against the rows' context values.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Checkpoint } from '../../api/cleveragents-checkpoints';
import { FileOperationJournal } from '../../src/adapters/files/fileOperationJournal';
import type { WorkspaceServices } from '../../src/composition';
import type { Plan } from '../../src/core/plan';
import type { CheckpointsApi, TreeRow } from '../../src/extension/api/api';
import { Commands, PLAN_LIFECYCLE_COMMAND_NAMES } from '../../src/extension/commandIds';
import { TESTING_PANEL_COMMAND } from '../../src/extension/rollback/rollbackCommandIds';
import { activateExtension, dialogs, menuFor, outsideServices, resetAutoCheckpointSettings, setAutoCheckpointTimings } from './extensionUnderTest';
import { until, writeAndHear } from './until';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const DEBOUNCE_MS = 400;
const MIN_INTERVAL_MS = 800;

describe('Plan lifecycle from VS Code', function () {
  this.timeout(90_000);
  let api: CheckpointsApi;
  let root: string;
  let outside: WorkspaceServices;
  let counter = 0;
  const config = () => vscode.workspace.getConfiguration('cleveragents.checkpoints');

  async function plan(options: { isolated?: boolean; files?: Record<string, string> } = {}): Promise<Plan> {
    counter += 1;
    if (options.isolated) return outside.plans.createPlan({ title: `Lifecycle ${counter}`, isolated: true });
    const dir = `life-${counter}`;
    for (const [name, text] of Object.entries(options.files ?? { 'a.txt': 'a\n' })) {
      fs.mkdirSync(path.join(root, dir), { recursive: true });
      fs.writeFileSync(path.join(root, dir, name), text);
    }
    return outside.plans.createPlan({ title: `Lifecycle ${counter}`, sandbox: dir });
  }

  const run = <T>(name: (typeof PLAN_LIFECYCLE_COMMAND_NAMES)[number], planId: string, extra: object = {}) =>
    vscode.commands.executeCommand<T | undefined>(Commands[name], { planId, ...extra });
  const state = async (planId: string) => (await outside.plans.getPlan(planId)).state;

  before(async () => {
    ({ api, root } = await activateExtension());
    outside = outsideServices(root);
    await dialogs();
  });

  after(async () => {
    await resetAutoCheckpointSettings();
    outside?.dispose();
  });

  it('Start, Complete, Start again, Mark Failed and Cancel move the plan; each change is in its history with its time', async () => {
    const p = await plan();
    const started = await run<Plan>('startPlan', p.plan_id);
    assert.equal(started?.state, 'executing');
    assert.equal((await run<Plan>('completePlan', p.plan_id))?.state, 'completed');
    assert.equal((await run<Plan>('startPlan', p.plan_id))?.state, 'executing');
    assert.equal((await run<Plan>('failPlan', p.plan_id))?.state, 'failed');
    assert.equal((await run<Plan>('cancelPlan', p.plan_id))?.state, 'cancelled');
    const history = await outside.plans.stateHistory(p.plan_id);
    assert.deepEqual(history.map((h) => `${h.from_state}>${h.to_state}`), ['null>draft', 'draft>executing', 'executing>completed', 'completed>executing', 'executing>failed', 'failed>cancelled']);
    assert.equal(history.at(-1)!.changed_at, (await outside.plans.getPlan(p.plan_id)).updated_at);
    assert.deepEqual(await dialogs(), [], 'no dialog for a state change');
  });

  it('a double click on Start starts once and shows no “Start blocked”', async () => {
    const p = await plan();
    await dialogs();
    const [first, second] = await Promise.all([run<Plan>('startPlan', p.plan_id), run<Plan>('startPlan', p.plan_id)]);
    assert.equal(first?.state, 'executing');
    assert.equal(second?.state, 'executing');
    assert.equal((await run<Plan>('startPlan', p.plan_id))?.state, 'executing', 'a click just after it is the same click');
    assert.deepEqual(await dialogs(), [], 'no error shown');
    assert.deepEqual((await outside.plans.stateHistory(p.plan_id)).map((h) => h.to_state), ['draft', 'executing']);
  });

  it('a refused change says which ones are allowed, and changes nothing', async () => {
    const p = await plan();
    assert.equal(await run('completePlan', p.plan_id), undefined);
    assert.equal(await run('failPlan', p.plan_id), undefined);
    const shown = await dialogs();
    assert.deepEqual(shown.map((d) => d.kind), ['error', 'error']);
    assert.equal(shown[0].message, 'Complete blocked: plan is draft; from draft it can become executing, applied or cancelled');
    assert.equal(shown[1].message, 'Mark failed blocked: plan is draft; from draft it can become executing, applied or cancelled');
    assert.equal(await state(p.plan_id), 'draft');
    assert.equal((await outside.plans.stateHistory(p.plan_id)).length, 1);
    // and through the API
    await assert.rejects(api.changePlanState(p.plan_id, 'complete'), /Complete blocked: plan is draft/);
    await assert.rejects(api.changePlanState(p.plan_id, 'finish' as never), /Validation Error: action/);
    assert.equal((await api.changePlanState(p.plan_id, 'start')).state, 'executing');
  });

  it('Mark Applied asks first; once applied, checkpoints and rollbacks are refused and the plan cannot start', async () => {
    const p = await plan();
    const cp = await api.createCheckpoint(p.plan_id, { reason: 'Before' });
    await dialogs([null]);
    assert.equal(await run('markPlanApplied', p.plan_id), undefined);
    let shown = await dialogs();
    assert.equal(shown.length, 1);
    assert.equal(shown[0].message, `Mark “${p.title}” applied?`);
    assert.match(shown[0].detail ?? '', /its changes are already there, and no file is changed now/);
    assert.match(shown[0].detail ?? '', /Its 1 checkpoint stays for the record\./);
    assert.deepEqual(shown[0].actions, ['Mark Applied']);
    assert.equal(await state(p.plan_id), 'draft');

    await dialogs(['Mark Applied']);
    const applied = await run<{ plan: Plan; changes: unknown[] }>('markPlanApplied', p.plan_id);
    assert.equal(applied?.plan.state, 'applied');
    assert.deepEqual(applied?.changes, []);
    await dialogs();

    await assert.rejects(api.createCheckpoint(p.plan_id), /Checkpoint blocked: plan is already applied/);
    await dialogs(['Roll Back']);
    assert.equal(await vscode.commands.executeCommand(Commands.rollback, { planId: p.plan_id, checkpointId: cp.checkpoint_id }), undefined);
    assert.equal(await run('startPlan', p.plan_id), undefined);
    assert.equal(await run('markPlanApplied', p.plan_id), undefined);
    shown = await dialogs();
    assert.deepEqual(
      shown.map((d) => d.message),
      ['Rollback blocked: plan is already applied', 'Start blocked: plan is already applied', 'Apply blocked: plan is already applied'],
    );
    assert.equal((await api.listCheckpoints(p.plan_id)).length, 1);
  });

  it('Apply brings an isolated plan\'s changes into the workspace after a modal that lists them; the wrong kind is explained', async () => {
    const p = await plan({ isolated: true });
    fs.writeFileSync(path.join(root, p.sandbox_path, 'from-isolated.txt'), 'made in the copy\n');
    assert.equal(await run('markPlanApplied', p.plan_id), undefined);
    assert.match((await dialogs())[0]?.message ?? '', /works in an isolated copy; use Apply Plan to Workspace/);

    await dialogs([null]);
    assert.equal(await run('applyPlan', p.plan_id), undefined);
    const shown = await dialogs();
    assert.equal(shown[0].message, `Apply “${p.title}” to the workspace?`);
    assert.match(shown[0].detail ?? '', /^1 file will be added, 0 modified and 0 deleted\.\n\nadd +from-isolated\.txt\n/);
    assert.ok(!fs.existsSync(path.join(root, 'from-isolated.txt')));

    const applied = await api.applyPlan(p.plan_id);
    assert.deepEqual(applied?.changes, [{ path: 'from-isolated.txt', change: 'added' }]);
    assert.equal(fs.readFileSync(path.join(root, 'from-isolated.txt'), 'utf8'), 'made in the copy\n');
    fs.rmSync(path.join(root, 'from-isolated.txt'));
  });

  it('Delete Plan says what goes; Cancel keeps everything, Delete Plan removes the plan, its checkpoints and its isolated sandbox', async () => {
    const p = await plan({ isolated: true });
    await api.createCheckpoint(p.plan_id, { reason: 'one' });
    fs.writeFileSync(path.join(root, p.sandbox_path, 'x.txt'), 'x\n');
    await api.createCheckpoint(p.plan_id, { reason: 'two' });
    await dialogs([null]);
    assert.equal(await run('deletePlan', p.plan_id), undefined);
    const [asked] = await dialogs();
    assert.equal(asked.message, `Delete the plan “${p.title}” (draft)?`);
    assert.match(asked.detail ?? '', /^Its 2 checkpoints \(the newest just now\) and their snapshots, .* of captured files\.\nIts history of states\.\nIts isolated copy of the workspace \([\d,]+ files?\), with any change never applied\.\n\nThis cannot be undone\.$/);
    assert.deepEqual(asked.actions, ['Delete Plan']);
    assert.ok(fs.existsSync(path.join(root, p.sandbox_path)));

    await dialogs(['Delete Plan']);
    const deleted = await run<{ plan_id: string; checkpoint_ids: string[]; removed_sandbox: string | null }>('deletePlan', p.plan_id);
    assert.equal(deleted?.plan_id, p.plan_id);
    assert.equal(deleted?.checkpoint_ids.length, 2);
    assert.equal(deleted?.removed_sandbox, p.sandbox_path);
    assert.ok(!fs.existsSync(path.join(root, p.sandbox_path)));
    await assert.rejects(outside.plans.getPlan(p.plan_id), /Not found: plan/);
    const rows = await api.describeTree();
    assert.ok(!rows.some((r) => r.id.endsWith(p.plan_id)), 'the tree no longer lists it');
  });

  it('Copy Plan ID puts the whole id on the clipboard, which the CLI takes (as it takes any unique prefix)', async () => {
    const p = await plan();
    assert.equal(await vscode.commands.executeCommand(Commands.copyPlanId, { planId: p.plan_id }), p.plan_id);
    assert.equal(await vscode.env.clipboard.readText(), p.plan_id);
  });

  it('each plan row offers only the commands that can work on it (package.json `when` against the rows)', async () => {
    const draft = await plan();
    const executing = await plan();
    await outside.plans.setState(executing.plan_id, 'executing');
    const iso = await plan({ isolated: true });
    const cancelled = await plan();
    await outside.plans.setState(cancelled.plan_id, 'cancelled');
    const rolled = await plan();
    const first = await api.createCheckpoint(rolled.plan_id, { reason: 'first' });
    fs.writeFileSync(path.join(root, rolled.sandbox_path, 'a.txt'), 'changed\n');
    await api.rollback(rolled.plan_id, first.checkpoint_id);

    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } };
    const menus = pkg.contributes.menus['view/item/context'];
    const rows = await api.describeTree();
    const row = (p: Plan): TreeRow => rows.find((r) => r.id.endsWith(`#plan/${p.plan_id}`))!;
    const common = ['cancelPlan', 'copyPlanId', 'createCheckpoint', 'createCheckpoint (inline)', 'deletePlan', 'pushSession', 'setRetentionPolicy'];
    assert.deepEqual(menuFor(menus, row(draft).contextValue!), [...common, 'markPlanApplied', 'startPlan', 'startPlan (inline)'].sort());
    assert.deepEqual(menuFor(menus, row(executing).contextValue!), [...common, 'completePlan', 'completePlan (inline)', 'failPlan', 'markPlanApplied'].sort());
    assert.deepEqual(menuFor(menus, row(iso).contextValue!), [...common, 'applyPlan', 'startPlan', 'startPlan (inline)'].sort());
    assert.deepEqual(menuFor(menus, row(cancelled).contextValue!), ['copyPlanId', 'createCheckpoint', 'createCheckpoint (inline)', 'deletePlan', 'pushSession', 'setRetentionPolicy']);
    assert.deepEqual(menuFor(menus, row(rolled).contextValue!), [...common, 'markPlanApplied', 'startPlan', 'startPlan (inline)', 'undoRollback'].sort(), 'Undo Rollback only after a rollback');
    assert.ok(!menuFor(menus, row(draft).contextValue!).includes('undoRollback'));

    // The safety checkpoint sits under the checkpoint its rollback went back to.
    const [firstRow] = row(rolled).children;
    const [safety] = firstRow.children;
    assert.equal(safety.icon, 'shield', 'a safety checkpoint has its own icon');
    assert.deepEqual(menuFor(menus, safety.contextValue!), ['compareWithCurrent', 'compareWithCurrent (inline)', 'compareWithPrevious', 'copyCheckpointId', 'deleteCheckpoint', 'restoreFile', 'rollback', 'rollbackAgentOnly', 'undoRollback', 'undoRollback (inline)']);
    assert.deepEqual(menuFor(menus, firstRow.contextValue!), ['compareWithCurrent', 'compareWithCurrent (inline)', 'copyCheckpointId', 'deleteCheckpoint', 'restoreFile', 'rollback', 'rollbackAgentOnly'], 'no Compare with Previous on the first checkpoint; Roll Back only in the menu');
    for (const p of [draft, executing, iso, cancelled, rolled]) await outside.plans.deletePlan(p.plan_id);
  });

  it('automatic checkpoints run once the plan is started, and stop taking pre_write once it is completed', async () => {
    await setAutoCheckpointTimings(DEBOUNCE_MS, MIN_INTERVAL_MS);
    await config().update('autoCheckpoint.enabled', true, vscode.ConfigurationTarget.Global);
    const p = await plan({ files: { 'notes.txt': 'first\n' } });
    const file = path.join(root, p.sandbox_path, 'notes.txt');
    const auto = async (): Promise<Checkpoint[]> => (await api.listCheckpoints(p.plan_id)).filter((c) => c.metadata.source_tool === 'auto-checkpoint');
    const testing = (arg: object) => vscode.commands.executeCommand<{ autoCheckpoints: boolean; watches?: boolean }>(TESTING_PANEL_COMMAND, arg);
    // Each write is waited for until the extension's watcher heard it, and its burst is ended by the
    // test (flushAuto): no quiet time is waited out.
    const writeAndFlush = async (text: string) => {
      await writeAndHear(file, text);
      await testing({ flushAuto: true });
    };

    assert.equal((await testing({ refreshAuto: true, watches: p.plan_id })).watches, false, 'a draft plan is not watched');
    await writeAndFlush('written while draft\n');
    assert.deepEqual(await auto(), [], 'nor checkpointed');

    await run('startPlan', p.plan_id);
    // The list of executing plans made current (refreshAuto), as the command's own refresh makes it.
    const probe = await testing({ refreshAuto: true, refreshStatusBar: true, watches: p.plan_id });
    assert.equal(probe?.autoCheckpoints, true);
    assert.equal(probe?.watches, true);
    await writeAndFlush('written while executing\n');
    const taken = await until('an automatic checkpoint of the write', async () => {
      const list = await auto();
      return list.length > 0 ? list : undefined;
    }, 60_000);
    assert.equal(Buffer.from((await outside.checkpoints.readFileAt(p.plan_id, taken.at(-1)!.checkpoint_id, 'notes.txt')) ?? []).toString('utf8'), 'written while executing\n');

    await run('completePlan', p.plan_id);
    assert.equal((await testing({ refreshAuto: true, watches: p.plan_id })).watches, false, 'a completed plan is no longer watched');
    const before = (await auto()).length;
    await writeAndFlush('written after completing\n');
    assert.equal((await auto()).length, before, 'nor checkpointed');
    await config().update('autoCheckpoint.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a failing automatic checkpoint is notified once per run of failures, and shown in the status bar until one works', async () => {
    await setAutoCheckpointTimings(DEBOUNCE_MS, MIN_INTERVAL_MS);
    await config().update('autoCheckpoint.enabled', true, vscode.ConfigurationTarget.Global);
    const p = await plan({ files: { 'notes.txt': 'first\n' } });
    const file = path.join(root, p.sandbox_path, 'notes.txt');
    await run('startPlan', p.plan_id);
    const probe = async () => (await vscode.commands.executeCommand<{ statusBar?: string }>(TESTING_PANEL_COMMAND, { refreshStatusBar: true }))?.statusBar ?? '';
    const flush = () => vscode.commands.executeCommand(TESTING_PANEL_COMMAND, { flushAuto: true });
    // A plan found executing without a checkpoint gets its first one at once. Were it taken after
    // the record below, its failure would open the run of failures and its notification be cleared
    // with the dialogs before the test listens (seen on a busy CI machine): so it is awaited here.
    await until('the first checkpoint, taken as the plan started', async () => (await api.listCheckpoints(p.plan_id)).length > 0, 60_000);
    await flush();
    // A record of an operation a dead process left half done: every checkpoint of the plan is refused.
    const journal = new FileOperationJournal(root);
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    await journal.begin({
      type: 'cleanup', plan_id: p.plan_id, target_checkpoint_id: null, undo_checkpoint_id: null, sandbox_key: p.plan_id,
      from_ref: null, to_ref: null, started_at: new Date().toISOString(), pid: dead, host: os.hostname(),
    });
    await dialogs();
    // Two bursts of writes made outside VS Code, each ended by the test once the extension's file
    // watcher heard it (late on a busy machine): four failed checkpoints, one run of failures.
    const warned: { kind: string; message: string }[] = [];
    for (const text of ['one\n', 'two\n']) {
      await writeAndHear(file, text);
      await flush();
      warned.push(...(await dialogs()).filter((d) => d.kind === 'warning'));
    }
    await until('the failure\'s notification', async () => {
      await flush();
      warned.push(...(await dialogs()).filter((d) => d.kind === 'warning'));
      return warned.length > 0;
    }, 60_000);
    await flush();
    warned.push(...(await dialogs()).filter((d) => d.kind === 'warning'));
    assert.equal(warned.length, 1, `one notification for the run of failures: ${JSON.stringify(warned)}`);
    assert.match(warned[0].message, /^An automatic (pre_write|post_step) checkpoint failed: Checkpoint blocked: plan \w+ has an interrupted cleanup/);
    assert.match(await probe(), /\$\(warning\) auto failed$/);

    await journal.end(p.plan_id);
    await writeAndHear(file, 'three\n');
    const working = new RegExp(`^\\$\\(history\\) ${p.title} · \\d+ · \\$\\(eye\\) auto$`);
    await until('the status bar without the failure, once a checkpoint worked', async () => {
      await flush();
      return working.test(await probe());
    }, 60_000);
    assert.deepEqual((await dialogs()).filter((d) => d.kind === 'warning'), []);
    await run('completePlan', p.plan_id);
    await config().update('autoCheckpoint.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a file a checkpoint leaves out is warned about once per path', async () => {
    await config().update('snapshot.maxFileSizeMiB', 0.0001, vscode.ConfigurationTarget.Global); // about 100 bytes
    try {
      const p = await plan({ files: { 'small.txt': 's\n', 'big.bin': 'x'.repeat(500) } });
      const warned = async () => (await vscode.commands.executeCommand<{ skippedWarned?: string[] }>(TESTING_PANEL_COMMAND, {}))?.skippedWarned ?? [];
      const before = (await warned()).length;
      await vscode.commands.executeCommand(Commands.createCheckpoint, { planId: p.plan_id, reason: 'one' });
      fs.writeFileSync(path.join(root, p.sandbox_path, 'small.txt'), 'changed\n');
      await vscode.commands.executeCommand(Commands.createCheckpoint, { planId: p.plan_id, reason: 'two' });
      assert.deepEqual((await warned()).slice(before), ['big.bin'], 'the second checkpoint skipped it again without a second warning');
      fs.writeFileSync(path.join(root, p.sandbox_path, 'other.bin'), 'y'.repeat(500));
      await vscode.commands.executeCommand(Commands.createCheckpoint, { planId: p.plan_id, reason: 'three' });
      assert.deepEqual((await warned()).slice(before), ['big.bin', 'other.bin']);
      const list = await api.listCheckpoints(p.plan_id);
      assert.deepEqual(list.map((c) => c.metadata.skipped.length), [1, 1, 2]);
    } finally {
      await config().update('snapshot.maxFileSizeMiB', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
