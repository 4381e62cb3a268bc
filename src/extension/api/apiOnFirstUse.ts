import type * as Api from '../../../api/cleveragents-checkpoints';

type ApiMethod = Exclude<keyof Api.CleverAgentsCheckpointsApi, 'apiVersion'>;

/** Every method of the API: the compiler holds this to the type, no more and no fewer. */
const API_METHODS: Record<ApiMethod, true> = {
  createCheckpoint: true,
  listCheckpoints: true,
  preview: true,
  rollback: true,
  runToolCall: true,
  interruptedOperation: true,
  recover: true,
  recordDecision: true,
  listDecisions: true,
  previewCorrection: true,
  correctDecision: true,
  undoCorrection: true,
  restorePaths: true,
  getPlan: true,
  changePlanState: true,
  applyPlan: true,
  deletePlan: true,
};

/**
 * The API `activate` returns, whose methods ask `api` for the real one when first called: its
 * schemas and the controllers behind it load then, not at activation (dist/extensionCommands.js).
 */
export function apiOnFirstUse(api: () => Api.CleverAgentsCheckpointsApi): Api.CleverAgentsCheckpointsApi {
  const methods = Object.fromEntries(
    Object.keys(API_METHODS).map((name) => [name, async (...args: unknown[]) => (api()[name as ApiMethod] as (...a: unknown[]) => Promise<unknown>)(...args)]),
  );
  return { apiVersion: 1, ...methods } as unknown as Api.CleverAgentsCheckpointsApi;
}
