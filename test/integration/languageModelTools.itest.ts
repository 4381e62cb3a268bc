// The agent tools as VS Code language model tools, in a real extension host: listed in
// vscode.lm.tools, each one run with vscode.lm.invokeTool (as a chat participant or another
// extension would), its results read back, and what it made shown in the Checkpoints view. (In an
// extension test run VS Code accepts tool confirmations by itself; their text is unit-tested.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointJson, PlanJson, RollbackEnvelope } from '../../src/envelopes/envelopes';
import type { ToolContext } from '../../src/agentTools/agentTool';
import { AGENT_TOOLS } from '../../src/agentTools/agentTools';
import { createWorkspaceServices } from '../../src/composition';
import type { CheckpointsApi, TreeRow } from '../../src/extension/api/api';
import { languageModelTool } from '../../src/extension/languageModelTools/languageModelTools';
import { until } from './until';
import { activateExtension } from './extensionUnderTest';

const TOOLS = [
  ...['list_plans', 'show_plan', 'create_plan', 'change_plan_state', 'apply_plan', 'delete_plan', 'create_checkpoint', 'list_checkpoints', 'diff', 'preview_rollback', 'rollback', 'undo_rollback', 'delete_checkpoint', 'set_retention_policy', 'recover'],
  ...['record_decision', 'list_decisions', 'preview_correction', 'correct_decision', 'undo_correction', 'restore_paths', 'preview_undo_change', 'undo_change'],
];

/** Runs a tool; its text for people, and its JSON document (the second part). */
async function invoke<T = Record<string, unknown>>(tool: string, input: Record<string, unknown>): Promise<{ text: string; json: T }> {
  const result = await vscode.lm.invokeTool(`cleveragents_${tool}`, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  const parts = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  assert.equal(parts.length, 2, `${tool}: ${parts.join(' | ')}`);
  return { text: parts[0]!, json: JSON.parse(parts[1]!) as T };
}

async function refused(tool: string, input: Record<string, unknown>): Promise<string> {
  try {
    await invoke(tool, input);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  assert.fail(`${tool} did not refuse ${JSON.stringify(input)}`);
}

function planRow(rows: TreeRow[], title: string): TreeRow {
  const row = rows.find((r) => r.label === title);
  assert.ok(row, `no plan “${title}” in the tree: ${rows.map((r) => r.label).join(', ')}`);
  return row;
}

describe('Language model tools', function () {
  this.timeout(60_000);
  let api: CheckpointsApi;
  let root: string;
  let wasmDir: string;

  before(async () => {
    ({ api, root, extension: { extensionPath: wasmDir } } = await activateExtension());
    wasmDir = path.join(wasmDir, 'dist');
  });

  it('are listed in vscode.lm.tools with their schemas and chat reference names', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('cleveragents_'));
    assert.deepEqual(ours.map((t) => t.name).sort(), TOOLS.map((n) => `cleveragents_${n}`).sort());
    const checkpoint = ours.find((t) => t.name === 'cleveragents_create_checkpoint')!;
    assert.match(checkpoint.description, /"pre_write" just before you write/);
    assert.deepEqual((checkpoint.inputSchema as { required?: string[] }).required, ['plan_id']);
    assert.ok(checkpoint.tags.includes('checkpoints'));
  });

  it('run each one: the scope pattern, preview, rollback and undo, delete, policy; the tree shows what they made', async () => {
    const dir = 'lm-tools';
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(root, dir, 'a.txt'), 'alpha\n');
    fs.writeFileSync(path.join(root, dir, 'b.txt'), 'bravo\n');

    const { json: created } = await invoke<{ plan: PlanJson }>('create_plan', { title: 'Agent in chat', sandbox: dir });
    const planId = created.plan.plan_id;
    assert.ok((await invoke<{ plans: PlanJson[] }>('list_plans', {})).json.plans.some((p) => p.plan_id === planId));

    const pre = (await invoke<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: planId, type: 'pre_write', source_tool: 'editFile', reason: 'Before editing' })).json.checkpoint;
    fs.writeFileSync(path.join(root, dir, 'a.txt'), 'ALPHA\n');
    fs.writeFileSync(path.join(root, dir, 'c.txt'), 'charlie\n');
    const post = (await invoke<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: planId, type: 'post_step', source_tool: 'editFile' })).json.checkpoint;

    // The view shows the agent's checkpoints, newest first.
    const row = planRow(await api.describeTree(), 'Agent in chat');
    assert.deepEqual(row.children.map((c) => c.id.split('/').pop()), [post.checkpoint_id, pre.checkpoint_id]);
    assert.equal(row.children[1]!.label, 'Before editing');

    assert.deepEqual((await invoke<{ checkpoints: CheckpointJson[] }>('list_checkpoints', { plan_id: planId })).json.checkpoints.length, 2);
    assert.deepEqual((await invoke('diff', { plan_id: planId, from: pre.checkpoint_id })).json, { changes: [{ path: 'a.txt', change: 'modified' }, { path: 'c.txt', change: 'added' }] });
    const preview = await invoke<{ counts: Record<string, number> }>('preview_rollback', { plan_id: planId, checkpoint_id: pre.checkpoint_id });
    assert.deepEqual(preview.json.counts, { added: 0, modified: 1, deleted: 1 });

    const rolled = await invoke<RollbackEnvelope>('rollback', { plan_id: planId, checkpoint_id: pre.checkpoint_id });
    assert.deepEqual(rolled.json.changes_reverted, ['a.txt', 'c.txt']);
    assert.equal(fs.readFileSync(path.join(root, dir, 'a.txt'), 'utf8'), 'alpha\n');
    assert.equal(fs.existsSync(path.join(root, dir, 'c.txt')), false);
    const undoId = rolled.json.post_rollback_state.undo_checkpoint_id;
    assert.match(rolled.text, new RegExp(`undo_checkpoint_id ${undoId}`));

    await invoke('undo_rollback', { plan_id: planId, undo_checkpoint_id: undoId });
    assert.equal(fs.readFileSync(path.join(root, dir, 'a.txt'), 'utf8'), 'ALPHA\n');
    assert.equal(fs.readFileSync(path.join(root, dir, 'c.txt'), 'utf8'), 'charlie\n');

    const shown = await invoke<{ checkpoints: CheckpointJson[]; interrupted_operation: unknown }>('show_plan', { plan_id: planId });
    assert.equal(shown.json.checkpoints.length, 4, 'the two checkpoints and the two safety checkpoints');
    assert.equal(shown.json.interrupted_operation, null);

    await invoke('delete_checkpoint', { plan_id: planId, checkpoint_id: post.checkpoint_id });
    assert.deepEqual((await invoke('set_retention_policy', { plan_id: planId, max_checkpoints: 7 })).json, { policy: { plan_id: planId, max_checkpoints: 7, auto_prune: true } });
    const after = planRow(await api.describeTree(), 'Agent in chat');
    assert.ok(!after.children.some((c) => c.id.endsWith(post.checkpoint_id)), 'the deleted checkpoint left the view');
    // The two safety checkpoints sit under the checkpoint their rollbacks went back to.
    assert.deepEqual(after.children.map((c) => c.id.split('/').pop()), [pre.checkpoint_id]);
    assert.equal(after.children[0].children.length, 2, 'the two safety checkpoints, under it');

    assert.match(await refused('recover', { plan_id: planId, mode: 'finish' }), /^Recover blocked: plan .* has no interrupted operation/);
  });

  it('restore_paths, and the API’s restorePaths, refuse while an editor holds unsaved changes to a path they would write', async () => {
    // An auto-save would write the edit below to disk a second later (the web default; the test
    // host turns it off): the refusal and the untouched file would then depend on the test's speed.
    assert.equal(vscode.workspace.getConfiguration('files').get('autoSave'), 'off', 'the host saves no editor by itself');
    const dir = 'lm-unsaved';
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    const file = path.join(root, dir, 'a.txt');
    fs.writeFileSync(file, 'one\n');
    const { json: created } = await invoke<{ plan: PlanJson }>('create_plan', { title: 'Unsaved edits', sandbox: dir });
    const planId = created.plan.plan_id;
    const checkpoint = (await invoke<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: planId })).json.checkpoint;
    fs.writeFileSync(file, 'two\n');
    const doc = await vscode.workspace.openTextDocument(file);
    await until('the editor to show the file on disk', () => doc.getText() === 'two\n');
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'UNSAVED ')));
    const count = (await api.listCheckpoints(planId)).length;
    try {
      const blocked = /^Restore blocked: 1 file the restore would change has unsaved changes in an editor: a\.txt\. Save or revert it first\.$/;
      assert.match(await refused('restore_paths', { plan_id: planId, checkpoint_id: checkpoint.checkpoint_id, paths: ['a.txt'] }), blocked);
      await assert.rejects(api.restorePaths(planId, checkpoint.checkpoint_id, ['a.txt']), { message: blocked });
      assert.equal(fs.readFileSync(file, 'utf8'), 'two\n', 'the file on disk is untouched');
      assert.equal(doc.isDirty, true, 'the unsaved edit is still there');
      assert.equal((await api.listCheckpoints(planId)).length, count, 'no safety checkpoint was taken');
    } finally {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    await invoke('restore_paths', { plan_id: planId, checkpoint_id: checkpoint.checkpoint_id, paths: ['a.txt'] });
    assert.equal(fs.readFileSync(file, 'utf8'), 'one\n');
  });

  it('list_plans and create_plan take the window’s folder by name or path, and refuse another (one folder: nothing more to say)', async () => {
    const only = vscode.workspace.workspaceFolders![0];
    const byName = await invoke<{ plans: PlanJson[]; folder?: string }>('list_plans', { folder: only.name });
    const byPath = await invoke<{ plans: PlanJson[]; folder?: string }>('list_plans', { folder: only.uri.fsPath });
    assert.deepEqual(byName.json, byPath.json);
    assert.equal(byName.json.folder, undefined, 'a single folder is not named');
    await assert.rejects(invoke('create_plan', { title: 'Nowhere', folder: 'no-such-folder' }), /"no-such-folder" is not a workspace folder/);
    assert.ok(!(await invoke<{ plans: PlanJson[] }>('list_plans', {})).json.plans.some((p) => p.title === 'Nowhere'));
  });

  it('refuse bad input with the reference’s messages', async () => {
    assert.match(await refused('create_checkpoint', { plan_id: 'nope' }), /^Validation Error: plan_id: must be a ULID/);
    assert.equal(await refused('list_checkpoints', { plan_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }), 'Not found: plan 01ARZ3NDEKTSV4RRFFQ69G5FAV');
    assert.match(await refused('create_plan', { title: 'x', sandbox: '../out' }), /^Validation Error: sandbox path leaves the workspace/);
  });

  it('in Restricted Mode run the readers and refuse, before anything happens, the tools that run git or write', async () => {
    // The tools as the extension registers them (languageModelTool), on a workspace that is not trusted.
    const services = createWorkspaceServices({ workspaceRoot: root, wasmDir, logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } });
    const context: ToolContext = {
      workspace: async () => services,
      plan: async (planId) => ({ services, plan: await services.plans.getPlan(planId) }),
      rollback: (planId, checkpointId) => services.checkpoints.rollbackToCheckpoint(planId, checkpointId),
    };
    const untrusted = (name: string) => languageModelTool(AGENT_TOOLS.find((t) => t.name === name)!, { context, trusted: () => false, confirm: async () => ({ title: 'asked', markdown: 'asked' }) });
    const token = new vscode.CancellationTokenSource().token;
    try {
      fs.mkdirSync(path.join(root, 'lm-untrusted'), { recursive: true });
      fs.writeFileSync(path.join(root, 'lm-untrusted', 'a.txt'), 'a\n');
      const plan = await services.plans.createPlan({ title: 'Untrusted', sandbox: 'lm-untrusted' });
      const { checkpoint } = await services.checkpoints.createCheckpoint(plan.plan_id, {});
      const listed = await untrusted('list_checkpoints').invoke({ input: { plan_id: plan.plan_id }, toolInvocationToken: undefined }, token);
      assert.match((listed!.content[0] as vscode.LanguageModelTextPart).value, /has 1 checkpoint/);
      for (const [name, input] of [
        ['create_checkpoint', { plan_id: plan.plan_id, type: 'pre_write' }],
        ['rollback', { plan_id: plan.plan_id, checkpoint_id: checkpoint.checkpoint_id }],
        ['diff', { plan_id: plan.plan_id, from: checkpoint.checkpoint_id }],
        ['create_plan', { title: 'nope' }],
      ] as const) {
        await assert.rejects(Promise.resolve(untrusted(name).invoke({ input, toolInvocationToken: undefined }, token)), /blocked: the workspace is not trusted \(Restricted Mode\)/, name);
      }
      const prepared = await untrusted('rollback').prepareInvocation!({ input: { plan_id: plan.plan_id, checkpoint_id: checkpoint.checkpoint_id } }, token);
      assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm: it will be refused');
      assert.equal((await services.checkpoints.listCheckpoints(plan.plan_id)).length, 1, 'no checkpoint was taken');
      assert.equal((await services.plans.listPlans()).filter((p) => p.title === 'nope').length, 0);
    } finally {
      services.dispose();
    }
  });
});
