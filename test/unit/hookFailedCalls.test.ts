import * as assert from 'node:assert/strict';
import { normalizeClaudeCode } from '../../src/hooks/events/claudeCode';
import { normalizeCline } from '../../src/hooks/events/cline';
import { normalizeCodex } from '../../src/hooks/events/codex';
import { normalizeGemini } from '../../src/hooks/events/gemini';
import { normalizeOpenCode } from '../../src/hooks/events/opencode';

// Whether a tool call failed, as each agent's real program tells its hooks (or does not). The
// payloads are the ones the programs sent to a hook that only recorded its stdin, each run offline
// against the contract suite's scripted model server (test/agents/modelServer) at the pinned
// version, for the scenario's failing shell command (`printf 'partial\n' > partial.txt; echo
// 'scripted failure' >&2; exit 3`) and for a file edit that fails. Only the paths and ids are
// shortened. A payload that does not say stays unmarked: `failed` is never guessed.

const SHELL_FAILS = "printf 'partial\\n' > partial.txt; echo 'scripted failure' >&2; exit 3";
const SHELL_OK = "printf 'ok\\n' > ok.txt";

describe('a failed tool call, as each agent reports it', () => {
  describe('OpenCode 1.18.33 (its bash tool\'s metadata.exit, handed on as `exit` by our plugin)', () => {
    // tool.execute.after's output for the failing command, as OpenCode passed it to a plugin:
    // {title, metadata: {output: "scripted failure\n", exit: 3, truncated: false}, output: "scripted failure\n"};
    // our plugin sends `exit` beside the input's fields.
    const after = (extra: Record<string, unknown>) => ({
      hook_event_name: 'tool.execute.after',
      session_id: 'ses_dc1b9d4bcffeOFRh3wz7WA2bGN',
      tool: 'bash',
      call_id: 'call_scripted_5',
      args: { command: SHELL_FAILS, description: 'fail' },
      directory: '/tmp/probe-opencode',
      ...extra,
    });

    it('a command that exits 3 is marked failed; one that exits 0 is not', () => {
      assert.equal(normalizeOpenCode(after({ exit: 3 })).failed, true);
      assert.equal(normalizeOpenCode({ ...after({ exit: 0 }), call_id: 'call_scripted_3', args: { command: SHELL_OK, description: 'ok' } }).failed, undefined);
    });

    it('no exit code (a plugin written before it was sent, a file tool, a command killed at its timeout), or junk in its place: not marked, the event read all the same', () => {
      for (const exit of [undefined, null, '3', 3.5, { code: 3 }]) {
        const event = normalizeOpenCode(after(exit === undefined ? {} : { exit }));
        assert.equal(event.failed, undefined, JSON.stringify(exit));
        assert.equal(event.kind, 'postTool');
        assert.equal(event.command, SHELL_FAILS);
      }
      // a successful write: tool.execute.after's output {title: "new.txt", metadata: {diagnostics: {}, filepath, exists: false, truncated: false}, output: "Wrote file successfully."}
      const write = normalizeOpenCode({ hook_event_name: 'tool.execute.after', session_id: 'ses_1', tool: 'write', call_id: 'call_scripted_7', args: { filePath: '/tmp/probe-opencode/new.txt', content: 'new\n' }, directory: '/tmp/probe-opencode' });
      assert.equal(write.failed, undefined);
    });

    it('only an after event is marked: an exit code on a before event means nothing', () => {
      const event = normalizeOpenCode({ ...after({ exit: 3 }), hook_event_name: 'tool.execute.before' });
      assert.equal(event.kind, 'preTool');
      assert.equal(event.failed, undefined);
    });
  });

  describe('Gemini CLI 0.61.0 (AfterTool\'s tool_response.error)', () => {
    const base = {
      session_id: '1302f542-4a09-4e73-9215-7fedfb65f09e',
      transcript_path: '/tmp/probe-home-gemini/.gemini/tmp/probe-gemini/chats/session-2026-12-03T23-40-1302f542.jsonl',
      cwd: '/tmp/probe-gemini',
      hook_event_name: 'AfterTool',
      timestamp: '2026-12-03T23:40:44.131Z',
    };
    const failedReplace = {
      ...base,
      tool_name: 'replace',
      tool_input: { file_path: '/tmp/probe-gemini/notes.txt', instruction: 'x', old_string: 'no such line', new_string: 'x' },
      tool_response: {
        llmContent:
          "Could not find an exact match for 'old_string' in '/tmp/probe-gemini/notes.txt'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.",
        returnDisplay: "Error: Could not find an exact match for old_string in '/tmp/probe-gemini/notes.txt'.",
        error: {
          message:
            "Could not find an exact match for 'old_string' in '/tmp/probe-gemini/notes.txt'. If previous edits modified the file or you are modifying lines outside your recent read window, please use ReadFile to inspect the target lines before retrying with an exact 'old_string'.",
          type: 'edit_no_occurrence_found',
        },
      },
    };

    it('a replace that found nothing to replace is marked failed', () => {
      const event = normalizeGemini(failedReplace, {});
      assert.equal(event.kind, 'postTool');
      assert.equal(event.filePath, '/tmp/probe-gemini/notes.txt');
      assert.equal(event.failed, true);
    });

    it('a shell command that exits 3 is a success to Gemini (no error, only a line of text for the model): not marked', () => {
      const shell = {
        ...base,
        tool_name: 'run_shell_command',
        tool_input: { command: SHELL_FAILS, description: 'fail' },
        tool_response: { llmContent: '<untrusted_context>\nOutput: scripted failure\nExit Code: 3\nProcess Group PGID: 11382\n</untrusted_context>', returnDisplay: 'scripted failure' },
      };
      assert.equal(normalizeGemini(shell, {}).failed, undefined);
      const ok = { ...shell, tool_input: { command: SHELL_OK, description: 'ok' }, tool_response: { llmContent: '<untrusted_context>\nOutput: (empty)\nProcess Group PGID: 11376\n</untrusted_context>', returnDisplay: '' } };
      assert.equal(normalizeGemini(ok, {}).failed, undefined);
    });

    it('no tool_response, or an error that is not the tool result\'s {message, type}: not marked, the event read all the same', () => {
      for (const toolResponse of [undefined, null, 'failed', { error: null }, { error: 'failed' }, { error: {} }, { error: { type: 'edit_no_occurrence_found' } }]) {
        const event = normalizeGemini({ ...failedReplace, tool_response: toolResponse }, {});
        assert.equal(event.failed, undefined, JSON.stringify(toolResponse));
        assert.equal(event.kind, 'postTool');
      }
    });

    it('only AfterTool is marked', () => {
      const event = normalizeGemini({ ...failedReplace, hook_event_name: 'BeforeTool' }, {});
      assert.equal(event.kind, 'preTool');
      assert.equal(event.failed, undefined);
    });
  });

  describe('Cline\'s CLI 3.0.65 (a command\'s own `success: false` in tool_result.output)', () => {
    const result = (output: unknown, success: boolean) => ({
      clineVersion: '',
      timestamp: '2026-12-03T23:42:40.146Z',
      taskId: 'conv_1796341360026_5jy0vxf',
      sessionContext: { rootSessionId: '1796341359666_C2q_o_cli' },
      workspaceRoots: ['/tmp/probe-cline'],
      workspaceInfo: { rootPath: '/tmp/probe-cline', hint: 'probe-cline' },
      userId: 'unknown',
      agent_id: 'agent_1796341359956_cl1ijq',
      parent_agent_id: null,
      hookName: 'tool_result',
      iteration: 2,
      tool_result: { id: 'call_scripted_4', name: 'run_commands', input: { commands: [SHELL_FAILS] }, output, durationMs: 4, startedAt: '2026-12-03T23:42:40.142Z', endedAt: '2026-12-03T23:42:40.146Z' },
      // the CLI fills the extension's object in too, with success true whatever the commands did
      postToolUse: { toolName: 'run_commands', parameters: { commands: JSON.stringify([SHELL_FAILS]) }, result: JSON.stringify(output), success, executionTimeMs: 4 },
    });

    it('a command that exits 3 is marked failed, though postToolUse.success is true; one that exits 0 is not', () => {
      const failing = [{ query: SHELL_FAILS, result: '[Command exited with code 3]\n\n[stderr]\nscripted failure\n', error: 'Command exited with code 3', success: false }];
      assert.equal(normalizeCline(result(failing, true)).failed, true);
      assert.equal(normalizeCline(result([{ query: SHELL_OK, result: '', success: true }], true)).failed, undefined);
      // of two commands, one failed: the call failed
      assert.equal(normalizeCline(result([{ query: SHELL_OK, result: '', success: true }, ...failing], true)).failed, true);
    });

    it('an output that is no list of results, or entries without `success: false`: not marked, the event read all the same', () => {
      for (const output of [undefined, null, 'Command exited with code 3', [null, 'x', { success: 'false' }, { error: 'Command exited with code 3' }], { success: false }]) {
        const event = normalizeCline(result(output, true));
        assert.equal(event.failed, undefined, JSON.stringify(output));
        assert.equal(event.kind, 'postTool');
      }
    });
  });

  describe('Claude Code 2.1.328 (PostToolUseFailure)', () => {
    it('a Bash command that exits 3 fires PostToolUseFailure instead of PostToolUse: marked failed', () => {
      const event = normalizeClaudeCode(
        {
          session_id: '5dcbae4b-3359-4724-be6b-191fe9561918',
          transcript_path: '/tmp/probe-home-claude-code/.claude/projects/-tmp-probe-claude-code/5dcbae4b-3359-4724-be6b-191fe9561918.jsonl',
          cwd: '/tmp/probe-claude-code',
          prompt_id: '62f3788c-05e9-4f0d-9381-216c8f21ca49',
          permission_mode: 'bypassPermissions',
          effort: { level: 'medium' },
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_input: { command: SHELL_FAILS, description: 'A scripted command' },
          tool_use_id: 'toolu_scripted_3',
          error: 'Exit code 3\nscripted failure',
          is_interrupt: false,
          duration_ms: 14,
        },
        {},
      );
      assert.equal(event.kind, 'postTool');
      assert.equal(event.failed, true);
    });
  });

  describe('Codex CLI 0.171.0 (its hooks are not told)', () => {
    it('PostToolUse of a shell command that exits 3 holds its output text alone, as a success that prints the same would: not marked', () => {
      const event = normalizeCodex({
        session_id: '01a23e45-b81d-7162-a3ec-3fdf54d93720',
        turn_id: '01a23e45-b83b-7a41-beae-723636641cd9',
        transcript_path: '/tmp/probe-home-codex/.codex/sessions/2026/12/03/rollout-2026-12-03T23-38-06-01a23e45-b81d-7162-a3ec-3fdf54d93720.jsonl',
        cwd: '/tmp/probe-codex',
        hook_event_name: 'PostToolUse',
        model: 'gpt-5.5',
        permission_mode: 'bypassPermissions',
        tool_name: 'Bash',
        tool_input: { command: SHELL_FAILS },
        tool_response: 'scripted failure\n',
        tool_use_id: 'call_scripted_2',
      });
      assert.equal(event.kind, 'postTool');
      assert.equal(event.command, SHELL_FAILS);
      assert.equal(event.failed, undefined);
    });
  });
});
