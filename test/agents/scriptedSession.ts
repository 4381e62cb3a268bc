// The session every agent runs in the contract suite, the same for all: a workspace of two files;
// prompt 1 writes a new file, edits one, runs a shell command that writes, and one that writes and
// then fails; the user edits files of their own between the prompts; prompt 2 edits again, writes,
// and deletes with a shell command. The files' bytes are known at each moment, so every rollback's
// result is compared byte for byte with what it must be.
import type { PromptScript } from './modelServer/script';
import { promptMarker } from './modelServer/script';
import type { FileBytes } from './workspaceFiles';
import { withChanges } from './workspaceFiles';

/** How an agent's model asks for each kind of call: its tools' names and arguments. */
export interface AgentToolset {
  /** The calls that write a new file (`file` is absolute). */
  write(file: string, content: string): { name: string; args: Record<string, unknown> }[];
  /** The calls that replace `before` by `after` in a file (some agents must read it first). */
  edit(file: string, before: string, after: string): { name: string; args: Record<string, unknown> }[];
  /** The calls that run a shell command in the workspace. */
  shell(command: string): { name: string; args: Record<string, unknown> }[];
  /**
   * The call that hands a task to a subagent and waits for it, for agents that have subagents the
   * suite drives: the subagent then writes a file in its own tool call (prompt 2).
   */
  subagent?(task: string): { name: string; args: Record<string, unknown> }[];
  /** The tool names the hooks record as `source_tool` for each kind. */
  readonly names: { readonly write: string; readonly edit: string; readonly shell: string };
}

export const INITIAL: FileBytes = {
  'keep.txt': 'the user keeps this file\n',
  'notes.txt': 'line 1\nline 2\nline 3\nline 4\nline 5\n',
};

const NOTES_AFTER_P1 = 'line 1 changed by the agent\nline 2\nline 3\nline 4\nline 5\n';
const NOTES_AFTER_USER = 'line 1 changed by the agent\nline 2\nline 3\nline 4\nline 5 changed by the user\n';
const NOTES_AFTER_P2 = 'line 1 changed by the agent\nline 2\nline 3 changed by the agent\nline 4\nline 5 changed by the user\n';

/** What the user does between the prompts, outside any tool call. */
export const USER_EDITS: Readonly<Record<string, string | null>> = {
  'notes.txt': NOTES_AFTER_USER,
  'keep.txt': 'the user keeps this file\nand added a line\n',
  'user.txt': 'a file the user made\n',
};

export const AFTER_PROMPT_1: FileBytes = withChanges(INITIAL, {
  'new.txt': 'written by the agent\n',
  'notes.txt': NOTES_AFTER_P1,
  'shell.txt': 'from the shell\n',
  'partial.txt': 'partial\n',
});
export const BEFORE_PROMPT_2: FileBytes = withChanges(AFTER_PROMPT_1, USER_EDITS);
export const AFTER_PROMPT_2: FileBytes = withChanges(BEFORE_PROMPT_2, {
  'notes.txt': NOTES_AFTER_P2,
  'second.txt': 'the second prompt wrote this\n',
  'shell.txt': null,
});
/** What the subagent of prompt 2 writes, for agents with a subagent (AgentToolset.subagent). */
export const SUBAGENT_FILE: Readonly<Record<string, string>> = { 'subagent.txt': 'a subagent wrote this\n' };

/** Agent-only rollback to before prompt 1: the first files with exactly the user's edits on them. */
export const INITIAL_WITH_USER_EDITS: FileBytes = withChanges(INITIAL, {
  ...USER_EDITS,
  'notes.txt': 'line 1\nline 2\nline 3\nline 4\nline 5 changed by the user\n',
});

export const PROMPTS = [`Make the first changes ${promptMarker(1)}`, `Make the second changes ${promptMarker(2)}`] as const;

/** A writing tool call the hooks must fence: its tool, and the paths it changes. */
export interface ExpectedFence {
  readonly tool: string;
  readonly paths: readonly string[];
  /** The call fails (a shell command that exits 3 after writing): its post_step is marked so where the agent says it failed. */
  readonly failed?: true;
}

export interface Scenario {
  readonly prompts: readonly PromptScript[];
  /** Per prompt, the fences its tool calls must get, in order. */
  readonly fences: readonly (readonly ExpectedFence[])[];
}

/** The scripted session in one agent's tools, for a workspace at `root`. */
export function scenarioFor(tools: AgentToolset, root: string): Scenario {
  const at = (rel: string): string => `${root}/${rel}`;
  const { names } = tools;
  const subagentTask = `Write the subagent's file ${promptMarker(3)}`;
  const [subagentPath, subagentContent] = Object.entries(SUBAGENT_FILE)[0];
  const subagent = tools.subagent
    ? {
        calls: tools.subagent(subagentTask),
        fences: [{ tool: names.write, paths: [subagentPath] }],
        script: { marker: promptMarker(3), calls: tools.write(at(subagentPath), subagentContent), reply: 'The subagent wrote its file.' },
      }
    : undefined;
  return {
    prompts: [
      {
        marker: promptMarker(1),
        calls: [
          ...tools.write(at('new.txt'), 'written by the agent\n'),
          ...tools.edit(at('notes.txt'), 'line 1\n', 'line 1 changed by the agent\n'),
          ...tools.shell("printf 'from the shell\\n' > shell.txt"),
          ...tools.shell("printf 'partial\\n' > partial.txt; echo 'scripted failure' >&2; exit 3"),
        ],
        reply: 'The first changes are made.',
      },
      {
        marker: promptMarker(2),
        calls: [
          ...tools.edit(at('notes.txt'), 'line 3\n', 'line 3 changed by the agent\n'),
          ...tools.write(at('second.txt'), 'the second prompt wrote this\n'),
          ...tools.shell('rm shell.txt'),
          ...(subagent?.calls ?? []),
        ],
        reply: 'The second changes are made.',
      },
      ...(subagent ? [subagent.script] : []),
    ],
    fences: [
      [
        { tool: names.write, paths: ['new.txt'] },
        { tool: names.edit, paths: ['notes.txt'] },
        { tool: names.shell, paths: ['shell.txt'] },
        { tool: names.shell, paths: ['partial.txt'], failed: true },
      ],
      [
        { tool: names.edit, paths: ['notes.txt'] },
        { tool: names.write, paths: ['second.txt'] },
        { tool: names.shell, paths: ['shell.txt'] },
        ...(subagent?.fences ?? []),
      ],
    ],
  };
}
