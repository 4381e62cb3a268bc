"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.expectedHookAnswer = expectedHookAnswer;
/**
 * What each agent must read on a hook's stdout, spelled out from its documentation
 * (src/hooks/hookAnswer.ts says where): a test comparing the output with hookAnswer() itself
 * would pass whatever that function returned. Cursor answers its prompt event apart.
 */
const ANSWERS = {
    'claude-code': { otherwise: '' },
    copilot: { otherwise: '' },
    gemini: { otherwise: '{}\n' },
    cline: { otherwise: '{"cancel":false}\n' },
    cursor: { otherwise: '{}\n', byEvent: { beforeSubmitPrompt: '{"continue":true}\n' } },
    codex: { otherwise: '' },
    opencode: { otherwise: '' },
};
/** The literal answer `hook run <agent>` must print for the event (undefined: stdin unreadable). */
function expectedHookAnswer(agent, eventName) {
    const answers = ANSWERS[agent];
    return (eventName !== undefined ? answers.byEvent?.[eventName] : undefined) ?? answers.otherwise;
}
//# sourceMappingURL=hookAnswers.js.map