import type { WorkspaceServices } from '../composition';
import type { ShortIds } from '../core/shortIds';
import type { CheckpointCall } from '../daemonClient/callCheckpointId';
import type { ConfirmationIo } from './confirm';

// What every command of the CLI is given and gives back: commands.ts runs the plan commands, the
// decision and provenance groups have files of their own, and all of them read these types.

export interface CommandContext {
  readonly services: Pick<WorkspaceServices, 'plans' | 'checkpoints' | 'sandboxes' | 'workspace' | 'recovery' | 'corrections' | 'provenance'>;
  /** Where the command was typed: the paths of `blame` and `log` are relative to it (default: the workspace folder). */
  readonly cwd?: string;
  readonly confirmation: Omit<ConfirmationIo, 'assumeYes'>;
  readonly now: () => Date;
  /**
   * The id `plan checkpoint` gives its checkpoint, or finds it under when a first try of the same
   * call (the same token) made it: chosen by the resident process's client (src/daemonClient/callCheckpointId.ts).
   */
  readonly checkpointCall?: CheckpointCall;
  /**
   * The workspace's ids in their short form, for the text tables (whose columns must be measured
   * after shortening); absent for JSON, which keeps ids whole.
   */
  readonly shortIds?: () => Promise<ShortIds>;
}

/** What a command prints: the JSON document for `--format json`, the text otherwise. */
export interface CommandOutput {
  readonly json: unknown;
  readonly text: string;
}
