import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckpointJson, PlanJson } from '../../src/envelopes/envelopes';
import { AGENT_EVENTS } from '../../src/hooks/events/agentEvents';
import { HOOK_AGENTS, HOOK_AGENT_NAMES, type HookAgent } from '../../src/daemonClient/hookAgents';
import { firstSnapshotMarker } from '../../src/hooks/backgroundCheckpoint';
import { hookAnswer } from '../../src/hooks/hookAnswer';
import { sessionFilePath } from '../../src/hooks/sessionPlans';
import { CLI_PATH, REPO_ROOT, ensureCliBuilt, runCli } from './helpers/cliHarness';
import { expectedHookAnswer } from './helpers/hookAnswers';
import { hashTree, write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

const FIXTURES = path.join(REPO_ROOT, 'test', 'unit', 'fixtures', 'hooks');

interface Vars {
  readonly workspace: string;
  readonly session: string;
  readonly prompt?: string;
}

/** A fixture with its placeholders filled in, as the agent would write it on stdin. */
function fixture(agent: HookAgent, name: string, vars: Vars): string {
  const text = readFileSync(path.join(FIXTURES, agent, `${name}.json`), 'utf8');
  return text
    .replaceAll('"{{PROMPT}}"', JSON.stringify(vars.prompt ?? ''))
    .replaceAll('{{WORKSPACE}}', JSON.stringify(vars.workspace).slice(1, -1))
    .replaceAll('{{SESSION}}', vars.session);
}

/** The environment an agent gives its hooks (its project folder, where it documents one), with our test knobs. */
function agentEnv(agent: HookAgent, workspace: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000', AGENTS_HOOK_BUDGET_MS: '90000', ...extra };
  if (agent === 'claude-code') env.CLAUDE_PROJECT_DIR = workspace;
  if (agent === 'gemini') env.GEMINI_PROJECT_DIR = workspace;
  return env;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('GIT_') || key.startsWith('AGENTS_') || key === 'CLAUDE_PROJECT_DIR' || key === 'GEMINI_PROJECT_DIR') delete env[key];
  return { ...env, ...extra };
}

interface HookRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** One hook call as the agent makes it: a new process, the event on stdin, the agent's environment. */
function hook(agent: HookAgent, input: string, cwd: string, env: Record<string, string>): HookRun {
  const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', agent], { cwd, input, env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function hookAsync(agent: HookAgent, input: string, cwd: string, env: Record<string, string>): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, 'hook', 'run', agent], { cwd, env: childEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** What each protocol must get back, whatever happened: exit 0, exactly this on stdout, nothing on stderr. */
function assertAllowed(agent: HookAgent, eventName: string | undefined, run: HookRun, what: string): void {
  assert.equal(run.code, 0, `${what}: exit code (stderr: ${run.stderr})`);
  assert.equal(run.stdout, expectedHookAnswer(agent, eventName), `${what}: stdout`);
  assert.equal(run.stderr, '', `${what}: stderr`);
}

function plans(root: string): PlanJson[] {
  const r = runCli(root, ['--format', 'json', 'plan', 'list']);
  if (r.code !== 0) return [];
  return r.json<{ plans: PlanJson[] }>().plans;
}

function checkpoints(root: string, planId: string): CheckpointJson[] {
  return runCli(root, ['--format', 'json', 'plan', 'checkpoints', planId]).json<{ checkpoints: CheckpointJson[] }>().checkpoints;
}

function hooksLog(root: string): string {
  const file = path.join(root, '.cleveragents', 'logs', 'hooks.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The steps of a whole session, per agent: which fixture is the prompt, and the pre/post of an edit and of a shell call. */
const SESSIONS: Readonly<Record<HookAgent, { prompt: string; firstPrompt?: string; editPre?: string; editPost: string; shellPre: string; shellPost: string; editTool: string; shellTool: string }>> = {
  'claude-code': { prompt: 'UserPromptSubmit', editPre: 'PreToolUse-Edit', editPost: 'PostToolUse-Edit', shellPre: 'PreToolUse-Bash', shellPost: 'PostToolUse-Bash', editTool: 'Edit', shellTool: 'Bash' },
  copilot: { prompt: 'userPromptSubmitted', editPre: 'preToolUse-edit', editPost: 'postToolUse-edit', shellPre: 'preToolUse-bash', shellPost: 'postToolUse-bash', editTool: 'edit', shellTool: 'bash' },
  // Cursor documents no event before a file edit in the set `hook install` configures: the edit
  // is restored to the prompt's checkpoint (or the previous post_step)
  cursor: { prompt: 'beforeSubmitPrompt', editPost: 'afterFileEdit', shellPre: 'beforeShellExecution', shellPost: 'afterShellExecution', editTool: 'Edit', shellTool: 'Shell' },
  gemini: { prompt: 'BeforeAgent', editPre: 'BeforeTool-write_file', editPost: 'AfterTool-write_file', shellPre: 'BeforeTool-run_shell_command', shellPost: 'AfterTool-run_shell_command', editTool: 'write_file', shellTool: 'run_shell_command' },
  cline: { prompt: 'UserPromptSubmit', firstPrompt: 'TaskStart', editPre: 'PreToolUse-write_to_file', editPost: 'PostToolUse-write_to_file', shellPre: 'PreToolUse-execute_command', shellPost: 'PostToolUse-execute_command', editTool: 'write_to_file', shellTool: 'execute_command' },
  // Codex's edit is apply_patch, whose file is read from the patch text (`*** Update File: notes.txt`)
  codex: { prompt: 'UserPromptSubmit', editPre: 'PreToolUse-apply_patch', editPost: 'PostToolUse-apply_patch', shellPre: 'PreToolUse-Bash', shellPost: 'PostToolUse-Bash', editTool: 'apply_patch', shellTool: 'Bash' },
  // OpenCode's events are what our plugin sends (src/hooks/install/opencodePlugin.ts)
  opencode: { prompt: 'chat.message', editPre: 'tool.execute.before-edit', editPost: 'tool.execute.after-edit', shellPre: 'tool.execute.before-bash', shellPost: 'tool.execute.after-bash', editTool: 'edit', shellTool: 'bash' },
};

function eventNameOf(input: string): string | undefined {
  const e = JSON.parse(input) as Record<string, unknown>;
  return (e.hook_event_name ?? e.hookEventName ?? e.hookName) as string | undefined;
}

/** A workspace with a few files, one folder the shell call deletes, and a binary file. */
function newWorkspace(dir: string): string {
  write(dir, 'notes.txt', 'one\n');
  write(dir, 'old/a.txt', 'old a\n');
  write(dir, 'old/deep/b.bin', Buffer.from([0, 1, 2, 255, 254]));
  write(dir, 'src/main.ts', 'export {};\n');
  return dir;
}

describe('agents hook run', function () {
  this.timeout(240_000);
  const tempDir = useTempDirs('cleveragents-hooks-');
  before(() => ensureCliBuilt());

  describe('fixtures: the documented payloads', () => {
    for (const agent of HOOK_AGENTS) {
      it(`${agent}: each fixture cites its source and reads as the event it is`, () => {
        const names = readdirSync(path.join(FIXTURES, agent)).filter((n) => n.endsWith('.json'));
        assert.ok(names.length >= 5, `${agent} has fixtures`);
        for (const name of names) {
          const input = fixture(agent, name.slice(0, -5), { workspace: '/work/project', session: 'session-1', prompt: 'add due dates' });
          const raw = JSON.parse(input) as { _source: string; _kind: string };
          // a page of the agent's docs, or the npm package whose program the payload was read from
          assert.match(raw._source, /^https:\/\/(code\.claude\.com|docs\.github\.com|code\.visualstudio\.com|cursor\.com|geminicli\.com|docs\.cline\.bot|developers\.openai\.com|opencode\.ai|www\.npmjs\.com\/package)\//, `${agent}/${name} cites its page`);
          const event = AGENT_EVENTS[agent].normalize(raw, {});
          assert.equal(event.kind, raw._kind, `${agent}/${name}`);
          assert.equal(event.sessionId, 'session-1', `${agent}/${name}: session`);
          assert.equal(event.workspaceDir, '/work/project', `${agent}/${name}: workspace`);
          if (event.kind === 'prompt') assert.equal(event.prompt, 'add due dates');
          if (event.kind === 'preTool' || event.kind === 'postTool') assert.ok(AGENT_EVENTS[agent].isWritingTool(event.toolName!), `${agent}/${name}: ${event.toolName} writes`);
        }
      });
    }

    it('read-only tools are not taken for writing ones', () => {
      assert.equal(AGENT_EVENTS['claude-code'].isWritingTool('Read'), false);
      assert.equal(AGENT_EVENTS['claude-code'].isWritingTool('Grep'), false);
      assert.equal(AGENT_EVENTS.gemini.isWritingTool('read_file'), false);
      assert.equal(AGENT_EVENTS.cline.isWritingTool('read_file'), false);
      assert.equal(AGENT_EVENTS.copilot.isWritingTool('view'), false);
      assert.equal(AGENT_EVENTS.copilot.isWritingTool('runInTerminal'), true);
      assert.equal(AGENT_EVENTS.cursor.isWritingTool('Read'), false);
      assert.equal(AGENT_EVENTS.codex.isWritingTool('mcp__docs__search'), false);
      assert.equal(AGENT_EVENTS.codex.isWritingTool('update_plan'), false);
      for (const tool of ['read', 'glob', 'grep', 'list', 'webfetch', 'todowrite', 'task']) assert.equal(AGENT_EVENTS.opencode.isWritingTool(tool), false, tool);
    });
  });

  it('the answers are the protocols\' neutral ones: no hook ever allows, denies or asks', () => {
    assert.equal(hookAnswer('claude-code', 'PreToolUse'), '');
    assert.equal(hookAnswer('copilot', 'preToolUse'), '');
    assert.equal(hookAnswer('gemini', 'BeforeTool'), '{}\n');
    assert.equal(hookAnswer('cline', 'PreToolUse'), '{"cancel":false}\n');
    assert.equal(hookAnswer('codex', 'PreToolUse'), '');
    assert.equal(hookAnswer('opencode', 'tool.execute.before'), '');
    assert.equal(hookAnswer('cursor', 'beforeSubmitPrompt'), '{"continue":true}\n');
    // "allow" would skip the approval Cursor asks for itself: a checkpoint hook makes no decision.
    for (const event of ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'preToolUse', 'afterFileEdit', undefined]) assert.equal(hookAnswer('cursor', event), '{}\n', String(event));
  });

  for (const agent of HOOK_AGENTS) {
    it(`${agent}: a whole session gives one plan, a checkpoint per prompt, pre_write/post_step around writes, and a byte-exact rollback to before the second prompt`, () => {
      const root = newWorkspace(tempDir());
      const steps = SESSIONS[agent];
      const session = `sess-${agent}-1`;
      const env = agentEnv(agent, root);
      const call = (name: string, prompt?: string) => {
        const input = fixture(agent, name, { workspace: root, session, prompt });
        assertAllowed(agent, eventNameOf(input), hook(agent, input, root, env), `${agent} ${name}`);
      };
      call(steps.firstPrompt ?? steps.prompt, 'add due dates to todos\nand keep them sorted');
      if (steps.editPre) call(steps.editPre);
      write(root, 'notes.txt', 'two\n');
      call(steps.editPost);
      call(steps.prompt, 'now tidy up the old folder');
      const beforeSecondPrompt = hashTree(root);
      // the user edits a file by hand meanwhile: the shell call's pre_write keeps that edit
      write(root, 'src/main.ts', 'export const byHand = 1;\n');
      call(steps.shellPre);
      rmSync(path.join(root, 'old'), { recursive: true });
      write(root, 'fresh/c.txt', 'fresh\n');
      call(steps.shellPost);

      const [plan, ...others] = plans(root);
      assert.equal(others.length, 0, 'one plan for the session');
      assert.equal(plan!.title, `${HOOK_AGENT_NAMES[agent]}: add due dates to todos`);
      assert.equal(plan!.state, 'executing');
      assert.equal(plan!.sandbox_path, '.');
      const list = checkpoints(root, plan!.plan_id);
      assert.deepEqual(
        list.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.reason]),
        [
          ['manual', null, 'Before: "add due dates to todos"'],
          // the edit's pre_write is skipped: nothing changed since the prompt's checkpoint
          ['post_step', steps.editTool, `After ${steps.editTool} notes.txt`],
          ['manual', null, 'Before: "now tidy up the old folder"'],
          // a shell's rows name what it ran: the command's first line, from the tool's input
          ['pre_write', steps.shellTool, `Before ${steps.shellTool}: rm -rf old && mkdir fresh`],
          ['post_step', steps.shellTool, `After ${steps.shellTool}: rm -rf old && mkdir fresh`],
        ],
      );
      for (const c of list) {
        assert.equal(c.metadata.extra.agent, agent);
        assert.equal(c.metadata.extra.session_id, session);
        assert.equal(c.resource_id, null);
      }
      assert.equal(list[1]!.metadata.extra.file_path, 'notes.txt');
      assert.equal(list[4]!.metadata.extra.command, 'rm -rf old && mkdir fresh');
      if (agent === 'claude-code') assert.equal(list[4]!.metadata.extra.tool_use_id, 'toolu_02BASH');

      const rollback = runCli(root, ['plan', 'rollback', '--yes', plan!.plan_id, list[2]!.checkpoint_id]);
      assert.equal(rollback.code, 0, rollback.stderr);
      assert.deepEqual(hashTree(root), beforeSecondPrompt);
      assert.match(hooksLog(root), /plan \w+ made for session/);
    });
  }

  it('agent-only rollback after a skipped pre_write: the tool call closed by its post_step alone is the agent’s, the hand edit after it stays', () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('claude-code', root);
    const call = (name: string, prompt?: string) => {
      const input = fixture('claude-code', name, { workspace: root, session: 'skipped-pre', prompt });
      assertAllowed('claude-code', eventNameOf(input), hook('claude-code', input, root, env), name);
    };
    call('UserPromptSubmit', 'edit the notes');
    call('PreToolUse-Edit');
    write(root, 'notes.txt', 'two\n');
    call('PostToolUse-Edit');
    write(root, 'src/main.ts', 'export const byHand = 1;\n');
    const [plan] = plans(root);
    const list = checkpoints(root, plan!.plan_id);
    assert.deepEqual(
      list.map((c) => c.checkpoint_type),
      ['manual', 'post_step'],
      'the edit’s pre_write was skipped: nothing had changed since the prompt’s checkpoint',
    );
    const run = runCli(root, ['--format', 'json', 'plan', 'rollback', '--agent-only', '--yes', plan!.plan_id, list[0]!.checkpoint_id]);
    assert.equal(run.code, 0, run.stderr);
    const summary = run.json<{ rollback_summary: { reverted: string[]; kept: string[]; tool_calls: number; unclosed: unknown[] } }>().rollback_summary;
    assert.deepEqual({ reverted: summary.reverted, kept: summary.kept, tool_calls: summary.tool_calls, unclosed: summary.unclosed }, { reverted: ['notes.txt'], kept: ['src/main.ts'], tool_calls: 1, unclosed: [] });
    assert.equal(readFileSync(path.join(root, 'notes.txt'), 'utf8'), 'one\n', 'the agent’s edit taken out');
    assert.equal(readFileSync(path.join(root, 'src/main.ts'), 'utf8'), 'export const byHand = 1;\n', 'the hand edit kept');
  });

  it('copilot: the PascalCase (VS Code) payloads feed the same kind of session', () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('copilot', root);
    const vars = { workspace: root, session: 'vscode-1', prompt: 'rename the helper' };
    for (const [name, change] of [['UserPromptSubmit'], ['PreToolUse'], ['PostToolUse', true]] as const) {
      if (change) write(root, 'notes.txt', 'changed\n');
      assertAllowed('copilot', name, hook('copilot', fixture('copilot', name, vars), root, env), name);
    }
    const [plan] = plans(root);
    assert.equal(plan!.title, 'GitHub Copilot: rename the helper');
    const list = checkpoints(root, plan!.plan_id);
    assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'post_step']);
    assert.deepEqual(list[1]!.metadata.extra, { agent: 'copilot', session_id: 'vscode-1', file_path: 'notes.txt', tool_use_id: 'tool-123' });
  });

  it('a read-only tool call takes no checkpoint and makes no plan', () => {
    const root = newWorkspace(tempDir());
    const input = JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: root, tool_name: 'Read', tool_input: { file_path: `${root}/notes.txt` } });
    assertAllowed('claude-code', 'PreToolUse', hook('claude-code', input, root, agentEnv('claude-code', root)), 'Read');
    assert.equal(existsSync(path.join(root, '.cleveragents')), false);
  });

  it('a session whose first event is a tool call is titled by the agent and the session', () => {
    const root = newWorkspace(tempDir());
    const input = fixture('cline', 'PreToolUse-execute_command', { workspace: root, session: '1764583200123' });
    assertAllowed('cline', 'PreToolUse', hook('cline', input, root, agentEnv('cline', root)), 'pre');
    const [plan] = plans(root);
    assert.equal(plan!.title, 'Cline session 176458320012');
    assert.deepEqual(checkpoints(root, plan!.plan_id).map((c) => c.checkpoint_type), ['pre_write']);
  });

  it('two sessions interleaved, and two agents at once, each get their own plan', async () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('claude-code', root);
    const call = (session: string, name: string, prompt?: string) =>
      assertAllowed('claude-code', eventNameOf(fixture('claude-code', name, { workspace: root, session, prompt })), hook('claude-code', fixture('claude-code', name, { workspace: root, session, prompt }), root, env), `${session} ${name}`);
    call('one', 'UserPromptSubmit', 'first session');
    call('two', 'UserPromptSubmit', 'second session');
    call('one', 'PreToolUse-Edit');
    write(root, 'notes.txt', 'by one\n');
    call('two', 'PreToolUse-Bash');
    call('one', 'PostToolUse-Edit');
    call('two', 'PostToolUse-Bash');
    const byTitle = new Map(plans(root).map((p) => [p.title, p]));
    assert.deepEqual([...byTitle.keys()].sort(), ['Claude Code: first session', 'Claude Code: second session']);
    const one = checkpoints(root, byTitle.get('Claude Code: first session')!.plan_id);
    const two = checkpoints(root, byTitle.get('Claude Code: second session')!.plan_id);
    assert.deepEqual(one.map((c) => c.checkpoint_type), ['manual', 'post_step']);
    // session two's pre_write saw session one's edit (the same folder), its post_step nothing new
    assert.deepEqual(two.map((c) => c.checkpoint_type), ['manual', 'pre_write']);

    // Claude Code and Cline at the same moment, each on its first prompt
    const [claude, cline] = await Promise.all([
      hookAsync('claude-code', fixture('claude-code', 'UserPromptSubmit', { workspace: root, session: 'three', prompt: 'at once A' }), root, env),
      hookAsync('cline', fixture('cline', 'UserPromptSubmit', { workspace: root, session: '42', prompt: 'at once B' }), root, agentEnv('cline', root)),
    ]);
    assertAllowed('claude-code', 'UserPromptSubmit', claude, 'claude at once');
    assertAllowed('cline', 'UserPromptSubmit', cline, 'cline at once');
    const titles = plans(root).map((p) => p.title);
    assert.ok(titles.includes('Claude Code: at once A') && titles.includes('Cline: at once B'), titles.join(', '));
    for (const p of plans(root)) assert.ok(checkpoints(root, p.plan_id).length >= 1, `${p.title} has its checkpoint`);
  });

  describe('never in the way: hostile and broken input', () => {
    const hostile: [string, (root: string) => string][] = [
      ['not JSON', () => '{"session_id": "s", "hook_event_name": '],
      ['a 1 MB session id', (root) => JSON.stringify({ session_id: 'x'.repeat(1024 * 1024), hook_event_name: 'UserPromptSubmit', cwd: root, prompt: 'hi' })],
      ['a 1 MB tool name', (root) => JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: root, tool_name: 'W'.repeat(1024 * 1024), tool: 'W'.repeat(1024 * 1024), tool_input: {} })],
      ['a JSON array', () => '[1,2,3]'],
      ['an empty stdin', () => ''],
      ['9 MB of stdin', () => `"${'y'.repeat(9 * 1024 * 1024)}"`],
    ];
    for (const agent of HOOK_AGENTS) {
      it(`${agent}: malformed events change nothing, exit 0 with the protocol's answer, and leave a line in hooks.log`, () => {
        const root = newWorkspace(tempDir());
        const tree = hashTree(root);
        for (const [what, input] of hostile) {
          const before = hooksLog(root).length;
          assertAllowed(agent, undefined, hook(agent, input(root), root, agentEnv(agent, root)), `${agent}: ${what}`);
          assert.ok(hooksLog(root).length > before, `${agent}: ${what} is logged`);
        }
        assert.deepEqual(hashTree(root), tree);
        assert.deepEqual(readdirSync(path.join(root, '.cleveragents')).sort(), ['.gitignore', 'logs']);
        assert.equal(readFileSync(path.join(root, '.cleveragents', '.gitignore'), 'utf8'), '*\n', "the user's git never sees the log");
      });
    }

    it('a workspace that is the file system root, a missing folder or a relative path is refused', () => {
      const root = newWorkspace(tempDir());
      mkdirSync(path.join(root, '.cleveragents'));
      for (const cwd of ['/', path.join(root, 'missing'), 'relative/dir']) {
        const input = JSON.stringify({ session_id: 's', hook_event_name: 'UserPromptSubmit', cwd, prompt: 'hi' });
        // no CLAUDE_PROJECT_DIR: the event's cwd decides
        assertAllowed('claude-code', 'UserPromptSubmit', hook('claude-code', input, root, { AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' }), cwd);
      }
      assert.equal(existsSync(path.join('/', '.cleveragents', 'hooks')), false);
      assert.deepEqual(plans(root), []);
      assert.match(hooksLog(root), /is the root of the file system/);
    });

    it('a file path outside the workspace is dropped from the checkpoint; control characters in a prompt are escaped', () => {
      const root = newWorkspace(tempDir());
      const env = agentEnv('claude-code', root);
      const prompt = 'fix \u001b[31mred\u001b[0m and \u202egnp.exe\n\u0007second line';
      assertAllowed('claude-code', 'UserPromptSubmit', hook('claude-code', JSON.stringify({ session_id: 's', hook_event_name: 'UserPromptSubmit', cwd: root, prompt }), root, env), 'prompt');
      write(root, 'notes.txt', 'changed\n');
      for (const file of ['/etc/passwd', '../../outside.txt', `${root}/.cleveragents/cleveragents.db`]) {
        const input = JSON.stringify({ session_id: 's', hook_event_name: 'PostToolUse', cwd: root, tool_name: 'Write', tool_input: { file_path: file } });
        assertAllowed('claude-code', 'PostToolUse', hook('claude-code', input, root, env), file);
      }
      const [plan] = plans(root);
      assert.equal(plan!.title, 'Claude Code: fix \\e[31mred\\e[0m and \\u202egnp.exe');
      const list = checkpoints(root, plan!.plan_id);
      assert.equal(list[0]!.metadata.reason, 'Before: "fix \\e[31mred\\e[0m and \\u202egnp.exe"');
      assert.deepEqual(list.map((c) => c.checkpoint_type), ['manual', 'post_step']);
      assert.equal(list[1]!.metadata.extra.file_path, undefined);
      assert.equal(existsSync(path.join(root, '..', 'outside.txt')), false);
    });

    it('a database it cannot read is left as it is: exit 0, a line in hooks.log', () => {
      const root = newWorkspace(tempDir());
      write(root, '.cleveragents/cleveragents.db', 'this is not a database');
      const input = fixture('gemini', 'BeforeAgent', { workspace: root, session: 'g', prompt: 'hello' });
      assertAllowed('gemini', 'BeforeAgent', hook('gemini', input, root, agentEnv('gemini', root)), 'refused store');
      assert.equal(readFileSync(path.join(root, '.cleveragents/cleveragents.db'), 'utf8'), 'this is not a database');
      assert.match(hooksLog(root), /BeforeAgent: checkpoint missed: /);
    });

    it('no git on PATH: exit 0, the checkpoint is missed and the log says why', () => {
      const bin = tempDir();
      // a PATH that holds node alone
      symlinkSync(process.execPath, path.join(bin, 'node'));
      const root = newWorkspace(tempDir());
      const input = fixture('cline', 'UserPromptSubmit', { workspace: root, session: '7', prompt: 'no git here' });
      const r = spawnSync(path.join(bin, 'node'), [CLI_PATH, 'hook', 'run', 'cline'], { cwd: root, input, env: { PATH: bin, HOME: bin, AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '60000' }, encoding: 'utf8' });
      assertAllowed('cline', 'UserPromptSubmit', { code: r.status, stdout: r.stdout, stderr: r.stderr }, 'no git');
      assert.match(hooksLog(root), /missed: .*git/);
    });

    it('a .cleveragents it cannot write in (files where its folders belong): exit 0, the answer, nothing else changed', () => {
      const root = newWorkspace(tempDir());
      write(root, '.cleveragents/logs', 'a file, not a folder');
      write(root, '.cleveragents/hooks', 'a file, not a folder');
      const tree = hashTree(root, () => false);
      const input = fixture('cursor', 'beforeShellExecution', { workspace: root, session: 'ro' });
      assertAllowed('cursor', 'beforeShellExecution', hook('cursor', input, root, agentEnv('cursor', root)), 'unwritable');
      assert.deepEqual(hashTree(root), tree);
      assert.equal(readFileSync(path.join(root, '.cleveragents/logs'), 'utf8'), 'a file, not a folder');
      assert.equal(readFileSync(path.join(root, '.cleveragents/hooks'), 'utf8'), 'a file, not a folder');
    });

    it('a store locked by another live process: the checkpoint is missed after a bounded wait, not waited for', () => {
      const root = newWorkspace(tempDir());
      const env = agentEnv('claude-code', root);
      const prompt = fixture('claude-code', 'UserPromptSubmit', { workspace: root, session: 's', prompt: 'first' });
      assertAllowed('claude-code', 'UserPromptSubmit', hook('claude-code', prompt, root, env), 'first prompt');
      writeFileSync(path.join(root, '.cleveragents', 'checkpoints.lock'), JSON.stringify({ pid: process.pid, host: os.hostname(), acquired_at: new Date().toISOString(), token: 'held-by-test' }));
      write(root, 'notes.txt', 'changed\n');
      assertAllowed('claude-code', 'PreToolUse', hook('claude-code', fixture('claude-code', 'PreToolUse-Edit', { workspace: root, session: 's' }), root, env), 'locked pre');
      assert.match(hooksLog(root), /PreToolUse: checkpoint missed: .*lock/i);
      const [plan] = plans(root);
      assert.deepEqual(checkpoints(root, plan!.plan_id).map((c) => c.checkpoint_type), ['manual']);
    });
  });

  it('hooks of one new session that start at once make one plan', async () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('claude-code', root);
    const input = fixture('claude-code', 'PreToolUse-Bash', { workspace: root, session: 'parallel' });
    const runs = await Promise.all([1, 2, 3, 4].map(() => hookAsync('claude-code', input, root, env)));
    runs.forEach((r, i) => assertAllowed('claude-code', 'PreToolUse', r, `call ${i}`));
    assert.equal(plans(root).length, 1);
  });

  it('a plan deleted by the user: the session gets a new plan at its next event', () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('gemini', root);
    const send = (prompt: string) => assertAllowed('gemini', 'BeforeAgent', hook('gemini', fixture('gemini', 'BeforeAgent', { workspace: root, session: 'g1', prompt }), root, env), prompt);
    send('first');
    const [first] = plans(root);
    assert.equal(runCli(root, ['plan', 'delete', '--yes', first!.plan_id]).code, 0);
    send('second');
    const [second, ...rest] = plans(root);
    assert.equal(rest.length, 0);
    assert.notEqual(second!.plan_id, first!.plan_id);
    assert.equal(second!.title, 'Gemini CLI: second');
  });

  it('a first snapshot not done in time goes on in the background and is recorded when it ends', async () => {
    const root = newWorkspace(tempDir());
    const env = agentEnv('cursor', root, { AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '0' });
    const input = fixture('cursor', 'beforeSubmitPrompt', { workspace: root, session: 'c1', prompt: 'go' });
    assertAllowed('cursor', 'beforeSubmitPrompt', hook('cursor', input, root, env), 'prompt');
    assert.match(hooksLog(root), /its first snapshot\) continues in the background/);
    const [plan] = plans(root);
    for (let i = 0; i < 300 && checkpoints(root, plan!.plan_id).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(checkpoints(root, plan!.plan_id).map((c) => c.metadata.reason), ['Before: "go"']);
    assert.match(hooksLog(root), /background manual \w+ in plan/);
  });

  it('while the first snapshot of a plan is still being taken, later hooks start no second one: their checkpoint is missed', () => {
    const root = newWorkspace(tempDir());
    const made = runCli(root, ['--format', 'json', 'plan', 'create', '--title', 'Made by hand', '--sandbox', '.']);
    const planId = made.json<{ plan: PlanJson }>().plan.plan_id;
    assert.equal(runCli(root, ['plan', 'start', planId]).code, 0);
    const sessionFile = sessionFilePath(root, 'claude-code', 'slow');
    mkdirSync(path.dirname(sessionFile), { recursive: true });
    writeFileSync(sessionFile, JSON.stringify({ version: 1, agent: 'claude-code', session_id: 'slow', plan_id: planId, created_at: new Date().toISOString() }));
    // a live process (this one) is taking the plan's first snapshot
    writeFileSync(firstSnapshotMarker(root, planId), JSON.stringify({ pid: process.pid }));
    // the hook waits this long for that process before it gives its checkpoint up
    const env = agentEnv('claude-code', root, { AGENTS_HOOK_FIRST_SNAPSHOT_WAIT_MS: '300' });
    assertAllowed('claude-code', 'PreToolUse', hook('claude-code', fixture('claude-code', 'PreToolUse-Bash', { workspace: root, session: 'slow' }), root, env), 'pre');
    assert.match(hooksLog(root), new RegExp(`pre_write of plan ${planId} missed: its first snapshot is still being taken \\(process ${process.pid}\\)`));
    assert.deepEqual(checkpoints(root, planId), []);
    // once that process is gone (a pid no process has), the next hook takes the first snapshot
    writeFileSync(firstSnapshotMarker(root, planId), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    assertAllowed('claude-code', 'PreToolUse', hook('claude-code', fixture('claude-code', 'PreToolUse-Bash', { workspace: root, session: 'slow' }), root, agentEnv('claude-code', root)), 'pre again');
    assert.deepEqual(checkpoints(root, planId).map((c) => c.checkpoint_type), ['pre_write']);
    assert.equal(existsSync(firstSnapshotMarker(root, planId)), false, 'the marker goes with the process');
  });

  it('a first snapshot that ends while a hook waits for it: the hook then takes its own checkpoint instead of missing it', async () => {
    const root = newWorkspace(tempDir());
    const made = runCli(root, ['--format', 'json', 'plan', 'create', '--title', 'Made by hand', '--sandbox', '.']);
    const planId = made.json<{ plan: PlanJson }>().plan.plan_id;
    assert.equal(runCli(root, ['plan', 'start', planId]).code, 0);
    const sessionFile = sessionFilePath(root, 'claude-code', 'waits');
    mkdirSync(path.dirname(sessionFile), { recursive: true });
    writeFileSync(sessionFile, JSON.stringify({ version: 1, agent: 'claude-code', session_id: 'waits', plan_id: planId, created_at: new Date().toISOString() }));
    // a process that stands for the baseline's: alive for a moment, then gone
    const baseline = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1500)']);
    writeFileSync(firstSnapshotMarker(root, planId), JSON.stringify({ pid: baseline.pid }));
    const run = await hookAsync('claude-code', fixture('claude-code', 'PreToolUse-Bash', { workspace: root, session: 'waits' }), root, agentEnv('claude-code', root));
    assertAllowed('claude-code', 'PreToolUse', run, 'pre');
    assert.doesNotMatch(hooksLog(root), /missed/);
    assert.deepEqual(checkpoints(root, planId).map((c) => c.checkpoint_type), ['pre_write']);
  });

  it('hooks.log is rotated past 256 KB', () => {
    const root = newWorkspace(tempDir());
    write(root, '.cleveragents/logs/hooks.log', 'x'.repeat(300 * 1024));
    assertAllowed('cline', undefined, hook('cline', 'nonsense', root, agentEnv('cline', root)), 'nonsense');
    assert.equal(statSync(path.join(root, '.cleveragents/logs/hooks.log.1')).size, 300 * 1024);
    assert.ok(statSync(path.join(root, '.cleveragents/logs/hooks.log')).size < 1024);
  });

  it('hook run refuses an unknown agent with a usage error (a person typed it, not an agent)', () => {
    const r = spawnSync(process.execPath, [CLI_PATH, 'hook', 'run', 'vim'], { input: '{}', encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /takes one agent: copilot, claude-code, cursor, gemini, cline/);
  });
});
