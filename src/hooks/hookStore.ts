// What a hook needs once a checkpoint is due: sql.js, the adapters, the services. Bundled apart
// (`dist/agentsHookStore.js`, esbuild.mjs) so that an event that takes no checkpoint (a read-only
// tool, a session start, bad stdin) never parses it.
export { checkpointInBackground, firstSnapshotRunning } from './backgroundCheckpoint';
export { promptAlreadyTaken, runCheckpointJob } from './checkpointJob';
export { checkpointJobCommand } from './checkpointJobCommand';
export { remotePushJobCommand } from './remotePushJob';
export { indexJobCommand } from './workspaceIndexJob';
export { hookServices } from './hookServices';
export { sessionPlan } from './sessionPlans';
