// What the interrupted-operation notification says: plans by title, checkpoints by label and time,
// never by their ids. No `vscode` import: plain functions, unit-tested in plain Node.
import type { Checkpoint } from '../../core/checkpoint';
import { relativeTime } from '../../core/displayText';
import type { InterruptedOperation } from '../../core/interruptedOperation';
import { checkpointLabel } from '../tree/treePresentation';

/** What the database says of the operation's plan and target (either may be unknown: then said without them). */
export interface InterruptedNames {
  readonly planTitle?: string;
  readonly target?: Checkpoint;
}

/** The plan as people read it: its title, or "a plan" when the database could not say. */
export function planName(names: InterruptedNames): string {
  return names.planTitle === undefined ? 'A plan' : `“${names.planTitle}”`;
}

export function interruptedMessage(op: InterruptedOperation, names: InterruptedNames, now: Date): string {
  return (
    `${planName(names)}: ${operationText(op, names, now)} was interrupted (started ${relativeTime(op.started_at, now)} by process ${op.pid}); ` +
    'its files may be half written, and the plan takes no writes until it is finished or undone.'
  );
}

export function recoveredMessage(op: InterruptedOperation, names: InterruptedNames, finished: boolean, now: Date): string {
  return `${finished ? 'Finished' : 'Undid'} ${operationText(op, names, now)} of ${planName(names) === 'A plan' ? 'the plan' : planName(names)}.`;
}

function operationText(op: InterruptedOperation, names: InterruptedNames, now: Date): string {
  if (op.type === 'rollback') {
    const t = names.target;
    return t ? `a rollback to “${checkpointLabel(t)}” (taken ${relativeTime(t.created_at, now)})` : 'a rollback';
  }
  return op.type === 'apply' ? 'an apply into the workspace' : 'a cleanup of the isolated sandbox';
}
