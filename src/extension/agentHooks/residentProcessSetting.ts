import * as vscode from 'vscode';
import * as z from 'zod';
import { SETTINGS_SECTION } from '../commandIds';

/** `cleveragents.checkpoints.agents.residentProcess`: whether hooks and terminals may use the resident process (src/daemon). */
export const RESIDENT_PROCESS_SETTING = 'agents.residentProcess';

/**
 * The setting, true unless set to false. The resident process runs outside VS Code, in the agents'
 * processes: the setting reaches it through the environment of what this window starts (the hook
 * commands Connect an Agent writes, the integrated terminals), as CLEVERAGENTS_NO_DAEMON=1.
 */
export function residentProcessEnabled(): boolean {
  const parsed = z.boolean().optional().safeParse(vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown>(RESIDENT_PROCESS_SETTING));
  return !(parsed.success && parsed.data === false);
}
