import * as vscode from 'vscode';
import type { Plan } from '../../core/plan';
import { BuiltinCommands } from '../commandIds';
import { sharedAcrossBundles } from '../../core/sharedAcrossBundles';

/** The values last written, by key: one record for every bundle's copy of this module. */
const written = sharedAcrossBundles('contextKeys', () => new Map<string, string | boolean>());

/** A `when`-clause context key with a typed value; writes only when the value changes. */
export class ContextKey<V extends string | boolean> {
  constructor(readonly name: string) {}

  get value(): V | undefined {
    return written.get(this.name) as V | undefined;
  }

  async set(value: V): Promise<void> {
    if (written.get(this.name) === value) return;
    written.set(this.name, value);
    await vscode.commands.executeCommand(BuiltinCommands.setContext, this.name, value);
  }
}

/**
 * What the tree found, for the welcome views: `noFolder` (nothing open), `missing` (no database
 * file yet), `empty` (a database without plans), `ready`, or `error` (a database it cannot read).
 */
export type DatabaseState = 'noFolder' | 'missing' | 'empty' | 'ready' | 'error';

export const ContextKeys = {
  databaseState: new ContextKey<DatabaseState>('cleveragents.checkpoints.databaseState'),
  /** A checkpoint is selected in the tree: Copy ID and Delete show in the command palette. */
  checkpointSelected: new ContextKey<boolean>('cleveragents.checkpoints.checkpointSelected'),
  /** The selected row belongs to a plan fetched from a remote (read-only here): Delete Checkpoint is not offered. */
  fetchedSelected: new ContextKey<boolean>('cleveragents.checkpoints.fetchedSelected'),
  /**
   * `plan.<state>.<kind>` of every plan of every folder, space-separated (empty: no plans): the
   * palette offers a command only when some plan fits it. Kept by the status bar, which reads the
   * plans at start and after each change of a database.
   */
  planStates: new ContextKey<string>('cleveragents.checkpoints.planStates'),
  /**
   * Connect an Agent wrote an agent's hooks in this window: the empty view then says that the
   * agent's next prompt brings its checkpoints, and the walkthrough's step is done (not before:
   * a cancelled pick ticked it).
   */
  agentConnected: new ContextKey<boolean>('cleveragents.checkpoints.agentConnected'),
  /** A rollback, and the undo of one, finished in this window: the walkthrough's steps are done. */
  rolledBack: new ContextKey<boolean>('cleveragents.checkpoints.rolledBack'),
  undidRollback: new ContextKey<boolean>('cleveragents.checkpoints.undidRollback'),
};

export function planStatesValue(plans: readonly Plan[]): string {
  return [...new Set(plans.map((p) => `plan.${p.state}.${p.sandbox_kind}`))].sort().join(' ');
}
