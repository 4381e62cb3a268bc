import { describeIssues, ValidationError } from './errors';
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
