"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AGENT_EVENTS = void 0;
const claudeCode_1 = require("./claudeCode");
const cline_1 = require("./cline");
const codex_1 = require("./codex");
const copilot_1 = require("./copilot");
const cursor_1 = require("./cursor");
const gemini_1 = require("./gemini");
const opencode_1 = require("./opencode");
/** Each agent's reading of its stdin event, and which of its tools can write. */
exports.AGENT_EVENTS = {
    copilot: { normalize: copilot_1.normalizeCopilot, isWritingTool: copilot_1.isCopilotWritingTool },
    'claude-code': { normalize: claudeCode_1.normalizeClaudeCode, isWritingTool: claudeCode_1.isClaudeCodeWritingTool },
    cursor: { normalize: cursor_1.normalizeCursor, isWritingTool: cursor_1.isCursorWritingTool },
    gemini: { normalize: gemini_1.normalizeGemini, isWritingTool: gemini_1.isGeminiWritingTool },
    cline: { normalize: cline_1.normalizeCline, isWritingTool: cline_1.isClineWritingTool },
    codex: { normalize: codex_1.normalizeCodex, isWritingTool: codex_1.isCodexWritingTool },
    opencode: { normalize: opencode_1.normalizeOpenCode, isWritingTool: opencode_1.isOpenCodeWritingTool },
};
//# sourceMappingURL=agentEvents.js.map