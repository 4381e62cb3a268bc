import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { AGENT_EVENTS } from '../../src/hooks/events/agentEvents';
import { clineParameters } from '../../src/hooks/events/cline';
import type { HookAgent } from '../../src/daemonClient/hookAgents';
import { hookAnswer } from '../../src/hooks/hookAnswer';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { hashTree, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// Issue 35, Deliver 1 and 2: the events the real programs send (test/unit/fixtures/hooks, copied
// from the schemas and payload builders inside `@anthropic-ai/claude-code` 2.1.328 and `cline`
// 3.0.65; see that folder's README), each through `node dist/cli.js hook run <agent>` in a new
// process, on a real git work tree; then what the checkpoints allow: byte-exact rollbacks, and
// agent-only rollbacks that keep exactly the user's edits.

const FIXTURES = path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks');

function fixture(agent: HookAgent, name: string, workspace: string, session: string, prompt = ''): string {
  return readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8')
    .replaceAll('"{{PROMPT}}"', JSON.stringify(prompt))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(workspace).slice(1, -1))
    .replaceAll('{{SESSION}}', session);
}

function childEnv(agent: HookAgent, root: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('GIT_') || key.startsWith('AGENTS_') || key === 'CLAUDE_PROJECT_DIR' || key === 'GEMINI_PROJECT_DIR') delete env[key];
  return { ...env, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000', ...(agent === 'claude-code' ? { CLAUDE_PROJECT_DIR: root } : {}) };
}

/** One hook call as the agent makes it; the protocol's answer is checked every time. */
function send(agent: HookAgent, root: string, input: string): void {
  const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', agent], { cwd: root, input, env: childEnv(agent, root), encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  const raw = JSON.parse(input) as Record<string, unknown>;
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, hookAnswer(agent, (raw.hook_event_name ?? raw.hookName) as string));
  assert.equal(r.stderr, '');
}

function plans(root: string): PlanJson[] {
  return runCli(root, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans;
}

function checkpoints(root: string, planId: string): CheckpointJson[] {
  return runCli(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
}

function hooksLog(root: string): string {
  const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** A git work tree with a committed file, as an agent's project is. */
function project(dir: string): string {
  write(dir, 'notes.txt', 'one\n');
  write(dir, 'user.txt', 'mine\n');
  const git = (args: string[]) => assert.equal(spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } }).status, 0);
  git(['init', '-q']);
  git(['add', '.']);
  git(['commit', '-q', '-m', 'init']);
  return dir;
}

/** The tree without git's own folder and the store. */
const files = (root: string) => hashTree(root, (rel) => rel === '.git' || rel.startsWith('.git/'));

function agentOnly(root: string, planId: string, checkpointId: string): void {
  const r = runCli(root, ['plan', 'rollback', '--agent-only', '--yes', planId, checkpointId]);
  assert.equal(r.code, 0, r.stderr);
}

describe('agents hook run: the real programs\' events', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('cleveragents-real-events-');
  before(() => ensureCliBuilt());

  describe('Claude Code 2.1.328', () => {
    it('SessionStart takes the baseline; the first prompt titles the plan; a failing Bash call gets its post_step (failed) and agent-only rollback takes its partial file out, keeping the user\'s edit', () => {
      const root = project(tempDir());
      const s = 'claude-fail';
      send('claude-code', root, fixture('claude-code', 'SessionStart', root, s));
      const [plan] = plans(root);
      assert.equal(plan!.title, 'Claude Code session claude-fail');
      assert.deepEqual(checkpoints(root, plan!.plan_id).map((c) => [c.checkpoint_type, c.metadata.phase, c.metadata.reason]), [['manual', 'session_start', 'Session start (SessionStart)']]);

      send('claude-code', root, fixture('claude-code', 'UserPromptSubmit', root, s, 'make the build pass'));
      assert.equal(plans(root)[0]!.title, 'Claude Code: make the build pass', 'the first prompt titles the plan made at the session start');
      const beforePrompt = files(root);
      // the failing call's own PreToolUse (the same tool_use_id as its PostToolUseFailure)
      send('claude-code', root, fixture('claude-code', 'PreToolUse-Bash-failing', root, s));
      write(root, 'partial.txt', 'partial\n'); // the command wrote, then failed
      send('claude-code', root, fixture('claude-code', 'PostToolUseFailure-Bash', root, s));
      write(root, 'user.txt', 'mine, edited by hand\n');

      const list = checkpoints(root, plan!.plan_id);
      assert.deepEqual(list.map((c) => [c.checkpoint_type, c.metadata.reason]), [
        ['manual', 'Session start (SessionStart)'],
        ['manual', 'Before: "make the build pass"'],
        ['post_step', 'After Bash: echo partial > partial.txt && exit 3 (failed)'],
      ]);
      assert.equal(list[2]!.metadata.extra.outcome, 'failed');
      assert.equal(list[2]!.metadata.extra.tool_use_id, 'toolu_03FAIL');

      agentOnly(root, plan!.plan_id, list[1]!.checkpoint_id);
      assert.deepEqual(files(root), { ...beforePrompt, 'user.txt': files(root)['user.txt']! });
      assert.equal(existsSync(path.join(root, 'partial.txt')), false, 'the failing command\'s file is the agent\'s');
      assert.equal(readFileSync(path.join(root, 'user.txt'), 'utf8'), 'mine, edited by hand\n');
    });

    it('a <task-notification> turn takes no prompt checkpoint, and says so once per session', () => {
      const root = project(tempDir());
      const s = 'claude-notes';
      send('claude-code', root, fixture('claude-code', 'UserPromptSubmit', root, s, 'spawn a helper'));
      for (let i = 0; i < 2; i++) send('claude-code', root, fixture('claude-code', 'UserPromptSubmit-task-notification', root, s));
      // a turn Claude marks as its own (source "system") is not a person's either
      send('claude-code', root, JSON.stringify({ session_id: s, transcript_path: '/tmp/t.jsonl', cwd: root, hook_event_name: 'UserPromptSubmit', prompt: 'Continue from where you left off.', source: 'system' }));
      const [plan] = plans(root);
      assert.deepEqual(checkpoints(root, plan!.plan_id).map((c) => c.metadata.reason), ['Before: "spawn a helper"']);
      const log = hooksLog(root);
      assert.equal(log.match(/a task notification, not a person's prompt: no prompt checkpoint/g)?.length, 1, log);
      assert.equal(log.match(/a turn of source system, not a person's prompt/g)?.length, 1, log);
    });

    it('a subagent\'s tool calls, under the parent\'s session, are fenced and name the subagent', () => {
      const root = project(tempDir());
      const s = 'claude-sub';
      send('claude-code', root, fixture('claude-code', 'UserPromptSubmit', root, s, 'delegate'));
      write(root, 'user.txt', 'edited before the subagent\n');
      send('claude-code', root, fixture('claude-code', 'PreToolUse-Write-subagent', root, s));
      write(root, 'sub.txt', 'from the subagent\n');
      send('claude-code', root, fixture('claude-code', 'PostToolUse-Write-subagent', root, s));
      assert.equal(plans(root).length, 1, 'one plan: the parent\'s session');
      const list = checkpoints(root, plans(root)[0]!.plan_id);
      assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'pre_write', 'post_step']);
      for (const c of list.slice(1)) {
        assert.equal(c.metadata.extra.agent_id, 'a1b2c3d4e5f6');
        assert.equal(c.metadata.extra.agent_type, 'general-purpose');
        assert.equal(c.metadata.extra.file_path, 'sub.txt');
      }
      agentOnly(root, plans(root)[0]!.plan_id, list[0]!.checkpoint_id);
      assert.equal(existsSync(path.join(root, 'sub.txt')), false);
      assert.equal(readFileSync(path.join(root, 'user.txt'), 'utf8'), 'edited before the subagent\n');
    });

    it('a background Bash: what it writes after its launch is caught by the next fence and taken as the agent\'s, not the user\'s', () => {
      const root = project(tempDir());
      const s = 'claude-bg';
      send('claude-code', root, fixture('claude-code', 'UserPromptSubmit', root, s, 'build in the background'));
      const beforePrompt = files(root);
      send('claude-code', root, fixture('claude-code', 'PreToolUse-Bash-background', root, s));
      write(root, 'started.txt', 'launch\n');
      send('claude-code', root, fixture('claude-code', 'PostToolUse-Bash-background', root, s));
      write(root, 'bg.txt', 'built\n'); // the command, still running, writes after its PostToolUse
      send('claude-code', root, fixture('claude-code', 'PreToolUse-Edit', root, s));
      const list = checkpoints(root, plans(root)[0]!.plan_id);
      assert.deepEqual(list.map((c) => [c.checkpoint_type, c.metadata.reason]), [
        ['manual', 'Before: "build in the background"'],
        ['post_step', 'After Bash: sleep 1; echo built > bg.txt (started in the background)'],
        ['pre_write', 'Before Edit notes.txt'],
      ]);
      assert.equal(list[1]!.metadata.extra.background, '1');
      const preview = runCli(root, ['--format', 'json', 'plan', 'rollback', '--agent-only', '--preview', plans(root)[0]!.plan_id, list[0]!.checkpoint_id]).json<{ rollback_preview: { kept: string[] } }>().rollback_preview;
      assert.deepEqual(preview.kept, [], 'bg.txt is not counted as the user\'s');
      agentOnly(root, plans(root)[0]!.plan_id, list[0]!.checkpoint_id);
      assert.deepEqual(files(root), beforePrompt);
    });

    it('an event the hooks do not use (PostToolBatch) is logged once per session with its name, and takes nothing', () => {
      const root = project(tempDir());
      for (const s of ['one', 'one', 'two']) send('claude-code', root, fixture('claude-code', 'PostToolBatch', root, s));
      assert.equal(hooksLog(root).match(/PostToolBatch: an event the hooks do not use: ignored \(said once per session\)/g)?.length, 2);
      assert.deepEqual(runCli(root, ['--format', 'json', 'plan', 'list']).json<{ plans: PlanJson[] }>().plans, []);
    });
  });

  describe('Cline CLI 3.0.65', () => {
    it('agent_start takes the baseline, prompt_submit a prompt checkpoint; editor and run_commands are fenced (a failing one too); read_files takes nothing; rollback to before the prompt is byte-exact', () => {
      const root = project(tempDir());
      const s = 'cline-cli-1';
      send('cline', root, fixture('cline', 'cli-agent_start', root, s));
      send('cline', root, fixture('cline', 'cli-prompt_submit', root, s, 'tidy the notes'));
      const beforePrompt = files(root);
      send('cline', root, fixture('cline', 'cli-tool_call-editor', root, s));
      write(root, 'notes.txt', 'two\n');
      send('cline', root, fixture('cline', 'cli-tool_result-editor', root, s));
      send('cline', root, fixture('cline', 'cli-tool_call-run_commands', root, s));
      write(root, 'partial.txt', 'partial\n');
      send('cline', root, fixture('cline', 'cli-tool_result-run_commands-failed', root, s));
      const read = JSON.parse(fixture('cline', 'cli-tool_call-editor', root, s)) as Record<string, unknown>;
      read.tool_call = { id: 'call_rf1', name: 'read_files', input: { files: [{ path: `${root}/notes.txt` }] } };
      read.preToolUse = { toolName: 'read_files', parameters: { files: JSON.stringify([{ path: `${root}/notes.txt` }]) } };
      send('cline', root, JSON.stringify(read));
      send('cline', root, fixture('cline', 'cli-agent_end', root, s));

      const [plan, ...others] = plans(root);
      assert.equal(others.length, 0);
      assert.equal(plan!.title, 'Cline: tidy the notes');
      const list = checkpoints(root, plan!.plan_id);
      assert.deepEqual(list.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]), [
        ['manual', null, 'Session start (agent_start)'],
        ['manual', null, 'Before: "tidy the notes"'],
        ['post_step', 'editor', 'After editor notes.txt'],
        // its pre_write is skipped: nothing changed since the editor's post_step
        ['post_step', 'run_commands', 'After run_commands (failed)'],
      ]);
      assert.equal(list[2]!.metadata.extra.tool_use_id, 'call_ed1');
      assert.equal(list[3]!.metadata.extra.outcome, 'failed');
      assert.equal(list[3]!.metadata.extra.agent_id, undefined, 'the main agent (parent_agent_id null) is no subagent');
      const r = runCli(root, ['plan', 'rollback', '--yes', plan!.plan_id, list[1]!.checkpoint_id]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(files(root), beforePrompt);
      assert.doesNotMatch(hooksLog(root), /do not use/, 'every event of the session is one the hooks understand');
    });

    it('an agent_start that comes after the first tool call began (it runs detached) takes nothing: the call stays fenced and rollback to its pre_write is exact', () => {
      const root = project(tempDir());
      const s = 'cline-cli-late-start';
      const sandboxFiles = () => hashTree(root, (rel) => rel === '.git' || rel.startsWith('.git/') || rel === '.cleveragents' || rel.startsWith('.cleveragents/'));
      const before = sandboxFiles();
      // The order the CLI can produce: the first tool_call's hook runs, the tool writes, and only
      // then does the detached agent_start hook get to its checkpoint.
      send('cline', root, fixture('cline', 'cli-tool_call-editor', root, s));
      write(root, 'notes.txt', 'two\n');
      send('cline', root, fixture('cline', 'cli-agent_start', root, s));
      send('cline', root, fixture('cline', 'cli-tool_result-editor', root, s));
      const [plan, ...others] = plans(root);
      assert.equal(others.length, 0);
      const list = checkpoints(root, plan!.plan_id);
      assert.deepEqual(list.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]), [
        ['pre_write', 'editor', 'Before editor notes.txt'],
        ['post_step', 'editor', 'After editor notes.txt'],
      ]);
      assert.match(hooksLog(root), /agent_start: manual skipped, the plan has a checkpoint already or nothing changed/);
      const r = runCli(root, ['plan', 'rollback', '--yes', plan!.plan_id, list[0]!.checkpoint_id]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(sandboxFiles(), before);
    });

    it('parameters arrive as strings: JSON ones are decoded, anything else stays as sent', () => {
      assert.deepEqual(clineParameters({ commands: '["npm test"]', path: '/w/a.txt', insert_line: '3', new_text: '{not json', old_text: '[1, 2' }), {
        commands: ['npm test'],
        path: '/w/a.txt',
        insert_line: '3',
        new_text: '{not json',
        old_text: '[1, 2',
      });
      assert.equal(AGENT_EVENTS.cline.isWritingTool('read_files'), false);
      assert.equal(AGENT_EVENTS.cline.isWritingTool('editor'), true);
      assert.equal(AGENT_EVENTS.cline.isWritingTool('run_commands'), true);
      const sub = AGENT_EVENTS.cline.normalize({ ...JSON.parse(fixture('cline', 'cli-tool_call-editor', '/w', 't')), agent_id: 'agent_02', parent_agent_id: 'agent_01' }, {});
      assert.equal(sub.agentId, 'agent_02', 'a teammate agent names its parent');
    });
  });

});
