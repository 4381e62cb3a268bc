/**
 * Every id the extension contributes, in one place: package.json's `contributes` must list the same
 * ones (an integration test compares them). No `vscode` import, so tests and scripts can read it.
 */

/** The activity-bar container and its one tree view. */
export const VIEW_CONTAINER_ID = 'cleveragents-checkpoints';
export const TREE_VIEW_ID = 'cleveragents.checkpoints.tree';

const PREFIX = 'cleveragents.checkpoints.';

export const Commands = {
  createPlan: `${PREFIX}createPlan`,
  createCheckpoint: `${PREFIX}createCheckpoint`,
  refresh: `${PREFIX}refresh`,
  copyCheckpointId: `${PREFIX}copyCheckpointId`,
  copyPlanId: `${PREFIX}copyPlanId`,
  deleteCheckpoint: `${PREFIX}deleteCheckpoint`,
  setRetentionPolicy: `${PREFIX}setRetentionPolicy`,
  revealDatabase: `${PREFIX}revealDatabase`,
  showLog: `${PREFIX}showLog`,
  // Issue 6: registered by rollbackCommands.ts / checkpointStatusBar.ts, not by commands.ts.
  rollback: `${PREFIX}rollback`,
  undoRollback: `${PREFIX}undoRollback`,
  rollbackAgentOnly: `${PREFIX}rollbackAgentOnly`,
  compareWithCurrent: `${PREFIX}compareWithCurrent`,
  compareWithPrevious: `${PREFIX}compareWithPrevious`,
  checkpointActivePlan: `${PREFIX}checkpointActivePlan`,
  // Issue 17: the plan's lifecycle, registered by planLifecycle/planLifecycleCommands.ts.
  startPlan: `${PREFIX}startPlan`,
  completePlan: `${PREFIX}completePlan`,
  failPlan: `${PREFIX}failPlan`,
  cancelPlan: `${PREFIX}cancelPlan`,
  markPlanApplied: `${PREFIX}markPlanApplied`,
  applyPlan: `${PREFIX}applyPlan`,
  deletePlan: `${PREFIX}deletePlan`,
  endSession: `${PREFIX}endSession`,
  statusBarMenu: `${PREFIX}statusBarMenu`,
  // Decisions (registered by decisions/decisionCommands.ts).
  revertDecision: `${PREFIX}revertDecision`,
  undoCorrection: `${PREFIX}undoCorrection`,
  restoreFile: `${PREFIX}restoreFile`,
  turnOnAutoCheckpoints: `${PREFIX}turnOnAutoCheckpoints`,
  // Agents' hooks (registered by agentHooks/connectAgentCommands.ts).
  connectAgent: `${PREFIX}connectAgent`,
  disconnectAgent: `${PREFIX}disconnectAgent`,
  restoreBeforePrompt: `${PREFIX}restoreBeforePrompt`,
  // Ways out of dead ends (registered by waysOut/waysOutCommands.ts).
  recreateSandbox: `${PREFIX}recreateSandbox`,
  moveDatabaseAside: `${PREFIX}moveDatabaseAside`,
  // Show Agent Changes and its hover's links (registered by agentChanges/agentChanges.ts).
  showAgentChanges: `${PREFIX}showAgentChanges`,
  undoThisChange: `${PREFIX}undoThisChange`,
  compareBeforeToolCall: `${PREFIX}compareBeforeToolCall`,
  revealPlan: `${PREFIX}revealPlan`,
  // Git remotes (registered by remote/remoteCommands.ts).
  pushSession: `${PREFIX}pushSession`,
  fetchFromRemote: `${PREFIX}fetchFromRemote`,
} as const;

/** Push Session… and Fetch from Remote… (registered in remote/remoteCommands.ts). */
export const REMOTE_COMMAND_NAMES = ['pushSession', 'fetchFromRemote'] as const;
export type RemoteCommandName = (typeof REMOTE_COMMAND_NAMES)[number];

/** The ways out of a missing sandbox and an unreadable database (registered in waysOut/waysOutCommands.ts). */
export const WAYS_OUT_COMMAND_NAMES = ['recreateSandbox', 'moveDatabaseAside'] as const;
export type WaysOutCommandName = (typeof WAYS_OUT_COMMAND_NAMES)[number];

/** The commands that connect agents through their hooks (registered in agentHooks/connectAgentCommands.ts). */
export const AGENT_HOOK_COMMAND_NAMES = ['connectAgent', 'disconnectAgent', 'restoreBeforePrompt'] as const;
export type AgentHookCommandName = (typeof AGENT_HOOK_COMMAND_NAMES)[number];

/** Show Agent Changes and its hover's links (registered in agentChanges/agentChanges.ts). */
export const AGENT_CHANGES_COMMAND_NAMES = ['showAgentChanges', 'undoThisChange', 'compareBeforeToolCall', 'revealPlan'] as const;
export type AgentChangesCommandName = (typeof AGENT_CHANGES_COMMAND_NAMES)[number];

/** The commands of the decisions feature. */
export const DECISION_COMMAND_NAMES = ['revertDecision', 'undoCorrection', 'restoreFile'] as const;
export type DecisionCommandName = (typeof DECISION_COMMAND_NAMES)[number];

/** The commands of the rollback features (registered in rollbackFeatures.ts). */
export const ROLLBACK_COMMAND_NAMES = ['rollback', 'undoRollback', 'rollbackAgentOnly', 'compareWithCurrent', 'compareWithPrevious', 'checkpointActivePlan', 'statusBarMenu'] as const;
export type RollbackCommandName = (typeof ROLLBACK_COMMAND_NAMES)[number];

/** The commands of the plan's lifecycle (registered in planLifecycle/planLifecycleCommands.ts). */
export const PLAN_LIFECYCLE_COMMAND_NAMES = ['startPlan', 'completePlan', 'failPlan', 'cancelPlan', 'markPlanApplied', 'applyPlan', 'deletePlan', 'endSession'] as const;
export type PlanLifecycleCommandName = (typeof PLAN_LIFECYCLE_COMMAND_NAMES)[number];

/** The rollback commands of the rollback controller (the other two are the status bar's). */
export const ROLLBACK_CONTROLLER_COMMAND_NAMES = ['rollback', 'undoRollback', 'rollbackAgentOnly', 'compareWithCurrent', 'compareWithPrevious'] as const satisfies readonly RollbackCommandName[];

/**
 * The commands registered by the part read on first use (dist/extensionCommands.js,
 * commandControllers.ts); stand-ins hold their ids from activation on (commandsOnFirstUse.ts).
 */
export const COMMAND_CONTROLLER_NAMES = [...ROLLBACK_CONTROLLER_COMMAND_NAMES, ...DECISION_COMMAND_NAMES, ...PLAN_LIFECYCLE_COMMAND_NAMES, ...WAYS_OUT_COMMAND_NAMES, ...REMOTE_COMMAND_NAMES] as const;

export type CommandName = keyof typeof Commands;
export type CommandId = (typeof Commands)[CommandName];

/** Commands that run git or write files: disabled in Restricted Mode (untrusted workspaces). */
export const TRUSTED_ONLY_COMMANDS: readonly CommandName[] = [
  'createPlan',
  'createCheckpoint',
  'deleteCheckpoint',
  'setRetentionPolicy',
  'rollback',
  'undoRollback',
  'rollbackAgentOnly',
  'compareWithCurrent',
  'compareWithPrevious',
  'checkpointActivePlan',
  ...DECISION_COMMAND_NAMES,
  ...PLAN_LIFECYCLE_COMMAND_NAMES,
  ...AGENT_HOOK_COMMAND_NAMES,
  ...WAYS_OUT_COMMAND_NAMES,
  ...REMOTE_COMMAND_NAMES,
];

/**
 * `contextValue`s of the tree's rows that are not plans or checkpoints. Plans and checkpoints carry
 * their state in theirs (treePresentation.ts: `plan.<state>.<kind>[.undo][.interrupted]`,
 * `checkpoint.<plan state>[.first][.safety]`), which package.json's menus match.
 */
export const TreeItemContext = {
  folder: 'folder',
  message: 'message',
  safetyGroup: 'safetyGroup',
  /** The row that says automatic checkpoints are off: its inline button turns them on. */
  autoCheckpointsOff: 'message.autoCheckpointsOff',
  /** An active decision: Revert Decision… */
  decision: 'decision',
  /** A reverted decision: Undo Correction. */
  revertedDecision: 'decision.reverted',
  /** A database that cannot be read: Move Aside and Start Fresh. */
  unreadableDatabase: 'message.unreadableDatabase',
  /** The Remote group: the plans fetched from git remotes (Fetch from Remote…). */
  remoteGroup: 'remoteGroup',
  /** Put before a fetched plan's and its checkpoints' own (`remote.plan.…`, `remote.checkpoint.…`): read-only rows. */
  fetchedPrefix: 'remote.',
} as const;

/** The settings section; keys below are relative to it. */
export const SETTINGS_SECTION = 'cleveragents.checkpoints';

export const SettingKeys = {
  databasePath: 'database.path',
  maxCheckpoints: 'retention.maxCheckpoints',
  autoPrune: 'retention.autoPrune',
  maxFileSizeMiB: 'snapshot.maxFileSizeMiB',
} as const;

/** VS Code's built-in commands the extension calls. */
export const BuiltinCommands = {
  setContext: 'setContext',
  manageTrust: 'workbench.trust.manage',
  revealInExplorer: 'revealInExplorer',
  openSettings: 'workbench.action.openSettings',
} as const;

/** The titles package.json gives the commands (an integration test keeps them equal), for messages. */
export const CommandTitles: Record<CommandName, string> = {
  createPlan: 'Create Plan',
  createCheckpoint: 'Create Manual Checkpoint',
  refresh: 'Refresh',
  copyCheckpointId: 'Copy Checkpoint ID',
  copyPlanId: 'Copy Plan ID',
  deleteCheckpoint: 'Delete Checkpoint',
  setRetentionPolicy: 'Set Retention Policy',
  revealDatabase: 'Reveal Database File',
  showLog: 'Show Log',
  rollback: 'Roll Back to Checkpoint',
  undoRollback: 'Undo Rollback',
  rollbackAgentOnly: 'Undo Agent Changes Since Here (Keep Mine)…',
  compareWithCurrent: 'Compare with Current',
  compareWithPrevious: 'Compare with Previous',
  checkpointActivePlan: 'Take Checkpoint Now (Active Plan)',
  startPlan: 'Start Plan',
  completePlan: 'Complete Plan',
  failPlan: 'Mark Plan Failed',
  cancelPlan: 'Cancel Plan',
  markPlanApplied: 'Mark Plan Applied',
  applyPlan: 'Apply Plan to Workspace',
  deletePlan: 'Delete Plan',
  endSession: 'End Session',
  statusBarMenu: 'Checkpoints Menu',
  revertDecision: 'Revert Decision…',
  undoCorrection: 'Undo Correction',
  restoreFile: 'Restore File from Checkpoint…',
  turnOnAutoCheckpoints: 'Turn On Automatic Checkpoints',
  connectAgent: 'Connect an Agent…',
  disconnectAgent: 'Disconnect an Agent…',
  restoreBeforePrompt: 'Restore to Before This Prompt',
  recreateSandbox: 'Recreate Sandbox from Checkpoint',
  moveDatabaseAside: 'Move Database Aside and Start Fresh',
  showAgentChanges: 'Show Agent Changes',
  undoThisChange: 'Undo This Change…',
  compareBeforeToolCall: 'Compare with Before This Tool Call',
  revealPlan: 'Show in Checkpoints View',
  pushSession: 'Push Session…',
  fetchFromRemote: 'Fetch from Remote…',
};
