import { BusinessRuleViolation, describeIssues, ValidationError } from './errors';
import { UlidSchema } from './ids';
import type { CheckpointStore, Clock, IdGenerator, Logger, OperationJournal, SandboxSnapshotter, WorkspaceFiles } from './ports';

/** What every core service is given: the ports it works through, and this process's clock, ids and log. */
export interface ServiceDeps {
  readonly store: CheckpointStore;
  readonly snapshotter: SandboxSnapshotter;
  readonly workspace: WorkspaceFiles;
  readonly journal: OperationJournal;
  /** This process, as journal records name it. */
  readonly processInfo: { readonly pid: number; readonly host: string; readonly process_started?: string };
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /**
   * Why this workspace holds a plan read-only (one fetched from a remote: its rows belong to the
   * machine that recorded it), or undefined. Its checkpoints can still be listed, compared and
   * rolled back to; every change of the plan itself is refused (see {@link refuseReadOnly}).
   */
  readonly readOnlyPlan?: (planId: string) => string | undefined;
}

/** The refusal of `change` to a plan held read-only (`why`: how it came here). */
export function readOnlyRefusal(planId: string, why: string, change: string): BusinessRuleViolation {
  return new BusinessRuleViolation(`Refused: plan ${planId} ${why} and is read-only here; ${change} would change it. Its checkpoints can be listed, compared and rolled back to.`);
}

/** Refuses `change` when the plan is held read-only: the same rule for every front door (the CLI, the extension, MCP, the agent API). */
export function refuseReadOnly(deps: Pick<ServiceDeps, 'readOnlyPlan'>, planId: string, change: string): void {
  const why = deps.readOnlyPlan?.(planId);
  if (why !== undefined) throw readOnlyRefusal(planId, why, change);
}

/** The name that pins a checkpoint in the shadow store. */
export function pinName(planId: string, checkpointId: string): string {
  return `${planId}/${checkpointId}`;
}

/** A plan's or checkpoint's id from outside, checked (a ValidationError naming `what` when it is not a ULID). */
export function parseId(value: unknown, what: string): string {
  const parsed = UlidSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(`${what} ${JSON.stringify(value)} ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
