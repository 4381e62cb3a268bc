import { AgentOnlyConflictError } from '../core/agentOnlyRollback';
import { ApplyConflictError } from '../core/errors';
import { fetchedFrom, fetchedOriginJson, originText, readFetchedOrigins } from '../remote/fetchedOrigins';
import { readOnlyRefusal } from '../core/serviceDeps';
import type { PathChange } from '../core/rollbackResult';
import type { Command } from './args';
import type { CommandContext, CommandOutput } from './commandContext';
import { confirmChange } from './confirm';
import { runDecisionCommand } from './decisionCommands';
import { runProvenanceCommand } from './provenanceCommands';
import { agentOnlyPreviewJson, changesJson, checkpointJson, interruptedOperationJson, planJson, recoveredJson, rollbackEnvelope, rollbackPreviewEnvelope, stateChangeJson } from '../envelopes/envelopes';
import { LIFECYCLE_ACTIONS } from '../core/planLifecycle';
import { renderInProgress, renderInterrupted, renderRecovered, renderRecoverPreview } from './recoveryText';
import { idShown, resolveIdPrefixes } from './idPrefixes';
import { sandboxContents } from './sandboxContents';
import { recreateEnvelope, recreatePreviewEnvelope, renderRecreated, renderRecreatePreview } from './recreateText';
import * as text from './textOutput';
import { renderUndoChange, renderUndoChangePreview } from './undoChangeText';

/** Runs one parsed command on the services; every check and rule is the core's. */
export async function runCommand(given: Command, ctx: CommandContext): Promise<CommandOutput> {
  const { plans, checkpoints, workspace, recovery } = ctx.services;
  const command = await resolveIdPrefixes(given, ctx.services);
  refuseFetchedPlanChange(command, workspace.root);
  switch (command.name) {
    case 'create': {
      const plan = await plans.createPlan(
        command.isolated ? { title: command.title, isolated: true } : { title: command.title, ...(command.sandbox === undefined ? {} : { sandbox: command.sandbox }) },
      );
      return { json: { plan: planJson(plan) }, text: text.renderPlanCreated(plan) };
    }
    case 'list': {
      const all = await plans.listPlans();
      const origins = readFetchedOrigins(workspace.root);
      const fetched = all.filter((p) => origins.has(p.plan_id));
      const marks = new Map(fetched.map((p) => [p.plan_id, `fetched from ${originText(origins.get(p.plan_id)!.origin)}, read-only`]));
      return {
        json: { plans: all.map((p) => (origins.has(p.plan_id) ? { ...planJson(p), origin: fetchedOriginJson(origins.get(p.plan_id)!) } : planJson(p))) },
        text: text.renderPlanList(all, await idShown(ctx), marks),
      };
    }
    case 'show': {
      const plan = await plans.getPlan(command.planId);
      const [list, interrupted, running, history] = await Promise.all([
        checkpoints.listCheckpoints(plan.plan_id),
        recovery.interrupted(plan.plan_id),
        recovery.inProgress(plan.plan_id),
        plans.stateHistory(plan.plan_id),
      ]);
      return {
        json: {
          plan: planJson(plan),
          interrupted_operation: interrupted ? interruptedOperationJson(interrupted) : null,
          operation_in_progress: running ? interruptedOperationJson(running) : null,
          state_history: history.map(stateChangeJson),
        },
        text: text.renderPlan(plan, list, ctx.now(), history) + (interrupted ? `\n${renderInterrupted(interrupted)}` : running ? `\n${renderInProgress(running)}` : ''),
      };
    }
    case 'start':
    case 'complete':
    case 'fail':
    case 'cancel': {
      const before = await plans.getPlan(command.planId);
      const plan = await plans.setState(before.plan_id, LIFECYCLE_ACTIONS[command.name]);
      return { json: { plan: planJson(plan), previous_state: before.state }, text: text.renderStateChanged(plan, before.state) };
    }
    case 'delete': {
      if (!command.yes) {
        // The preview refuses as the delete would (an interrupted operation), before anything is asked.
        const { plan, checkpoints: list } = await plans.previewDelete(command.planId);
        const contents = plan.sandbox_kind === 'isolated' ? await sandboxContents(await workspace.resolveSandbox(plan.sandbox_path)) : undefined;
        await confirmChange(
          { ...ctx.confirmation, assumeYes: false },
          { action: 'Delete', question: 'Delete the plan?', preview: text.renderDeletePreview(plan, list, contents) },
        );
      }
      const deleted = await plans.deletePlan(command.planId);
      return {
        json: { deleted: { plan: planJson(deleted.plan), checkpoint_ids: deleted.checkpointIds, removed_sandbox: deleted.removedSandbox } },
        text: text.renderPlanDeleted(deleted),
      };
    }
    case 'checkpoint': {
      const created = await checkpoints.createCheckpoint(command.planId, {
        type: command.type,
        reason: command.reason,
        sourceTool: command.sourceTool,
        phase: command.phase,
        decisionId: command.decisionId,
        resourceId: command.resourceId,
        extra: command.extra,
        ...(ctx.checkpointCall === undefined ? {} : { checkpointId: ctx.checkpointCall.id, callToken: ctx.checkpointCall.token }),
      });
      return { json: { checkpoint: checkpointJson(created.checkpoint), pruned: [...created.pruned] }, text: text.renderCheckpointCreated(created) };
    }
    case 'checkpoints': {
      const list = await checkpoints.listCheckpoints(command.planId);
      return { json: { plan_id: command.planId, checkpoints: list.map(checkpointJson) }, text: text.renderCheckpointList(command.planId, list, await idShown(ctx)) };
    }
    case 'diff': {
      const changes = await checkpoints.diff(command.planId, command.fromCheckpointId, command.toCheckpointId);
      return { json: { changes: changesJson(changes) }, text: text.renderDiff(changes, command.fromCheckpointId, command.toCheckpointId) };
    }
    case 'rollback': {
      if (command.agentOnly) return agentOnlyRollback(command, ctx);
      if (command.preview || !command.yes) {
        // The preview runs the rollback's guards, so a refused rollback says why before anything is asked.
        const preview = await checkpoints.previewRollback(command.planId, command.checkpointId);
        const undone = await checkpoints.undoneWork(command.planId, command.checkpointId, preview);
        const shown = text.renderRollbackPreview(command.planId, command.checkpointId, preview, undone, command.all);
        if (command.preview) return { json: rollbackPreviewEnvelope(command.planId, command.checkpointId, preview, undone), text: shown };
        await confirmChange({ ...ctx.confirmation, assumeYes: false }, { action: 'Rollback', question: 'Roll back?', preview: shown });
      }
      const outcome = await checkpoints.rollbackToCheckpoint(command.planId, command.checkpointId);
      return { json: rollbackEnvelope(outcome), text: text.renderRollback(outcome, command.all) };
    }
    case 'apply': {
      if (!command.yes) {
        const plan = await plans.getPlan(command.planId);
        const preview = await plans.previewApply(plan.plan_id);
        // Applying would refuse anyway: say so now rather than ask first.
        if (preview.conflicts.length > 0) throw new ApplyConflictError(preview.conflicts);
        await confirmChange({ ...ctx.confirmation, assumeYes: false }, { action: 'Apply', question: 'Apply?', preview: text.renderApplyPreview(plan, preview.changes) });
      }
      const { plan, changes } = await plans.applyPlan(command.planId);
      return { json: { plan: planJson(plan), changes: changesJson(changes) }, text: text.renderApplied(plan, changes) };
    }
    case 'cleanup': {
      const plan = await plans.getPlan(command.planId);
      // An in-place plan has no sandbox of its own: the core refuses it before touching anything.
      if (!command.yes && plan.sandbox_kind === 'isolated') {
        const contents = await sandboxContents(await workspace.resolveSandbox(plan.sandbox_path));
        let unapplied: PathChange[] = [];
        if (contents.exists && plan.state !== 'applied' && plan.state !== 'cancelled') unapplied = (await plans.previewApply(plan.plan_id)).changes;
        await confirmChange(
          { ...ctx.confirmation, assumeYes: false },
          { action: 'Cleanup', question: 'Delete the sandbox?', preview: text.renderCleanupPreview(plan, contents, unapplied) },
        );
      }
      const cleaned = await plans.cleanupPlan(plan.plan_id);
      return { json: { plan: planJson(cleaned), removed_sandbox: cleaned.sandbox_path }, text: text.renderCleanedUp(cleaned) };
    }
    case 'recover': {
      const mode = command.undo ? 'undo' : 'finish';
      if (!command.yes) {
        const interrupted = await recovery.interrupted(command.planId);
        await confirmChange(
          { ...ctx.confirmation, assumeYes: false },
          { action: 'Recover', question: mode === 'finish' ? 'Finish it?' : 'Undo it?', preview: renderRecoverPreview(command.planId, interrupted, mode) },
        );
      }
      const outcome = await recovery.recover(command.planId, mode);
      return {
        json: { recovered: recoveredJson(outcome) },
        text: renderRecovered(outcome),
      };
    }
    case 'recreate-sandbox': {
      const { sandboxes } = ctx.services;
      if (command.preview || !command.yes) {
        // The preview runs the recreation's guards, so a refused one says why before anything is asked.
        const preview = await sandboxes.previewRecreate(command.planId, command.checkpointId);
        const shown = renderRecreatePreview(preview, ctx.now());
        if (command.preview) return { json: recreatePreviewEnvelope(preview), text: shown };
        await confirmChange({ ...ctx.confirmation, assumeYes: false }, { action: 'Recreate', question: 'Recreate the sandbox?', preview: shown });
      }
      const done = await sandboxes.recreateSandbox(command.planId, command.checkpointId);
      return { json: recreateEnvelope(done), text: renderRecreated(done) };
    }
    case 'policy': {
      const changes = {
        ...(command.maxCheckpoints === undefined ? {} : { max_checkpoints: command.maxCheckpoints }),
        ...(command.autoPrune === undefined ? {} : { auto_prune: command.autoPrune }),
      };
      const changed = Object.keys(changes).length > 0;
      const plan = changed ? await plans.setRetentionPolicy(command.planId, changes) : await plans.getPlan(command.planId);
      const policy = { plan_id: plan.plan_id, max_checkpoints: plan.retention.max_checkpoints, auto_prune: plan.retention.auto_prune };
      return { json: { policy }, text: text.renderPolicy(plan.plan_id, plan.retention, changed) };
    }
    case 'blame':
    case 'log':
      return runProvenanceCommand(command, ctx);
    default:
      return runDecisionCommand(command, ctx);
  }
}

/** The commands that read a plan, roll its files back, or remove it here: all a fetched plan allows. */
const ALLOWED_ON_FETCHED = new Set(['list', 'show', 'checkpoints', 'decisions', 'diff', 'rollback', 'recover', 'delete', 'create', 'blame', 'log']);

/** A fetched plan is read-only here (docs/REMOTES.md): its rows belong to the machine that recorded it. */
function refuseFetchedPlanChange(command: Command, workspaceRoot: string): void {
  if (ALLOWED_ON_FETCHED.has(command.name) || !('planId' in command) || command.planId === undefined) return;
  const origin = readFetchedOrigins(workspaceRoot).get(command.planId);
  // Before any question is asked; the services refuse the change too (core/serviceDeps.ts).
  if (origin !== undefined) throw readOnlyRefusal(command.planId, fetchedFrom(origin), `"plan ${command.name}"`);
}

/** `plan rollback --agent-only`: the agent's tool calls since the checkpoint taken out, everyone else's changes kept. */
async function agentOnlyRollback(command: Extract<Command, { name: 'rollback' }>, ctx: CommandContext): Promise<CommandOutput> {
  const { checkpoints } = ctx.services;
  const { planId, checkpointId, scope, all, change, conflicts } = command;
  if (!command.yes) {
    // The preview runs the rollback's guards and finds the conflicts before anything is asked.
    const preview = await checkpoints.previewAgentOnlyRollback(planId, checkpointId, scope, change, conflicts);
    const shown = change ? renderUndoChangePreview(planId, preview, all) : text.renderAgentOnlyPreview(planId, checkpointId, preview, all);
    if (command.preview) return { json: { rollback_preview: agentOnlyPreviewJson(planId, checkpointId, preview) }, text: shown };
    if (preview.summary.conflicts.length > 0) throw new AgentOnlyConflictError(preview.summary.conflicts);
    await confirmChange({ ...ctx.confirmation, assumeYes: false }, { action: 'Rollback', question: change ? 'Take this change back?' : 'Take the agent’s changes out?', preview: shown });
  }
  const outcome = await checkpoints.rollbackAgentOnly(planId, checkpointId, undefined, scope, change, conflicts);
  return { json: rollbackEnvelope(outcome), text: change ? renderUndoChange(outcome, all) : text.renderRollback(outcome, all) };
}
