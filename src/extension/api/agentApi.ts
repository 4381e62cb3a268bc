import * as vscode from 'vscode';
import * as z from 'zod';
import type * as Api from '../../../api/cleveragents-checkpoints';
import { checkpointJson, interruptedOperationJson, planJson, recoveredJson, rollbackEnvelope } from '../../envelopes/envelopes';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../../core/planLifecycle';
import type { PlanLifecycleController } from '../planLifecycle/planLifecycleCommands';
import { CheckpointScopeSchema, CreateCheckpointOptionsSchema } from '../../core/checkpoint';
import { BusinessRuleViolation, describeIssues, ValidationError } from '../../core/errors';
import { UlidSchema } from '../../core/ids';
import type { RollbackController, RollbackFolders } from '../rollback/rollbackCommands';
import { createDecisionApi } from './decisionApi';

export type { Api };

export interface AgentApiDeps {
  readonly folders: Pick<RollbackFolders, 'findPlan'>;
  readonly controller: Pick<RollbackController, 'rollback' | 'target'>;
  readonly lifecycle: Pick<PlanLifecycleController, 'changeState' | 'apply' | 'delete'>;
  /** A failure the user should hear about although the caller carries on (a missed post_step). */
  readonly warn: (message: string) => void;
  readonly isTrusted?: () => boolean;
}

const Text = z.string().max(1000);

const ToolCallSchema = z
  .object({
    planId: UlidSchema,
    scope: CheckpointScopeSchema,
    toolName: z.string().trim().min(1, 'must not be empty').max(200),
    reason: Text.optional(),
    phase: Text.optional(),
    decisionId: UlidSchema.optional(),
    resourceId: UlidSchema.optional(),
  })
  .strict();

const RollbackOptionsSchema = z.object({ confirm: z.boolean().optional(), showPanel: z.boolean().optional() }).strict();
const ConfirmOptionsSchema = z.object({ confirm: z.boolean().optional() }).strict();
const ActionSchema = z.enum(Object.keys(LIFECYCLE_ACTIONS) as [LifecycleAction, ...LifecycleAction[]]);
const RecoveryOptionsSchema = z.object({ undo: z.boolean().optional() }).strict();

function check<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * The API `activate` returns to other extensions (typed in api/cleveragents-checkpoints.d.ts).
 * Everything passes a schema first, as any input from outside does, and uses the same services,
 * guards and dialogs as the commands.
 */
export function createAgentApi(deps: AgentApiDeps): Api.CleverAgentsCheckpointsApi {
  const trusted = deps.isTrusted ?? (() => vscode.workspace.isTrusted);
  const requireTrust = (what: string) => {
    if (!trusted()) throw new BusinessRuleViolation(`${what} blocked: the workspace is not trusted (Restricted Mode)`);
  };
  const plan = async (planId: unknown) => deps.folders.findPlan(check(UlidSchema, planId, 'plan id'));

  const createCheckpoint = async (planId: string, options: Api.CreateCheckpointOptions = {}): Promise<Api.Checkpoint> => {
    requireTrust('Checkpoint');
    const opts = check(CreateCheckpointOptionsSchema, options ?? {}, 'checkpoint options');
    const { services, plan: p } = await plan(planId);
    const { checkpoint } = await services.checkpoints.createCheckpoint(p.plan_id, opts);
    return checkpointJson(checkpoint);
  };

  return {
    apiVersion: 1,

    createCheckpoint,

    ...createDecisionApi(plan, requireTrust),

    async listCheckpoints(planId) {
      const { services, plan: p } = await plan(planId);
      return (await services.checkpoints.listCheckpoints(p.plan_id)).map(checkpointJson);
    },

    async preview(planId, checkpointId) {
      requireTrust('Preview');
      const { services, plan: p } = await plan(planId);
      const changes = await services.checkpoints.previewRollback(p.plan_id, check(UlidSchema, checkpointId, 'checkpoint id'));
      return changes.map((c) => ({ path: c.path, change: c.change }));
    },

    async rollback(planId, checkpointId, options = {}) {
      requireTrust('Rollback');
      const o = check(RollbackOptionsSchema, options ?? {}, 'rollback options');
      const target = await deps.controller.target(check(UlidSchema, planId, 'plan id'), check(UlidSchema, checkpointId, 'checkpoint id'));
      const confirm = o.confirm === true;
      const outcome = await deps.controller.rollback(target, { confirm, interactive: confirm, undo: false, showPanel: o.showPanel === true });
      return outcome ? rollbackEnvelope(outcome) : undefined;
    },

    async getPlan(planId) {
      return planJson((await plan(planId)).plan);
    },

    async changePlanState(planId, action) {
      requireTrust('State change');
      const a = check(ActionSchema, action, 'action');
      return planJson(await deps.lifecycle.changeState(await plan(planId), a));
    },

    async applyPlan(planId, options = {}) {
      requireTrust('Apply');
      const o = check(ConfirmOptionsSchema, options ?? {}, 'apply options');
      const result = await deps.lifecycle.apply(await plan(planId), o.confirm === true);
      return result && { plan: planJson(result.plan), changes: result.changes.map((c) => ({ path: c.path, change: c.change })) };
    },

    async deletePlan(planId, options = {}) {
      requireTrust('Delete');
      const o = check(ConfirmOptionsSchema, options ?? {}, 'delete options');
      const deleted = await deps.lifecycle.delete(await plan(planId), o.confirm === true);
      return deleted && { plan_id: deleted.plan.plan_id, checkpoint_ids: [...deleted.checkpointIds], removed_sandbox: deleted.removedSandbox };
    },

    async runToolCall<T>(call: Api.ToolCall, fn: (context: Api.ToolCallContext) => T | PromiseLike<T>): Promise<T> {
      const c = check(ToolCallSchema, call, 'tool call');
      if (typeof fn !== 'function') throw new ValidationError('tool call: fn must be a function');
      const meta = {
        sourceTool: c.toolName,
        phase: c.phase ?? 'execute',
        ...(c.decisionId === undefined ? {} : { decisionId: c.decisionId }),
        ...(c.resourceId === undefined ? {} : { resourceId: c.resourceId }),
      };
      const before = c.scope === 'pre_write' || c.scope === 'both';
      const after = c.scope === 'post_step' || c.scope === 'both';
      if (before || after) requireTrust('Checkpoint');
      // A pre_write that cannot be taken stops the call: the agent must not write unprotected.
      const preWrite = before ? await createCheckpoint(c.planId, { ...meta, type: 'pre_write', reason: c.reason ?? `Before ${c.toolName}` }) : undefined;
      let result: T;
      try {
        result = await fn({ preWrite });
      } catch (error) {
        if (after) {
          await createCheckpoint(c.planId, { ...meta, type: 'post_step', reason: c.reason ?? `After ${c.toolName} (failed)`, extra: { outcome: 'failed' } }).catch((e: unknown) =>
            deps.warn(`The post_step checkpoint after the failed tool call ${c.toolName} could not be taken: ${e instanceof Error ? e.message : String(e)}`),
          );
        }
        throw error;
      }
      if (after) {
        try {
          await createCheckpoint(c.planId, { ...meta, type: 'post_step', reason: c.reason ?? `After ${c.toolName}`, extra: { outcome: 'succeeded' } });
        } catch (e) {
          deps.warn(`The post_step checkpoint after the tool call ${c.toolName} could not be taken: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      return result;
    },

    async interruptedOperation(planId) {
      const { services, plan: p } = await plan(planId);
      const op = await services.recovery.interrupted(p.plan_id);
      return op ? interruptedOperationJson(op) : null;
    },

    async recover(planId, options = {}) {
      requireTrust('Recover');
      const o = check(RecoveryOptionsSchema, options ?? {}, 'recovery options');
      const { services, plan: p } = await plan(planId);
      return recoveredJson(await services.recovery.recover(p.plan_id, o.undo === true ? 'undo' : 'finish'));
    },
  };
}
