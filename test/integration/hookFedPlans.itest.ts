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
import type { TreeRow } from '../../src/extension/tree/checkpointTree';
import { TESTING_PANEL_COMMAND } from '../../src/extension/rollback/rollbackCommandIds';
import { until } from './until';
import { activateExtension, dialogs } from './extensionUnderTest';

interface ClaudeSettings {
  hooks?: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]>;
  model?: string;
}

describe('Connect an Agent', function () {
  this.timeout(60_000);
  let api: CheckpointsApi;
  let root: string;
  const sharedFile = () => path.join(root, '.claude', 'settings.json');
  // the hook names this machine's paths (the profile's launcher): it goes to Claude's personal file
  const settingsFile = () => path.join(root, '.claude', 'settings.local.json');
  const readSettings = (): ClaudeSettings => JSON.parse(fs.readFileSync(settingsFile(), 'utf8')) as ClaudeSettings;

  before(async () => {
    ({ api, root } = await activateExtension());
  });

  afterEach(() => {
    fs.rmSync(path.join(root, '.claude'), { recursive: true, force: true });
    fs.rmSync(path.join(root, '.github', 'hooks'), { recursive: true, force: true });
  });

  it('writes Claude Code’s personal .claude/settings.local.json, leaving the shared settings.json as it was; Disconnect removes only its hooks', async () => {
    fs.mkdirSync(path.join(root, '.claude'), { recursive: true });
    fs.writeFileSync(sharedFile(), '{\n  "model": "opus"\n}\n');
    const result = await vscode.commands.executeCommand<AgentHookResult>(Commands.connectAgent, { agent: 'claude-code' });
    assert.deepEqual(result, { agent: 'claude-code', action: 'install', files: ['.claude/settings.local.json'], changed: ['.claude/settings.local.json'] });
    assert.equal(fs.readFileSync(sharedFile(), 'utf8'), '{\n  "model": "opus"\n}\n', 'the file a team commits holds no machine path');
    assert.equal(fs.readFileSync(path.join(root, '.cleveragents', '.gitignore'), 'utf8'), '*\n');
    const settings = readSettings();
    assert.deepEqual(Object.keys(settings.hooks ?? {}).sort(), ['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionEnd', 'SessionStart', 'UserPromptSubmit']);
    const command = settings.hooks!.UserPromptSubmit[0].hooks[0].command;
    // the extension's own CLI through its stable entry in the global storage (an update deletes the versioned dist/), on a runtime that runs outside VS Code
    assert.match(command, /globalStorage\/cleveragents\.cleveragents-checkpoints\/hook-runtime\/cli\.js" hook run claude-code$/);

    const again = await vscode.commands.executeCommand<AgentHookResult>(Commands.connectAgent, { agent: 'claude-code' });
    assert.deepEqual(again?.changed, [], 'a second connect changes nothing');

    const undone = await vscode.commands.executeCommand<AgentHookResult>(Commands.disconnectAgent, { agent: 'claude-code' });
    assert.deepEqual(undone?.changed, ['.claude/settings.local.json']);
    assert.equal(fs.existsSync(settingsFile()), false, 'the personal file install made goes');
    assert.equal(fs.readFileSync(sharedFile(), 'utf8'), '{\n  "model": "opus"\n}\n');
  });

  it('with cleveragents.checkpoints.agents.residentProcess off, the hook commands it writes carry CLEVERAGENTS_NO_DAEMON=1', async () => {
    const config = vscode.workspace.getConfiguration('cleveragents.checkpoints');
    await config.update('agents.residentProcess', false, vscode.ConfigurationTarget.Workspace);
    try {
      await vscode.commands.executeCommand(Commands.connectAgent, { agent: 'claude-code' });
      const command = readSettings().hooks!.UserPromptSubmit[0].hooks[0].command;
      assert.match(command, /^(ELECTRON_RUN_AS_NODE=1 )?CLEVERAGENTS_NO_DAEMON=1 ".*hook-runtime\/cli\.js" hook run claude-code$/);
    } finally {
      await config.update('agents.residentProcess', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand(Commands.disconnectAgent, { agent: 'claude-code' });
    }
    await vscode.commands.executeCommand(Commands.connectAgent, { agent: 'claude-code' });
    assert.doesNotMatch(readSettings().hooks!.UserPromptSubmit[0].hooks[0].command, /CLEVERAGENTS_NO_DAEMON/, 'on by default');
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

/** A fixture event of test/unit/fixtures/hooks/<agent>/ with its placeholders filled in, as the agent writes it on stdin. */
function fixture(extensionPath: string, agent: string, name: string, vars: { workspace: string; session: string; prompt?: string }): string {
  const text = fs.readFileSync(path.join(extensionPath, 'test', 'unit', 'fixtures', 'hooks', agent, `${name}.json`), 'utf8');
  return text
    .replaceAll('"{{PROMPT}}"', JSON.stringify(vars.prompt ?? ''))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(vars.workspace).slice(1, -1))
    .replaceAll('{{SESSION}}', vars.session);
}

/** Runs the built CLI's `hook run <agent>` as the agent does: a new process, the event on stdin. */
function hookRun(extensionPath: string, agent: string, input: string, root: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1', CLAUDE_PROJECT_DIR: root, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000' };
  execFileSync(process.execPath, [path.join(extensionPath, 'dist', 'cli.js'), 'hook', 'run', agent], { cwd: root, input, env, encoding: 'utf8' });
}

describe('A plan fed by an agent’s hooks, in the tree', function () {
  this.timeout(90_000);
  let api: CheckpointsApi;
  let extensionPath: string;
  let root: string;
  const session = 'itest-tree-1';
  const file = (rel: string) => path.join(root, rel);
  let planRow: TreeRow;

  before(async () => {
    ({ api, root, extension: { extensionPath } } = await activateExtension());
    fs.writeFileSync(file('notes.txt'), 'one\n');
    fs.mkdirSync(file('old'), { recursive: true });
    fs.writeFileSync(file('old/a.txt'), 'old\n');
    const call = (name: string, prompt?: string) => hookRun(extensionPath, 'claude-code', fixture(extensionPath, 'claude-code', name, { workspace: root, session, prompt }), root);
    call('UserPromptSubmit', 'write the notes\nin full');
    call('PreToolUse-Edit');
    fs.writeFileSync(file('notes.txt'), 'two\n');
    call('PostToolUse-Edit');
    call('UserPromptSubmit', 'now tidy up the old folder');
    call('PreToolUse-Bash');
    fs.rmSync(file('old'), { recursive: true });
    fs.mkdirSync(file('fresh'));
    fs.writeFileSync(file('fresh/c.txt'), 'fresh\n');
    call('PostToolUse-Bash');
    // The resident process answers a hook once its files are read and writes the row after: the
    // tree is waited for until it shows the last call's row too.
    planRow = await until('the plan with both prompts, and the last call, in the tree', async () => {
      const row = (await api.describeTree()).find((r) => r.label === 'Claude Code: write the notes');
      return row && row.children.filter((c) => c.contextValue?.endsWith('.prompt')).length === 2 && row.children[0]!.children.length > 0 ? row : undefined;
    });
  });

  it('the plan row names the agent; a row per prompt, newest first, labelled by its first line, with the tool calls’ checkpoints under it', () => {
    assert.equal(planRow.description, 'Claude Code session · active');
    assert.equal(planRow.contextValue, 'session.executing.in_place', 'a session’s menus: End Session and Delete, not a plan’s lifecycle');
    assert.deepEqual(
      planRow.children.map((r) => [r.label, r.icon, r.contextValue, r.collapsible]),
      [
        ['“now tidy up the old folder”', 'comment', 'checkpoint.executing.prompt', 'expanded'],
        ['“write the notes”', 'comment', 'checkpoint.executing.first.prompt', 'collapsed'],
      ],
    );
    // (the Bash call's pre_write is skipped: nothing changed since the prompt's checkpoint)
    // A tool call's row says what ran: the shell command's first line, as the hook recorded it.
    assert.deepEqual(planRow.children[0].children.map((r) => [r.label, r.contextValue]), [['After Bash: rm -rf old && mkdir fresh', 'checkpoint.executing']]);
    const tip = planRow.children[0].children[0].tooltip ?? '';
    assert.match(tip, /\| Ran \| `rm -rf old && mkdir fresh` \|/);
    for (const raw of ['Phase', 'post_tool', 'tool_use_id', 'toolu_', 'Sandbox ref']) assert.ok(!tip.includes(raw), `${raw} in ${tip}`);
    assert.deepEqual(planRow.children[1].children.map((r) => r.label), ['After Edit notes.txt']);
    assert.match(planRow.children[1].description ?? '', / · 1 checkpoint$/);
  });

  it('the extension’s own automatic checkpoints (on by default) leave a hook-fed plan alone, and watch a plain executing plan', async () => {
    const probe = async (planId: string) => (await vscode.commands.executeCommand<{ autoCheckpoints: boolean; watches: boolean }>(TESTING_PANEL_COMMAND, { refreshAuto: true, watches: planId }))!;
    const fed = planRow.id.replace(/^.*#plan\//, '');
    const sessions = path.join(root, '.cleveragents', 'hooks', 'sessions');
    // Told by its checkpoints alone (the agent in their extra): its session file set aside for a moment.
    fs.renameSync(sessions, `${sessions}.aside`);
    const fedProbe = await probe(fed);
    fs.renameSync(`${sessions}.aside`, sessions);
    assert.equal(fedProbe.autoCheckpoints, true, 'on by default');
    assert.equal(fedProbe.watches, false, 'the hooks checkpoint this plan');
    // A plan made in VS Code (with its first checkpoint) and started: watched, until a session file names it.
    const plain = await vscode.commands.executeCommand<string>(Commands.createPlan, { title: 'Plain plan', sandbox: '.' });
    assert.ok(plain);
    const first = await api.listCheckpoints(plain);
    assert.deepEqual(first.map((c) => [c.checkpoint_type, c.metadata.reason]), [['manual', 'Plan created']], 'the first checkpoint is taken when the plan is created');
    await vscode.commands.executeCommand(Commands.startPlan, { planId: plain });
    assert.equal((await probe(plain)).watches, true);
    fs.mkdirSync(sessions, { recursive: true });
    fs.writeFileSync(path.join(sessions, 'cline-itest.json'), JSON.stringify({ version: 1, agent: 'cline', session_id: '77', plan_id: plain, created_at: new Date().toISOString() }));
    assert.equal((await probe(plain)).watches, false, 'a session file names it: fed by hooks');
    fs.rmSync(path.join(sessions, 'cline-itest.json'));
    await vscode.commands.executeCommand(Commands.cancelPlan, { planId: plain, skipConfirmation: true });
  });

  it('Restore to Before This Prompt is the guarded rollback to the prompt’s checkpoint: asks, takes a safety checkpoint, restores exactly, and can be undone', async () => {
    const planId = planRow.id.replace(/^.*#plan\//, '');
    const promptId = planRow.children[0].id.replace(/^.*#checkpoint\//, '');
    const before = (await api.listCheckpoints(planId)).length;
    await dialogs(['Roll Back']);
    await vscode.commands.executeCommand(Commands.restoreBeforePrompt, { planId, checkpointId: promptId });
    const shown = await dialogs();
    assert.equal(shown[0]?.kind, 'confirm', JSON.stringify(shown));
    assert.equal(shown[0].answer, 'Roll Back');
    assert.equal(fs.readFileSync(file('old/a.txt'), 'utf8'), 'old\n');
    assert.equal(fs.existsSync(file('fresh')), false);
    assert.equal(fs.readFileSync(file('notes.txt'), 'utf8'), 'two\n', 'the first prompt’s edit stays');
    const after = await api.listCheckpoints(planId);
    assert.equal(after.length, before + 1, 'a safety checkpoint first');
    await dialogs(['Undo Rollback']);
    await vscode.commands.executeCommand(Commands.undoRollback, { planId });
    await dialogs();
    assert.equal(fs.readFileSync(file('fresh/c.txt'), 'utf8'), 'fresh\n');
    assert.equal(fs.existsSync(file('old')), false);
  });

  it('the rollback’s and the undo’s safety checkpoints sit under the prompt they concern, folded, not among the prompts', async () => {
    const row = await until('the safety checkpoints under the prompt', async () => {
      const plan = (await api.describeTree()).find((r) => r.id === planRow.id);
      return plan?.children[0]?.children[0]?.children.length === 2 ? plan : undefined;
    });
    assert.deepEqual(row.children.map((r) => r.label), ['“now tidy up the old folder”', '“write the notes”'], 'no safety checkpoint among the prompts');
    assert.equal(row.contextValue, 'session.executing.in_place.undo');
    const group = row.children[0].children[0];
    assert.deepEqual([group.label, group.icon, group.collapsible, group.contextValue], ['Before 2 rollbacks', 'shield', 'collapsed', 'safetyGroup']);
    assert.deepEqual(group.children.map((r) => r.label), ['Before rollback #2 (undoing rollback #1)', 'Before rollback #1']);
    assert.ok(group.children.every((r) => r.contextValue === 'checkpoint.executing.safety'));
    assert.equal(row.children[0].children[1].label, 'After Bash: rm -rf old && mkdir fresh');
  });

  it('End Session ends it: it takes no more checkpoints, and the agent’s next prompt starts a new session', async () => {
    const planId = planRow.id.replace(/^.*#plan\//, '');
    // A command takes the short id the row's hover shows, as the CLI does.
    const short = /\| Id \| `([0-9A-Z]{4,16})`/.exec(planRow.tooltip ?? '')?.[1];
    assert.ok(short && planId.endsWith(short), planRow.tooltip);
    const ended = await vscode.commands.executeCommand<{ state: string }>(Commands.endSession, { planId: short.toLowerCase() });
    assert.equal(ended?.state, 'completed');
    const before = (await api.listCheckpoints(planId)).length;
    hookRun(extensionPath, 'claude-code', fixture(extensionPath, 'claude-code', 'UserPromptSubmit', { workspace: root, session, prompt: 'one more thing' }), root);
    const next = await until('a new session for the next prompt', async () => (await api.describeTree()).find((r) => r.label === 'Claude Code: one more thing'));
    assert.notEqual(next.id, planRow.id);
    assert.equal(next.description, 'Claude Code session · active');
    assert.equal((await api.listCheckpoints(planId)).length, before, 'the ended session took no checkpoint');
    const old = (await api.describeTree()).find((r) => r.id === planRow.id);
    assert.equal(old?.description, 'Claude Code session · ended');
    assert.match(old?.contextValue ?? '', /^session\.completed\./);
  });

  it('a database deleted while the view showed it is named in a row, not shown as an empty view; put back, its plans return', async () => {
    const db = path.join(root, '.cleveragents', 'cleveragents.db');
    const aside = `${db}.itest-aside`;
    fs.renameSync(db, aside);
    try {
      const rows = await until('the row of the database that is gone', async () => {
        await vscode.commands.executeCommand(Commands.refresh);
        const tree = await api.describeTree();
        return tree.some((r) => r.label === 'The checkpoint database is gone') ? tree : undefined;
      });
      assert.deepEqual(rows.map((r) => [r.label, r.description, r.icon]), [['The checkpoint database is gone', 'deleted or moved', 'error']]);
      assert.ok(rows[0].tooltip?.includes('cleveragents.db'), rows[0].tooltip);
    } finally {
      fs.renameSync(aside, db);
    }
    await until('the plans back', async () => {
      await vscode.commands.executeCommand(Commands.refresh);
      return (await api.describeTree()).find((r) => r.id === planRow.id);
    });
  });
});
