import type { HookAgent } from '../daemonClient/hookAgents';

/**
 * Exactly what `hook run` prints for an agent's event: the answer that lets everything go on and
 * changes no permission decision. Given the agent's event name, or undefined when stdin could
 * not be read.
 * - Claude Code: nothing (exit 0 with empty stdout proceeds; code.claude.com/docs/en/hooks).
 * - Copilot: nothing (a preToolUse answer is optional; docs.github.com/en/copilot/reference/hooks-configuration).
 * - Gemini CLI: `{}` (stdout must hold JSON alone; geminicli.com/docs/hooks/reference).
 * - Cline: `{"cancel":false}` (it fails closed on anything else; docs.cline.bot/features/hooks/hook-reference).
 * - Cursor: `{"continue":true}` for beforeSubmitPrompt, `{}` for every other event
 *   (cursor.com/docs/agent/hooks). Not `{"permission":"allow"}` on before* events: allow is a
 *   decision, which tools that auto-approve commands return to skip Cursor's own approval step
 *   (e.g. docs.rs/crate/safe-chains, "auto-allow safe bash commands"); a JSON object without a
 *   permission leaves Cursor's own rules to decide.
 * - Codex CLI: nothing (exit 0 with empty stdout lets the call go on; a PreToolUse answer may only
 *   deny; https://developers.openai.com/codex/hooks, "PreToolUse").
 * - OpenCode: nothing (our plugin ignores the command's stdout; install/opencodePlugin.ts).
 */
export function hookAnswer(agent: HookAgent, eventName: string | undefined): string {
  switch (agent) {
    case 'claude-code':
    case 'copilot':
    case 'codex':
    case 'opencode':
      return '';
    case 'gemini':
      return '{}\n';
    case 'cline':
      return '{"cancel":false}\n';
    case 'cursor':
      if (eventName === 'beforeSubmitPrompt') return '{"continue":true}\n';
      return '{}\n';
  }
}
