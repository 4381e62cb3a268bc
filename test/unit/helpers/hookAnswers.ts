import type { HookAgent } from '../../../src/daemonClient/hookAgents';

/**
 * What each agent must read on a hook's stdout, spelled out from its documentation
 * (src/hooks/hookAnswer.ts says where): a test comparing the output with hookAnswer() itself
 * would pass whatever that function returned. Cursor answers its prompt event apart.
 */
const ANSWERS: Readonly<Record<HookAgent, { readonly otherwise: string; readonly byEvent?: Readonly<Record<string, string>> }>> = {
  'claude-code': { otherwise: '' },
  copilot: { otherwise: '' },
  gemini: { otherwise: '{}\n' },
  cline: { otherwise: '{"cancel":false}\n' },
  cursor: { otherwise: '{}\n', byEvent: { beforeSubmitPrompt: '{"continue":true}\n' } },
  codex: { otherwise: '' },
  opencode: { otherwise: '' },
};

/** The literal answer `hook run <agent>` must print for the event (undefined: stdin unreadable). */
export function expectedHookAnswer(agent: HookAgent, eventName: string | undefined): string {
  const answers = ANSWERS[agent];
  return (eventName !== undefined ? answers.byEvent?.[eventName] : undefined) ?? answers.otherwise;
}
