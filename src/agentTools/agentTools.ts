import type { AgentTool } from './agentTool';
import { createCheckpoint, deleteCheckpoint, diff, listCheckpoints } from './checkpointTools';
import { applyPlan, changePlanState, deletePlan } from './lifecycleTools';
import { correctDecision, listDecisions, previewCorrection, recordDecision, restorePaths, undoCorrection } from './decisionTools';
import { createPlan, listPlans, setRetentionPolicy, showPlan } from './planTools';
import { previewRollback, recover, rollback, undoRollback } from './rollbackTools';
import { previewUndoChange, undoChange } from './undoChangeTools';

/** Every tool an agent can call, in the order clients list them. A new tool is a declaration and a line here. */
export const AGENT_TOOLS: readonly AgentTool[] = [
  listPlans,
  showPlan,
  createPlan,
  changePlanState,
  applyPlan,
  deletePlan,
  createCheckpoint,
  listCheckpoints,
  diff,
  previewRollback,
  rollback,
  undoRollback,
  deleteCheckpoint,
  setRetentionPolicy,
  recover,
  recordDecision,
  listDecisions,
  previewCorrection,
  correctDecision,
  undoCorrection,
  restorePaths,
  previewUndoChange,
  undoChange,
] as readonly AgentTool[];
