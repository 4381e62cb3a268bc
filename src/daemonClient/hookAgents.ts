/**
 * The agents whose hooks `agents hook install` writes and `agents hook run` answers. The installed
 * command is `"<node>" "<absolute dist/cli.js>" hook run <agent>`: the agent's PATH need not hold
 * `agents`.
 */
export const HOOK_AGENTS = ['copilot', 'claude-code', 'cursor', 'gemini', 'cline', 'codex', 'opencode'] as const;

export type HookAgent = (typeof HOOK_AGENTS)[number];

/** How each agent is named to people: in plan titles, the README and the installer's messages. */
export const HOOK_AGENT_NAMES: Readonly<Record<HookAgent, string>> = {
  copilot: 'GitHub Copilot',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  gemini: 'Gemini CLI',
  cline: 'Cline',
  codex: 'Codex CLI',
  opencode: 'OpenCode',
};

export function isHookAgent(name: string): name is HookAgent {
  return (HOOK_AGENTS as readonly string[]).includes(name);
}
