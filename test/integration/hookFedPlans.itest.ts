// (Named so it runs after checkpointsExtension.itest, which expects a workspace without a database.)
// Agents connected through their hooks, in a real extension host: Connect an Agent… writes the
// agent's configuration in the workspace folder (the installer of `agents hook install`), the
// command it configures runs outside VS Code and feeds a plan, and Disconnect (the message's Undo)
// removes it again.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CheckpointsApi } from '../../src/extension/api/api';
import type { AgentHookResult } from '../../src/extension/agentHooks/connectAgentCommands';
import { Commands } from '../../src/extension/commandIds';
import { until } from './until';

const EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';

interface ClaudeSettings {
  hooks?: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]>;
  model?: string;
}

describe('Connect an Agent', function () {
  this.timeout(60_000);
  let api: CheckpointsApi;
  let root: string;
  const settingsFile = () => path.join(root, '.claude', 'settings.json');
  const readSettings = (): ClaudeSettings => JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as ClaudeSettings;

  before(async () => {
    const extension = vscode.extensions.getExtension<CheckpointsApi>(EXTENSION_ID);
    assert.ok(extension);
    api = await extension.activate();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  afterEach(() => {
    fs.rmSync(path.join(root, '.claude'), { recursive: true, force: true });
    fs.rmSync(path.join(root, '.github', 'hooks'), { recursive: true, force: true });
  });

  it('writes Claude Code’s .claude/settings.json, keeping what was there; Disconnect removes only its hooks', async () => {
    fs.mkdirSync(path.join(root, '.claude'), { recursive: true });
    fs.writeFileSync(settingsFile(), '{\n  "model": "opus"\n}\n');
    const result = await vscode.commands.executeCommand<AgentHookResult>(Commands.connectAgent, { agent: 'claude-code' });
    assert.deepEqual(result, { agent: 'claude-code', action: 'install', files: ['.claude/settings.json'], changed: ['.claude/settings.json'] });
    const settings = readSettings();
    assert.equal(settings.model, 'opus');
    assert.deepEqual(Object.keys(settings.hooks ?? {}).sort(), ['PostToolUse', 'PreToolUse', 'UserPromptSubmit']);
    const command = settings.hooks!.UserPromptSubmit[0].hooks[0].command;
    // the extension's own CLI, on a runtime that runs outside VS Code
    assert.match(command, /dist\/cli\.js" hook run claude-code$/);

    const again = await vscode.commands.executeCommand<AgentHookResult>(Commands.connectAgent, { agent: 'claude-code' });
    assert.deepEqual(again?.changed, [], 'a second connect changes nothing');

    const undone = await vscode.commands.executeCommand<AgentHookResult>(Commands.disconnectAgent, { agent: 'claude-code' });
    assert.deepEqual(undone?.changed, ['.claude/settings.json']);
    assert.equal(fs.readFileSync(settingsFile(), 'utf8'), '{\n  "model": "opus"\n}\n');
  });

  it('Copilot (VS Code agent mode) gets .github/hooks/; a new file is removed again by Disconnect', async () => {
    const result = await vscode.commands.executeCommand<AgentHookResult>(Commands.connectAgent, { agent: 'copilot' });
    assert.deepEqual(result?.changed, ['.github/hooks/cleveragents-checkpoints.json']);
    assert.ok(fs.existsSync(path.join(root, '.github', 'hooks', 'cleveragents-checkpoints.json')));
    await vscode.commands.executeCommand(Commands.disconnectAgent, { agent: 'copilot' });
    assert.equal(fs.existsSync(path.join(root, '.github', 'hooks', 'cleveragents-checkpoints.json')), false);
  });

  it('the configured command, run as Claude Code runs it (sh, cwd, JSON on stdin), gives a plan with the prompt’s checkpoint, shown in the tree', async () => {
    await vscode.commands.executeCommand(Commands.connectAgent, { agent: 'claude-code' });
    const command = readSettings().hooks!.UserPromptSubmit[0].hooks[0].command;
    const event = { session_id: 'itest-connect-1', transcript_path: '/tmp/t.jsonl', cwd: root, permission_mode: 'default', hook_event_name: 'UserPromptSubmit', prompt: 'add due dates to todos\nand more' };
    const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_PROJECT_DIR: root };
    delete env.ELECTRON_RUN_AS_NODE;
    const out = execFileSync('/bin/sh', ['-c', command], { cwd: root, input: JSON.stringify(event), env, encoding: 'utf8' });
    assert.equal(out, '', 'Claude Code expects no output');
    const row = await until('the hook-fed plan in the tree', async () => (await api.describeTree()).find((r) => r.label === 'Claude Code: add due dates to todos'));
    const planId = row.id.replace(/^.*#plan\//, '');
    const checkpoints = await until('the prompt checkpoint', async () => {
      const list = await api.listCheckpoints(planId);
      return list.length > 0 ? list : undefined;
    });
    assert.equal(checkpoints[0].checkpoint_type, 'manual');
    assert.equal(checkpoints[0].metadata.reason, 'Before: "add due dates to todos"');
    assert.equal(checkpoints[0].metadata.extra.agent, 'claude-code');
  });
});
