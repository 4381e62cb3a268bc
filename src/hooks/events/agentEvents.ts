import type { HookAgent } from '../../daemonClient/hookAgents';
import { isClaudeCodeWritingTool, normalizeClaudeCode } from './claudeCode';
import { isClineWritingTool, normalizeCline } from './cline';
import { isCodexWritingTool, normalizeCodex } from './codex';
import { isCopilotWritingTool, normalizeCopilot } from './copilot';
import { isCursorWritingTool, normalizeCursor } from './cursor';
import { isGeminiWritingTool, normalizeGemini } from './gemini';
import type { HookEvent } from './hookEvent';
import { isOpenCodeWritingTool, normalizeOpenCode } from './opencode';

type Env = Readonly<Record<string, string | undefined>>;

/** Each agent's reading of its stdin event, and which of its tools can write. */
export const AGENT_EVENTS: Readonly<Record<HookAgent, { normalize(raw: unknown, env: Env): HookEvent; isWritingTool(name: string): boolean }>> = {
  copilot: { normalize: normalizeCopilot, isWritingTool: isCopilotWritingTool },
  'claude-code': { normalize: normalizeClaudeCode, isWritingTool: isClaudeCodeWritingTool },
  cursor: { normalize: normalizeCursor, isWritingTool: isCursorWritingTool },
  gemini: { normalize: normalizeGemini, isWritingTool: isGeminiWritingTool },
  cline: { normalize: normalizeCline, isWritingTool: isClineWritingTool },
  codex: { normalize: normalizeCodex, isWritingTool: isCodexWritingTool },
  opencode: { normalize: normalizeOpenCode, isWritingTool: isOpenCodeWritingTool },
};
