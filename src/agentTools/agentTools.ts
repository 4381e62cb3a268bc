import type { AgentTool } from './agentTool';
import { createCheckpoint, deleteCheckpoint, diff, listCheckpoints } from './checkpointTools';
import { createPlan, listPlans, setRetentionPolicy, showPlan } from './planTools';
import { previewRollback, recover, rollback, undoRollback } from './rollbackTools';

/** Every tool an agent can call, in the order clients list them. A new tool is a declaration and a line here. */
export const AGENT_TOOLS: readonly AgentTool[] = [
  listPlans,
  showPlan,
  createPlan,
  createCheckpoint,
  listCheckpoints,
  diff,
  previewRollback,
  rollback,
  undoRollback,
  deleteCheckpoint,
  setRetentionPolicy,
  recover,
] as readonly AgentTool[];
