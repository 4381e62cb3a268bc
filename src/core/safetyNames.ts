import type { Checkpoint } from './checkpoint';

// How a rollback's safety checkpoint is named: numbered and flat, never another one's name in quotes.

const SAFETY_NUMBER = /^Before (?:agent-only rollback|rollback|restore) #(\d+)\b/;

/** The number the next rollback (or restore) of a plan gets in its safety checkpoint's name: one more than any before. */
export function nextRollbackNumber(checkpoints: readonly Checkpoint[]): number {
  let max = 0;
  for (const c of checkpoints) {
    if (c.metadata.source_tool !== 'rollback') continue;
    const n = Number(SAFETY_NUMBER.exec(c.metadata.reason ?? '')?.[1] ?? 0);
    max = Math.max(max, Number.isSafeInteger(n) && n > 0 ? n : 0);
  }
  return max + 1;
}

/**
 * A safety checkpoint's name, flat however often rollbacks are undone: `Before rollback #2 (to
 * “before due module”)`, `Before rollback #3 (undoing rollback #2)`, `Before restore #4 of a.txt
 * (from “x”)`. Never another safety checkpoint's name in quotes.
 */
export function safetyReason(number: number, target: Checkpoint, only: readonly string[] | undefined, agentOnly = false, change?: { readonly path: string; readonly hunk?: number }): string {
  const undone = target.metadata.source_tool === 'rollback' ? SAFETY_NUMBER.exec(target.metadata.reason ?? '') : null;
  const label = target.metadata.reason?.split('\n')[0]?.trim() || `${target.checkpoint_type} checkpoint`;
  // Undo This Change: which file (and hunk) of the tool call, e.g. `Before agent-only rollback #3 of a.txt, hunk 1 (to “…”)`.
  const of = change ? ` of ${change.path}${change.hunk === undefined ? '' : `, hunk ${change.hunk}`}` : '';
  if (only === undefined) return `Before ${agentOnly ? 'agent-only ' : ''}rollback #${number}${of} (${undone ? `undoing ${undone[0].slice('Before '.length)}` : `to “${label}”`})`;
  const what = only.length === 1 ? only[0] : `${only.length} paths`;
  return `Before restore #${number} of ${what} (${undone ? `from before ${undone[0].slice('Before '.length)}` : `from “${label}”`})`;
}
