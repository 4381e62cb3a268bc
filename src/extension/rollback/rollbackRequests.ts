import * as z from 'zod';
// Ids as a person types them too: whole, short (the tree's tooltips, the CLI) or a prefix.
import { IdOrPrefixSchema as UlidSchema } from '../../core/idPrefix';
import { AGENT_ONLY_SCOPES, type AgentOnlyScope } from '../../core/agentOnlyScope';
import { CONFLICT_POLICIES, type ConflictPolicy } from '../../core/agentOnlyRollback';
import type { PathChange } from '../../core/rollbackResult';

// What a rollback is asked to do: the arguments code may pass the commands, and the request the
// controller carries out.

/** What code may pass to the rollback commands; the folder is a URI, a path or a name. */
export const RollbackArgsSchema = z
  .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: UlidSchema,
    checkpointId: UlidSchema,
    /** Rolls back without the modal confirmation, like the CLI's --yes. */
    skipConfirmation: z.boolean().optional(),
    /** Undo Agent Changes (Keep Mine): whose tool calls are taken out; the session's when not given. */
    scope: z.enum(AGENT_ONLY_SCOPES).optional(),
    /** Undo Agent Changes: `markers` writes a file whose lines both changed with conflict markers instead of refusing it. */
    conflicts: z.enum(CONFLICT_POLICIES).optional(),
  })
  .strict();

export const UndoArgsSchema = z
  .object({
    folder: z.string().min(1).max(4096).optional(),
    planId: UlidSchema,
    /** The rollback's safety checkpoint; default: the plan's newest one. */
    checkpointId: UlidSchema.optional(),
    skipConfirmation: z.boolean().optional(),
  })
  .strict();

export const CompareArgsSchema = z.object({ folder: z.string().min(1).max(4096).optional(), planId: UlidSchema, checkpointId: UlidSchema }).strict();

export interface RollbackRequest {
  /** Show the modal confirmation (false: like --yes). */
  readonly confirm: boolean;
  /** A person is there to be asked about unsaved editors (false: such a conflict refuses the rollback). */
  readonly interactive: boolean;
  /** Restoring a rollback's safety checkpoint: the dialogs and the panel say "undo". */
  readonly undo: boolean;
  readonly showPanel: boolean;
  /** Take out only the agent's tool calls since the checkpoint, keeping everyone else's changes. */
  readonly agentOnly?: boolean;
  /** With agentOnly: whose tool calls (the session's since the checkpoint when not given). */
  readonly scope?: AgentOnlyScope;
  /** With agentOnly: `markers` writes a file whose lines both sides changed with conflict markers; absent: such a file refuses it. */
  readonly conflicts?: ConflictPolicy;
  /**
   * What the person saw listed before asking (the preview panel): when the rollback would change
   * exactly these paths in these ways, the click was the confirmation and no modal repeats it.
   */
  readonly seen?: readonly PathChange[];
}

/** Whether two lists of changes say the same thing (order aside). */
export function sameChanges(a: readonly PathChange[], b: readonly PathChange[]): boolean {
  if (a.length !== b.length) return false;
  const key = (c: PathChange) => `${c.change}\0${c.path}`;
  const set = new Set(a.map(key));
  return b.every((c) => set.has(key(c)));
}
