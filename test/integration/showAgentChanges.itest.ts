// Named to run after checkpointsExtension.itest.ts (files run in name order): that suite starts from a folder without a database.
// Show Agent Changes in a real extension host: the command turns the marks on, the hover of a
// line an agent's tool call wrote names the call and links to Undo This Change, a line the user
// wrote between calls says so, and Undo This Change (from code, as the hover's link runs it)
// takes the first call's lines back and keeps the later ones; its safety checkpoint undoes it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import type { CheckpointsApi } from '../../src/extension/api/api';
import { activateExtension } from './extensionUnderTest';
import { until } from './until';

const numbered = (n: number, edit: Record<number, string> = {}): string => Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `line ${i + 1}`}\n`).join('');

async function invoke<T>(tool: string, input: Record<string, unknown>): Promise<T> {
  const result = await vscode.lm.invokeTool(`cleveragents_${tool}`, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
  const parts = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  return JSON.parse(parts[1]!) as T;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (c instanceof vscode.MarkdownString ? c.value : typeof c === 'string' ? c : c.value))).join('\n');
}

describe('Show Agent Changes and Undo This Change', function () {
  this.timeout(120_000);
  let api: CheckpointsApi;
  let root: string;

  before(async () => {
    ({ api, root } = await activateExtension());
  });

  it('marks, hovers and takes one tool call’s lines back, keeping the user’s and a later call’s', async () => {
    const dir = 'agent-changes';
    fs.mkdirSync(path.join(root, dir), { recursive: true });
    const file = path.join(root, dir, 'f.txt');
    fs.writeFileSync(file, numbered(20));
    const plan = (await invoke<{ plan: PlanJson }>('create_plan', { title: 'Agent changes', sandbox: dir })).plan;
    const checkpoint = async (type: string, extra: Record<string, string> = {}): Promise<string> =>
      (await invoke<{ checkpoint: CheckpointJson }>('create_checkpoint', { plan_id: plan.plan_id, type, source_tool: 'Edit', extra: { agent: 'claude-code', ...extra } })).checkpoint.checkpoint_id;
    await checkpoint('manual');
    await checkpoint('pre_write', { tool_use_id: 't1' });
    fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4' }));
    const first = await checkpoint('post_step', { tool_use_id: 't1' });
    fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 18: 'user 18' }));
    await checkpoint('pre_write', { tool_use_id: 't2' });
    fs.writeFileSync(file, numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }));
    await checkpoint('post_step', { tool_use_id: 't2' });

    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    await until('the editor to show the file on disk', () => doc.getText().includes('agent 10'));
    await vscode.commands.executeCommand('cleveragents.checkpoints.showAgentChanges');
    try {
      const hover = async (line: number) => hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(line, 1)));
      const agent = await until('the hover of line 3', async () => {
        const text = await hover(2);
        return text.includes('Agent change') ? text : undefined;
      }, 60_000);
      assert.match(agent, /\*\*Agent change\*\*: Claude Code\n- Session: Agent changes `\w{4,}`\n/, 'the agent as people name it, the session by its title and short id');
      assert.ok(!agent.includes(`\`${plan.plan_id}\``) && !agent.includes(plan.plan_id.slice(0, 8) + '`'), 'no whole id, no shared time prefix');
      assert.match(agent, /- Tool call: Edit `/);
      assert.match(agent, /\[Undo This Change\]\(command:cleveragents\.checkpoints\.undoThisChange\?/);
      assert.match(agent, /\[Compare with Before This Tool Call\]\(command:cleveragents\.checkpoints\.compareBeforeToolCall\?/);
      assert.match(await hover(17), /\*\*Your change\*\*/, 'line 18: the user’s, between tool calls');
      // Line 1 was there before this plan's first checkpoint. No tool call wrote it; a plan over the
      // whole folder that an earlier suite left executing may have recorded the file's creation
      // between two of its own checkpoints (then "Your change", rightly), so only that is checked.
      const lineOne = await hover(0);
      assert.doesNotMatch(lineOne, /Agent change/, `line 1: no tool call wrote it:\n${lineOne}`);

      // What the hover's link runs, with the answers a person would give.
      const undo = await vscode.commands.executeCommand<string | undefined>('cleveragents.checkpoints.undoThisChange', { folder: vscode.workspace.workspaceFolders![0]!.uri.toString(), planId: plan.plan_id, checkpointId: first, path: `${dir}/f.txt`, hunk: 1, yes: true });
      assert.ok(undo, 'the safety checkpoint that undoes it');
      assert.equal(fs.readFileSync(file, 'utf8'), numbered(20, { 10: 'agent 10', 18: 'user 18' }), 'lines 2–4 as before the call; 10 and 18 kept');
      await api.rollback(plan.plan_id, undo, { confirm: false });
      assert.equal(fs.readFileSync(file, 'utf8'), numbered(20, { 2: 'agent 2', 3: 'agent 3', 4: 'agent 4', 10: 'agent 10', 18: 'user 18' }), 'the undo puts them back');
    } finally {
      await vscode.commands.executeCommand('cleveragents.checkpoints.showAgentChanges');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
