import { CONFLICT_REASONS, type AgentOnlyPreview, type AgentOnlySummary } from '../core/agentOnlyRollback';
import { skipReasonText, type Checkpoint } from '../core/checkpoint';
import type { CreatedCheckpoint } from '../core/checkpointRecords';
import type { Plan, PlanState } from '../core/plan';
import type { PlanStateChange } from '../core/planLifecycle';
import { allowedTransitions } from '../core/planLifecycle';
import type { DeletedPlan } from '../core/planService';
import { countChanges, type PathChange, type RollbackOutcome } from '../core/rollbackResult';
import type { CheckpointRetentionPolicy } from '../core/retentionPolicy';
import { escapeUnsafe as v, formatCount, plural, relativeTime } from '../core/displayText';
import { undoneWorkHeading, undoneWorkLines, type UndoneWork } from '../core/undoneWork';
import { formatBytes } from '../core/formatBytes';
import { SCOPE_WORDS } from '../core/agentOnlyScope';
import { KEPT_REASON_LABELS, firstOf, keptHeading, moreText } from '../core/authorshipText';

// `--format text`: what a person reads. Free of Node imports; every function returns the text and
// the caller decides where it goes. Stable enough to read, not a contract: scripts use JSON.
// Every value from the database, the sandbox or git goes through `v` (visible escapes): a name
// cannot start a line, move the cursor or talk to the terminal. The writer (terminalOutput.ts)
// escapes every line once more, so a value forgotten here still cannot reach the terminal raw.

/** Local time to the second: 2026-11-29 10:02:03. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** How long ago: the same words as the extension's tree. */
export const formatAge = relativeTime;


/** Left-aligned columns, two spaces apart, no trailing blanks. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

function describeSandbox(plan: Plan): string {
  return plan.sandbox_kind === 'isolated' ? `${v(plan.sandbox_path)} (isolated copy)` : `${v(plan.sandbox_path)} (in place)`;
}

function describePolicy(policy: CheckpointRetentionPolicy): string {
  return `keep at most ${policy.max_checkpoints} checkpoints, auto-prune ${policy.auto_prune ? 'on' : 'off'}`;
}

/** One line per path: "  modified  src/app.ts". */
export function changeLines(changes: readonly PathChange[], indent = '  '): string {
  return changes.map((c) => `${indent}${c.change.padEnd(8)}  ${v(c.path)}`).join('\n');
}

function changeCounts(changes: readonly PathChange[]): string {
  const n = countChanges(changes);
  return `${formatCount(n.added)} added, ${formatCount(n.modified)} modified, ${formatCount(n.deleted)} deleted`;
}

export function renderPlanCreated(plan: Plan): string {
  return [
    `Created plan ${v(plan.plan_id)} "${v(plan.title)}"`,
    `  state:     ${plan.state}`,
    `  sandbox:   ${describeSandbox(plan)}`,
    `  retention: ${describePolicy(plan.retention)}`,
  ].join('\n');
}

/** `id`: how an id is shown (its short form, from the CLI); the table is measured after. */
/** `marks`: a note after a plan's title (a fetched plan's origin). */
export function renderPlanList(plans: readonly Plan[], id: (id: string) => string = (x) => x, marks: ReadonlyMap<string, string> = new Map()): string {
  if (plans.length === 0) return 'No plans yet. Create one with: agents plan create --title TEXT';
  return table(
    ['PLAN ID', 'STATE', 'SANDBOX', 'CREATED', 'TITLE'],
    plans.map((p) => {
      const mark = marks.get(p.plan_id);
      return [v(id(p.plan_id)), p.state, p.sandbox_kind === 'isolated' ? '(isolated)' : v(p.sandbox_path), formatTime(p.created_at), `${v(p.title)}${mark === undefined ? '' : ` [${v(mark)}]`}`];
    }),
  );
}

export function renderPlan(plan: Plan, checkpoints: readonly Checkpoint[], now: Date, history: readonly PlanStateChange[] = []): string {
  const latest = checkpoints.at(-1);
  const total = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
  const next = allowedTransitions(plan.state);
  return [
    `Plan ${v(plan.plan_id)} "${v(plan.title)}"`,
    `  state:       ${plan.state}`,
    `  sandbox:     ${describeSandbox(plan)}`,
    `  retention:   ${describePolicy(plan.retention)}`,
    `  created:     ${formatTime(plan.created_at)} (${formatAge(plan.created_at, now)})`,
    `  updated:     ${formatTime(plan.updated_at)} (${formatAge(plan.updated_at, now)})`,
    `  checkpoints: ${formatCount(checkpoints.length)}${checkpoints.length ? ` (${formatBytes(total)} of files captured)` : ''}`,
    ...(latest ? [`  latest:      ${v(latest.checkpoint_id)} ${latest.checkpoint_type}, ${formatAge(latest.created_at, now)}`] : []),
    `  next:        ${next.length ? next.join(', ') : 'none (final)'}`,
    ...(history.length ? ['  history:', ...history.map((h) => `    ${formatTime(h.changed_at)}  ${h.from_state === null ? 'created' : h.from_state} -> ${h.to_state}`)] : []),
  ].join('\n');
}

export function renderStateChanged(plan: Plan, before: PlanState): string {
  return `Plan ${v(plan.plan_id)} "${v(plan.title)}" is now ${plan.state} (was ${before}).`;
}

export function renderDeletePreview(plan: Plan, checkpoints: readonly Checkpoint[], sandbox: SandboxContents | undefined): string {
  const bytes = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
  const lines = [
    `Deleting plan ${v(plan.plan_id)} "${v(plan.title)}" (${plan.state}) removes:`,
    `  ${plural(checkpoints.length, 'checkpoint')}${checkpoints.length ? ` and their snapshots in the shadow store (${formatBytes(bytes)} of files captured)` : ''}`,
    '  its state history',
  ];
  if (sandbox?.exists) lines.push(`  its isolated sandbox ${v(plan.sandbox_path)}: ${plural(sandbox.files, 'file')}, ${formatBytes(sandbox.bytes)}`);
  else if (plan.sandbox_kind === 'in_place') lines.push(`The files of its sandbox ${v(plan.sandbox_path)} stay as they are.`);
  lines.push('This cannot be undone.');
  return lines.join('\n');
}

export function renderPlanDeleted(deleted: DeletedPlan): string {
  const { plan } = deleted;
  return (
    `Deleted plan ${v(plan.plan_id)} "${v(plan.title)}" with ${plural(deleted.checkpointIds.length, 'checkpoint')}` +
    (deleted.removedSandbox === null ? '.' : ` and its sandbox ${v(deleted.removedSandbox)}.`)
  );
}

export function renderCheckpointCreated(created: CreatedCheckpoint): string {
  const c = created.checkpoint;
  const files = c.metadata.file_count === undefined ? '' : `${plural(c.metadata.file_count, 'file')}, `;
  const lines = [`Checkpoint ${v(c.checkpoint_id)} (${c.checkpoint_type}) of plan ${v(c.plan_id)}: ${files}${formatBytes(c.size_bytes)}`];
  if (c.metadata.reason) lines.push(`  reason: ${v(c.metadata.reason)}`);
  for (const s of c.metadata.skipped) {
    lines.push(`  not captured: ${v(s.path)} (${skipReasonText(s)})`);
  }
  if (created.pruned.length > 0) lines.push(`  pruned by the retention policy: ${created.pruned.map(v).join(', ')}`);
  return lines.join('\n');
}

export function renderCheckpointList(planId: string, checkpoints: readonly Checkpoint[], id: (id: string) => string = (x) => x): string {
  if (checkpoints.length === 0) return `Plan ${v(planId)} has no checkpoints yet. Take one with: agents plan checkpoint ${v(planId)}`;
  return table(
    ['CHECKPOINT ID', 'TYPE', 'CREATED', 'FILES', 'SIZE', 'REASON'],
    checkpoints.map((c) => [
      v(id(c.checkpoint_id)),
      c.checkpoint_type,
      formatTime(c.created_at),
      c.metadata.file_count === undefined ? '' : String(c.metadata.file_count),
      formatBytes(c.size_bytes),
      v(c.metadata.reason ?? ''),
    ]),
  );
}

export function renderDiff(changes: readonly PathChange[], from: string, to: string | undefined): string {
  const target = to === undefined ? 'the sandbox now' : `checkpoint ${v(to)}`;
  if (changes.length === 0) return `No differences between checkpoint ${v(from)} and ${target}.`;
  return [`${plural(changes.length, 'path')} differ from checkpoint ${v(from)} to ${target} (${changeCounts(changes)}):`, changeLines(changes)].join('\n');
}

/**
 * What a confirmation shows about the paths: the list, one escaped path a line, then the counts on
 * their own line after it. The counts are computed here, never taken from a name, and stand apart
 * from the list, right above the question, where a forged line could not pass for them.
 */
function confirmationPaths(changes: readonly PathChange[]): string[] {
  return [changeLines(changes), `In all: ${plural(changes.length, 'path')} (${changeCounts(changes)}).`];
}

export function renderRollbackPreview(planId: string, checkpointId: string, changes: readonly PathChange[], undone: readonly UndoneWork[] = [], all = false): string {
  const head =
    changes.length === 0
      ? [`Rolling back plan ${v(planId)} to checkpoint ${v(checkpointId)} changes no file: the sandbox already matches it.`]
      : [`Rolling back plan ${v(planId)} to checkpoint ${v(checkpointId)} changes these paths of the sandbox:`, ...boundedChangeLines(changes, all), `In all: ${plural(changes.length, 'path')} (${changeCounts(changes)}).`];
  return [...head, ...renderUndoneWork(undone, all), 'A safety checkpoint of the current files is taken first, so the rollback can be undone.'].join('\n');
}

/** The first ten changes and a count of the rest (`all`: every one): 20,000 lines scroll past what matters. */
function boundedChangeLines(changes: readonly PathChange[], all: boolean, indent = '  '): string[] {
  const { shown, more } = firstOf(changes, all);
  return [...(shown.length ? [changeLines(shown, indent)] : []), ...(more ? [`${indent}${moreText(more, ' (--all lists them)')}`] : [])];
}

/** Whose later work a rollback or correction also undoes: a heading and a line per owner (its first ten paths); nothing when none. */
export function renderUndoneWork(undone: readonly UndoneWork[], all = false): string[] {
  return undone.length === 0 ? [] : [undoneWorkHeading(undone), ...undoneWorkLines(undone, v, all).map((l) => `  ${l}`)];
}

/** The agent-only parts of a preview or a result: what is kept and why, what is merged, what conflicts, which tool calls had no post_step. */
export function agentOnlyLines(summary: AgentOnlySummary, all: boolean): string[] {
  const lines: string[] = [];
  const listed = <T>(items: readonly T[], line: (item: T) => string): string[] => {
    const { shown, more } = firstOf(items, all);
    return [...shown.map(line), ...(more ? [`  ${moreText(more, ' (--all lists them)')}`] : [])];
  };
  if (summary.merged.length > 0) {
    lines.push(`Merged (written, with others' changes in them kept; only the agent's are taken out): ${plural(summary.merged.length, 'path')}`);
    lines.push(...listed(summary.merged, (p) => `  merged    ${v(p)}`));
  }
  if (summary.kept_reasons.length > 0) {
    lines.push(`Kept (not this agent's): ${keptHeading(summary.kept_reasons)}`);
    lines.push(...listed(summary.kept_reasons, (k) => `  kept      ${v(k.path)} (${KEPT_REASON_LABELS[k.reason]}${k.plan_id && k.reason === 'other_session' ? `: plan ${v(k.plan_id)}` : ''})`));
  }
  if (summary.conflicts.length > 0) {
    lines.push(`Conflicts: ${plural(summary.conflicts.length, 'path')} changed both by the agent and by someone else; nothing is written while there are any:`);
    lines.push(...listed(summary.conflicts, (c) => `  conflict  ${v(c.path)}: ${CONFLICT_REASONS[c.reason]}`));
    const markable = summary.conflicts.some((c) => c.reason === 'lines');
    lines.push(
      `Roll back fully (without --agent-only), restore chosen paths (agents decision restore-paths), or narrow it with --scope, instead${markable ? "; or write the files whose lines both changed with conflict markers (--conflicts markers)" : ''}.`,
    );
  }
  if (summary.conflict_markers.length > 0) {
    lines.push(`Conflict markers: ${plural(summary.conflict_markers.length, 'path')} whose lines the agent and someone else both changed, written with both versions between <<<<<<< and >>>>>>> lines:`);
    lines.push(...listed(summary.conflict_markers, (p) => `  markers   ${v(p)}`));
  }
  for (const u of summary.unclosed) {
    const call = u.pre_write_skipped ? `A tool call after checkpoint ${v(u.pre_write_checkpoint_id)} (its pre_write skipped: nothing had changed)` : `Tool call at pre_write ${v(u.pre_write_checkpoint_id)}`;
    lines.push(`${call} has no post_step: whose its changes up to ${u.until_checkpoint_id === null ? 'the files as they are now' : `checkpoint ${v(u.until_checkpoint_id)}`} are is unknown, so they are kept.`);
  }
  return lines;
}

/** After a rollback that wrote conflict markers: how to finish (the undo command follows). */
export function markersFinishLines(summary: AgentOnlySummary): string[] {
  return summary.conflict_markers.length > 0 ? ['To finish, edit each of those files: keep the lines you want and delete the marker lines (<<<<<<<, =======, >>>>>>>). Or undo the whole rollback:'] : [];
}

export function renderAgentOnlyPreview(planId: string, checkpointId: string, preview: AgentOnlyPreview, all = false): string {
  const { changes, summary } = preview;
  const calls = `${plural(summary.tool_calls, 'tool call')} of ${summary.scope === 'session' ? 'the agent' : SCOPE_WORDS[summary.scope]}`;
  const head =
    summary.conflicts.length > 0
      ? [`Taking the agent's changes since checkpoint ${v(checkpointId)} out of plan ${v(planId)} (${calls}) is refused:`]
      : changes.length === 0
        ? [`Taking the agent's changes since checkpoint ${v(checkpointId)} out of plan ${v(planId)} (${calls}) changes no file.`]
        : [`Taking the agent's changes since checkpoint ${v(checkpointId)} out of plan ${v(planId)} (${calls}) changes these paths:`, ...boundedChangeLines(changes, all), `In all: ${plural(changes.length, 'path')} (${changeCounts(changes)}).`];
  return [...head, ...agentOnlyLines(summary, all), ...(summary.conflicts.length > 0 ? [] : ['A safety checkpoint of the current files is taken first, so the rollback can be undone.'])].join('\n');
}

export function renderRollback(outcome: RollbackOutcome, all = false): string {
  const { result } = outcome;
  if (outcome.agent_only) {
    const { shown, more } = firstOf(result.changed_paths, all);
    return [
      `Took the agent's changes since checkpoint ${v(result.from_checkpoint_id)} out of plan ${v(outcome.plan_id)}: ${plural(result.restored_files_count, 'path')} reverted in ${outcome.elapsed_seconds.toFixed(2)} s.`,
      ...shown.map((c) => `  reverted  ${c.change.padEnd(8)}  ${v(c.path)}`),
      ...(more ? [`  ${moreText(more, ' (--all lists them)')}`] : []),
      ...agentOnlyLines(outcome.agent_only, all),
      ...markersFinishLines(outcome.agent_only),
      `Undo with: agents plan rollback ${v(outcome.plan_id)} ${v(outcome.undo_checkpoint_id)}`,
    ].join('\n');
  }
  return [
    `Rolled back plan ${v(outcome.plan_id)} to checkpoint ${v(result.from_checkpoint_id)}: ${plural(result.restored_files_count, 'path')} restored in ${outcome.elapsed_seconds.toFixed(2)} s.`,
    ...boundedChangeLines(result.changed_paths, all),
    `Undo with: agents plan rollback ${v(outcome.plan_id)} ${v(outcome.undo_checkpoint_id)}`,
  ].join('\n');
}

export function renderApplyPreview(plan: Plan, changes: readonly PathChange[]): string {
  const lines =
    plan.sandbox_kind === 'in_place'
      ? [`Plan ${v(plan.plan_id)} works in place: applying changes no file, it marks the plan applied.`]
      : changes.length === 0
        ? [`Applying plan ${v(plan.plan_id)} changes no file in the workspace: its sandbox made no change.`]
        : [`Applying plan ${v(plan.plan_id)} changes these paths in the workspace:`, ...confirmationPaths(changes)];
  lines.push('An applied plan is final: it can no longer be rolled back or checkpointed.');
  return lines.join('\n');
}

export function renderApplied(plan: Plan, changes: readonly PathChange[]): string {
  return [`Applied plan ${v(plan.plan_id)} "${v(plan.title)}": ${plural(changes.length, 'path')} changed in the workspace.`, ...(changes.length ? [changeLines(changes)] : [])].join('\n');
}

export interface SandboxContents {
  readonly files: number;
  readonly bytes: number;
  readonly exists: boolean;
}

export function renderCleanupPreview(plan: Plan, contents: SandboxContents, unapplied: readonly PathChange[]): string {
  if (!contents.exists) return `The sandbox ${v(plan.sandbox_path)} of plan ${v(plan.plan_id)} is already gone; cleanup only records that.`;
  const lines = [`Cleanup deletes the isolated sandbox ${v(plan.sandbox_path)} of plan ${v(plan.plan_id)}: ${plural(contents.files, 'file')}, ${formatBytes(contents.bytes)}.`];
  if (unapplied.length > 0) {
    lines.push('These changes of the sandbox were never applied to the workspace and will be lost:', ...confirmationPaths(unapplied));
  }
  lines.push('The plan and its checkpoints stay, but rollback is refused from then on.');
  return lines.join('\n');
}

export function renderCleanedUp(plan: Plan): string {
  return `Removed the sandbox ${v(plan.sandbox_path)} of plan ${v(plan.plan_id)}.`;
}

export function renderPolicy(planId: string, policy: CheckpointRetentionPolicy, changed: boolean): string {
  return `${changed ? 'Retention policy of plan' : 'Plan'} ${v(planId)}${changed ? ' is now:' : ':'} ${describePolicy(policy)}.`;
}
