"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PROMPTS = exports.INITIAL_WITH_USER_EDITS = exports.SUBAGENT_FILE = exports.AFTER_PROMPT_2 = exports.BEFORE_PROMPT_2 = exports.AFTER_PROMPT_1 = exports.USER_EDITS = exports.INITIAL = void 0;
exports.scenarioFor = scenarioFor;
const script_1 = require("./modelServer/script");
const workspaceFiles_1 = require("./workspaceFiles");
exports.INITIAL = {
    'keep.txt': 'the user keeps this file\n',
    'notes.txt': 'line 1\nline 2\nline 3\nline 4\nline 5\n',
};
const NOTES_AFTER_P1 = 'line 1 changed by the agent\nline 2\nline 3\nline 4\nline 5\n';
const NOTES_AFTER_USER = 'line 1 changed by the agent\nline 2\nline 3\nline 4\nline 5 changed by the user\n';
const NOTES_AFTER_P2 = 'line 1 changed by the agent\nline 2\nline 3 changed by the agent\nline 4\nline 5 changed by the user\n';
/** What the user does between the prompts, outside any tool call. */
exports.USER_EDITS = {
    'notes.txt': NOTES_AFTER_USER,
    'keep.txt': 'the user keeps this file\nand added a line\n',
    'user.txt': 'a file the user made\n',
};
exports.AFTER_PROMPT_1 = (0, workspaceFiles_1.withChanges)(exports.INITIAL, {
    'new.txt': 'written by the agent\n',
    'notes.txt': NOTES_AFTER_P1,
    'shell.txt': 'from the shell\n',
    'partial.txt': 'partial\n',
});
exports.BEFORE_PROMPT_2 = (0, workspaceFiles_1.withChanges)(exports.AFTER_PROMPT_1, exports.USER_EDITS);
exports.AFTER_PROMPT_2 = (0, workspaceFiles_1.withChanges)(exports.BEFORE_PROMPT_2, {
    'notes.txt': NOTES_AFTER_P2,
    'second.txt': 'the second prompt wrote this\n',
    'shell.txt': null,
});
/** What the subagent of prompt 2 writes, for agents with a subagent (AgentToolset.subagent). */
exports.SUBAGENT_FILE = { 'subagent.txt': 'a subagent wrote this\n' };
/** Agent-only rollback to before prompt 1: the first files with exactly the user's edits on them. */
exports.INITIAL_WITH_USER_EDITS = (0, workspaceFiles_1.withChanges)(exports.INITIAL, {
    ...exports.USER_EDITS,
    'notes.txt': 'line 1\nline 2\nline 3\nline 4\nline 5 changed by the user\n',
});
exports.PROMPTS = [`Make the first changes ${(0, script_1.promptMarker)(1)}`, `Make the second changes ${(0, script_1.promptMarker)(2)}`];
/** The scripted session in one agent's tools, for a workspace at `root`. */
function scenarioFor(tools, root) {
    const at = (rel) => `${root}/${rel}`;
    const { names } = tools;
    const subagentTask = `Write the subagent's file ${(0, script_1.promptMarker)(3)}`;
    const [subagentPath, subagentContent] = Object.entries(exports.SUBAGENT_FILE)[0];
    const subagent = tools.subagent
        ? {
            calls: tools.subagent(subagentTask),
            fences: [{ tool: names.write, paths: [subagentPath] }],
            script: { marker: (0, script_1.promptMarker)(3), calls: tools.write(at(subagentPath), subagentContent), reply: 'The subagent wrote its file.' },
        }
        : undefined;
    return {
        prompts: [
            {
                marker: (0, script_1.promptMarker)(1),
                calls: [
                    ...tools.write(at('new.txt'), 'written by the agent\n'),
                    ...tools.edit(at('notes.txt'), 'line 1\n', 'line 1 changed by the agent\n'),
                    ...tools.shell("printf 'from the shell\\n' > shell.txt"),
                    ...tools.shell("printf 'partial\\n' > partial.txt; echo 'scripted failure' >&2; exit 3"),
                ],
                reply: 'The first changes are made.',
            },
            {
                marker: (0, script_1.promptMarker)(2),
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
                { tool: names.shell, paths: ['partial.txt'] },
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
//# sourceMappingURL=scriptedSession.js.map