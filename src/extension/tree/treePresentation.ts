// How plans and checkpoints read in the tree: labels, descriptions, icons and Markdown tooltips.
// No `vscode` import: plain functions of the data and the current time.
import { skipReasonText, type Checkpoint, type CheckpointType, type SkippedPath } from '../../core/checkpoint';
import type { InterruptedOperation } from '../../core/interruptedOperation';
import type { Plan, PlanState } from '../../core/plan';
import { escapeUnsafe, formatCount, plural, relativeTime } from '../../core/displayText';
import { formatBytes } from '../../core/formatBytes';
import { isSafetyCheckpoint } from '../../core/safetyCheckpoints';

/** A codicon id and, optionally, a theme color id. */
export interface IconSpec {
  readonly id: string;
  readonly color?: string;
}

const TYPE_LABELS: Record<CheckpointType, string> = {
  manual: 'Manual checkpoint',
  pre_write: 'Before write',
  post_step: 'After step',
};

const TYPE_ICONS: Record<CheckpointType, IconSpec> = {
  manual: { id: 'bookmark' },
  pre_write: { id: 'edit' },
  post_step: { id: 'milestone' },
};

const PLAN_ICONS: Record<PlanState, IconSpec> = {
  draft: { id: 'circle-large-outline' },
  executing: { id: 'play-circle', color: 'charts.blue' },
  completed: { id: 'pass', color: 'charts.green' },
  failed: { id: 'error', color: 'errorForeground' },
  applied: { id: 'verified-filled', color: 'charts.purple' },
  cancelled: { id: 'circle-slash', color: 'disabledForeground' },
};

/** Plans whose work is over: shown dimmed, and collapsed when first seen. */
export function isFinished(plan: Plan): boolean {
  return plan.state === 'applied' || plan.state === 'cancelled';
}

export function planIcon(plan: Plan): IconSpec {
  return PLAN_ICONS[plan.state];
}

/** Where the plan works, in a few words. */
export function sandboxLabel(plan: Plan): string {
  if (plan.sandbox_kind === 'isolated') return 'isolated copy';
  return plan.sandbox_path === '.' ? 'whole folder' : `${plan.sandbox_path}/`;
}

export function planDescription(plan: Plan): string {
  return `${plan.state} · ${sandboxLabel(plan)}`;
}

export function checkpointLabel(checkpoint: Checkpoint): string {
  const reason = checkpoint.metadata.reason?.split(/\r?\n/)[0].trim();
  // Cut by code points: a half of a surrogate pair would show as an escape.
  if (reason) return [...reason].length > 80 ? `${[...reason].slice(0, 79).join('')}…` : reason;
  const tool = checkpoint.metadata.source_tool?.trim();
  return tool ? `${TYPE_LABELS[checkpoint.checkpoint_type]} (${tool})` : TYPE_LABELS[checkpoint.checkpoint_type];
}

export function checkpointDescription(checkpoint: Checkpoint, now: Date): string {
  const skipped = checkpoint.metadata.skipped.length;
  return `${formatRelativeTime(checkpoint.created_at, now)} · ${formatBytes(checkpoint.size_bytes)}${skipped ? ` · ${skipped} not captured` : ''}`;
}

/** A rollback's safety checkpoint (what Undo Rollback restores) has an icon of its own. */
const SAFETY_ICON: IconSpec = { id: 'shield', color: 'charts.yellow' };

export function checkpointIcon(checkpoint: Checkpoint): IconSpec {
  return isSafetyCheckpoint(checkpoint) ? SAFETY_ICON : TYPE_ICONS[checkpoint.checkpoint_type];
}

/**
 * A plan row's `contextValue`: `plan.<state>.<in_place|isolated>`, then `.undo` when it has a
 * rollback to undo, `.interrupted` when an operation on it is half done and `.missing` when its
 * sandbox folder is gone (Start and Create Checkpoint are not offered then; Recreate and Cancel are). The menus' `when`
 * clauses match these, so that a row offers only what can work on it (package.json).
 */
export function planContextValue(plan: Plan, checkpoints: readonly Checkpoint[], interrupted: boolean, sandboxMissing = false): string {
  const undo = plan.state !== 'applied' && checkpoints.some(isSafetyCheckpoint);
  return `plan.${plan.state}.${plan.sandbox_kind}${undo ? '.undo' : ''}${interrupted ? '.interrupted' : ''}${sandboxMissing ? '.missing' : ''}`;
}

/** A checkpoint row's: `checkpoint.<plan state>`, then `.first` for the plan's first one and `.safety` for a rollback's safety checkpoint. */
export function checkpointContextValue(plan: Plan, checkpoint: Checkpoint, first: boolean): string {
  return `checkpoint.${plan.state}${first ? '.first' : ''}${isSafetyCheckpoint(checkpoint) ? '.safety' : ''}`;
}

/** What a screen reader says of a plan row: its type and state first. */
export function planAccessibilityLabel(plan: Plan, checkpoints: number, interrupted: InterruptedOperation | undefined): string {
  return (
    `Plan ${plan.title}, ${plan.state}, ${plan.sandbox_kind === 'isolated' ? 'isolated copy' : `in place in ${sandboxLabel(plan)}`}, ` +
    `${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'}${interrupted ? `, interrupted ${interrupted.type}` : ''}`
  );
}

/** And of a checkpoint row: its type (safety, manual, before write, after step), its plan's state, when. */
export function checkpointAccessibilityLabel(plan: Plan, checkpoint: Checkpoint, now: Date): string {
  const type = isSafetyCheckpoint(checkpoint) ? 'Safety checkpoint before a rollback' : TYPE_LABELS[checkpoint.checkpoint_type];
  const skipped = checkpoint.metadata.skipped.length;
  return (
    `${type}: ${checkpointLabel(checkpoint)}, ${checkpointDescription(checkpoint, now)}, plan ${plan.state}` +
    (skipped ? `, ${skipped} path${skipped === 1 ? '' : 's'} not captured` : '')
  );
}

export function checkpointTypeLabel(type: CheckpointType): string {
  return TYPE_LABELS[type];
}

/** The plan row's word for a sandbox that is gone. */
export function missingSandboxNote(plan: Plan): string {
  return plan.sandbox_kind === 'isolated'
    ? `Sandbox missing: the folder ${plan.sandbox_path} is gone. Recreate Sandbox from Checkpoint (the plan's menu) brings back its newest checkpoint's files; Cancel Plan ends it. Start and checkpoints are refused meanwhile.`
    : `Sandbox missing: the folder ${plan.sandbox_path} is gone. Put it back, or cancel the plan; Start and checkpoints are refused meanwhile.`;
}

export function planTooltip(plan: Plan, checkpoints: readonly Checkpoint[], now: Date, interrupted?: InterruptedOperation, sandboxMissing = false): string {
  const rows: [string, string][] = [
    ['Plan', code(plan.plan_id)],
    ['State', escapeMarkdown(plan.state)],
    ['Sandbox', `${code(plan.sandbox_path)} (${plan.sandbox_kind === 'isolated' ? 'isolated copy' : 'in place'})`],
    ['Base snapshot', plan.base_ref ? code(plan.base_ref) : '—'],
    ['Retention', `at most ${plan.retention.max_checkpoints} checkpoints, ${plan.retention.auto_prune ? 'pruned automatically' : 'no automatic pruning'}`],
    ['Checkpoints', String(checkpoints.length)],
    ['Created', timestamp(plan.created_at, now)],
    ['Updated', timestamp(plan.updated_at, now)],
  ];
  const notes: string[] = [];
  if (plan.state === 'applied') notes.push('Applied: its checkpoints are kept for the record; rollback is blocked.');
  if (plan.state === 'cancelled') notes.push('Cancelled.');
  if (sandboxMissing) notes.push(missingSandboxNote(plan));
  if (interrupted) {
    notes.push(
      `Interrupted: a ${interrupted.type} started ${interrupted.started_at} by process ${interrupted.pid} on ${interrupted.host} did not finish; its files may be half written. ` +
        'Writes to this plan are refused until it is finished or undone (the notification, or `agents plan recover`).',
    );
  }
  return [`**${escapeMarkdown(plan.title)}**`, table(rows), ...notes.map(escapeMarkdown)].join('\n\n');
}

export function checkpointTooltip(checkpoint: Checkpoint, now: Date): string {
  const m = checkpoint.metadata;
  const size = `${formatBytes(checkpoint.size_bytes)} (${formatCount(checkpoint.size_bytes)} bytes)` + (m.file_count !== undefined ? `, ${plural(m.file_count, 'file')}` : '');
  const rows: [string, string][] = [
    ['Checkpoint', code(checkpoint.checkpoint_id)],
    ['Plan', code(checkpoint.plan_id)],
    ['Created', timestamp(checkpoint.created_at, now)],
    ['Size', size],
    ['Sandbox ref', code(checkpoint.sandbox_ref)],
    // long: as text that may break after each slash, so that the hover does not scroll sideways
    ['Stored at', escapeMarkdown(checkpoint.filesystem_path).replace(/\//g, '/\u200b')],
    ['Decision', checkpoint.decision_id ? code(checkpoint.decision_id) : '—'],
    ['Resource', checkpoint.resource_id ? code(checkpoint.resource_id) : '—'],
    ['**Audit**', ''],
    ['Reason', text(m.reason)],
    ['Source tool', text(m.source_tool)],
    ['Phase', text(m.phase)],
    ...Object.entries(m.extra).map(([k, v]): [string, string] => [escapeMarkdown(k), text(v)]),
  ];
  const title = `**${escapeMarkdown(checkpointLabel(checkpoint))}** · ${code(checkpoint.checkpoint_type)}`;
  const parts = [title, table(rows)];
  if (m.skipped.length > 0) {
    parts.push(`**Not captured** (${formatCount(m.skipped.length)}; a rollback leaves these alone)`, skippedList(m.skipped));
  }
  return parts.join('\n\n');
}

const SKIPPED_SHOWN = 20;

function skippedList(skipped: readonly SkippedPath[]): string {
  const lines = skipped.slice(0, SKIPPED_SHOWN).map((s) => {
    return `- ${code(s.path)}: ${skipReasonText(s)}`;
  });
  if (skipped.length > SKIPPED_SHOWN) lines.push(`- and ${skipped.length - SKIPPED_SHOWN} more`);
  return lines.join('\n');
}

/** A two-column table; its first row is the header (an empty header would show as a blank row). */
function table(rows: readonly [string, string][]): string {
  const line = ([k, v]: readonly [string, string]) => `| ${k.replace(/ /g, '\u00a0')} | ${v} |`;
  return [line(rows[0]), '|:--|:--|', ...rows.slice(1).map(line)].join('\n');
}

function text(value: string | null | undefined): string {
  return value ? escapeMarkdown(value) : '—';
}

function timestamp(iso: string, now: Date): string {
  return `${escapeMarkdown(iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))} (${formatRelativeTime(iso, now)})`;
}

/** Inline code for ids and paths; text that holds backticks or pipes is escaped instead. */
function code(value: string): string {
  const visible = escapeUnsafe(value);
  return /[`|\\]/.test(visible) ? escapeMarkdown(value) : `\`${visible}\``;
}

/**
 * Makes text from the database inert in Markdown (also inside a table cell): controls, bidi
 * controls and line breaks become visible escapes first, then Markdown's own characters are escaped.
 */
export function escapeMarkdown(value: string): string {
  return escapeUnsafe(value).replace(/[\\`*_{}[\]()#+\-.!|<>~&$]/g, (c) => `\\${c}`);
}

/** How long ago (one function for every surface: see core/displayText). */
export const formatRelativeTime = relativeTime;
