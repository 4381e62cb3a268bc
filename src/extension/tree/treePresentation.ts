// How plans and checkpoints read in the tree: labels, descriptions, icons and Markdown tooltips.
// No `vscode` import: plain functions of the data and the current time.
import { skipReasonText, type Checkpoint, type CheckpointType, type SkippedPath } from '../../core/checkpoint';
import type { InterruptedOperation } from '../../core/interruptedOperation';
import type { Plan, PlanState } from '../../core/plan';
import { escapeUnsafe, formatCount, plural, relativeTime } from '../../core/displayText';
import { formatBytes } from '../../core/formatBytes';
import { isSafetyCheckpoint } from '../../core/safetyCheckpoints';
import { hookAgentOf, hookAgentOfCheckpoint, isPromptCheckpoint, promptLineOf } from '../../core/hookCheckpoints';
import type { ShortIds } from '../../core/shortIds';
import { HOOK_AGENT_NAMES, isHookAgent } from '../../daemonClient/hookAgents';

/** A codicon id and, optionally, a theme color id. */
export interface IconSpec {
  readonly id: string;
  readonly color?: string;
}

// What people read: the reference's type names (manual, pre_write, post_step) stay in the data,
// the CLI's JSON and the docs.
const TYPE_LABELS: Record<CheckpointType, string> = {
  manual: 'Checkpoint',
  pre_write: 'Before a change',
  post_step: 'After a change',
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

/** An agent session's state, in a session's words (it is a plan underneath: End Session completes it). */
const SESSION_STATES: Record<PlanState, string> = {
  draft: 'not started',
  executing: 'active',
  completed: 'ended',
  failed: 'failed',
  applied: 'applied',
  cancelled: 'cancelled',
};

/** `agent`: the agent whose hooks feed the plan (an agent session), if any. */
export function planDescription(plan: Plan, agent?: string): string {
  return agent === undefined ? `${plan.state} · ${sandboxLabel(plan)}` : SESSION_STATES[plan.state];
}

/** The agent as people name it ("Claude Code"); an unknown one as recorded. */
export function agentName(agent: string): string {
  return isHookAgent(agent) ? HOOK_AGENT_NAMES[agent] : agent;
}

function cut(text: string, max: number): string {
  // Cut by code points: a half of a surrogate pair would show as an escape.
  return [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;
}

export function checkpointLabel(checkpoint: Checkpoint): string {
  const reason = checkpoint.metadata.reason?.split(/\r?\n/)[0].trim();
  if (reason) return cut(reason, 80);
  const tool = checkpoint.metadata.source_tool?.trim();
  if (tool && checkpoint.checkpoint_type !== 'manual') return `${checkpoint.checkpoint_type === 'pre_write' ? 'Before' : 'After'} ${tool}`;
  return tool ? `${TYPE_LABELS[checkpoint.checkpoint_type]} (${tool})` : TYPE_LABELS[checkpoint.checkpoint_type];
}

/**
 * What a tool call's row says ran: `After Bash: npm test`, `Before Write src/a.ts` (the hooks record
 * both in its reason); older rows without the command say what they can.
 */
export function toolCallLabel(checkpoint: Checkpoint): string {
  const { extra, source_tool: tool } = checkpoint.metadata;
  const when = checkpoint.checkpoint_type === 'pre_write' ? 'Before' : 'After';
  if (typeof extra.command === 'string' && extra.command !== '' && tool) return cut(`${when} ${tool}: ${extra.command}`, 100);
  if (typeof extra.file_path === 'string' && extra.file_path !== '' && tool) return cut(`${when} ${tool} ${extra.file_path}`, 100);
  return checkpointLabel(checkpoint);
}

/**
 * A safety checkpoint's row, under the checkpoint its rollback went back to: that checkpoint is
 * its parent row, so the name drops the quoted target (`Before rollback #2`).
 */
export function safetyRowLabel(checkpoint: Checkpoint): string {
  return checkpointLabel(checkpoint).replace(/ \((?:to|from) “[\s\S]*$/, '');
}

export function safetyGroupLabel(count: number): string {
  return `Before ${plural(count, 'rollback')}`;
}

export function safetyGroupDescription(checkpoints: readonly Checkpoint[], now: Date): string {
  const newest = checkpoints.at(-1);
  return newest ? `safety checkpoints · newest ${formatRelativeTime(newest.created_at, now)}` : 'safety checkpoints';
}

export const SAFETY_GROUP_TOOLTIP =
  'What the files were just before each rollback to this prompt or to one of its tool calls. Undo Rollback (on a row, or on the plan) puts them back.';

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
  // An agent session's row starts `session.`: its menus offer End Session and Delete, not a plan's lifecycle.
  const kind = hookAgentOf(checkpoints) === undefined ? 'plan' : 'session';
  return `${kind}.${plan.state}.${plan.sandbox_kind}${undo ? '.undo' : ''}${interrupted ? '.interrupted' : ''}${sandboxMissing ? '.missing' : ''}`;
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

/** Where a plan's files are, as a sentence's object. */
function worksIn(plan: Plan): string {
  if (plan.sandbox_kind === 'isolated') return `an isolated copy in ${code(plan.sandbox_path)}`;
  return plan.sandbox_path === '.' ? 'the whole folder, in place' : `the folder ${code(`${plan.sandbox_path}/`)}, in place`;
}

/** `short`: the folder's short ids (what to type in the `agents` CLI); without, no id is shown. */
export function planTooltip(plan: Plan, checkpoints: readonly Checkpoint[], now: Date, interrupted?: InterruptedOperation, sandboxMissing = false, short?: ShortIds): string {
  const agent = hookAgentOf(checkpoints);
  const prompts = checkpoints.filter(isPromptCheckpoint).length;
  const rows: [string, string][] = [
    [agent === undefined ? 'State' : 'Session', agent === undefined ? escapeMarkdown(plan.state) : `${escapeMarkdown(agentName(agent))}, ${SESSION_STATES[plan.state]}`],
    ['Works on', worksIn(plan)],
    ['Checkpoints', agent === undefined ? String(checkpoints.length) : `${checkpoints.length} (${plural(prompts, 'prompt')})`],
    ['Keeps', `at most ${plan.retention.max_checkpoints} checkpoints, ${plan.retention.auto_prune ? 'the oldest pruned automatically' : 'no automatic pruning'}`],
    ['Started', timestamp(plan.created_at, now)],
    ['Last change', timestamp(plan.updated_at, now)],
    ...(short ? [['Id', `${code(short.of(plan.plan_id))} (for the \`agents\` command line)`] as [string, string]] : []),
  ];
  const notes: string[] = [];
  if (plan.state === 'applied') notes.push('Applied: its checkpoints are kept for the record; rollback is blocked.');
  if (plan.state === 'cancelled') notes.push(agent === undefined ? 'Cancelled.' : 'Cancelled: the agent’s next prompt starts a new session.');
  if (agent !== undefined && plan.state === 'completed') notes.push('Ended: it takes no more checkpoints; the agent’s next prompt starts a new session.');
  if (sandboxMissing) notes.push(missingSandboxNote(plan));
  if (interrupted) {
    notes.push(
      `Interrupted: a ${interrupted.type} started ${interrupted.started_at} by process ${interrupted.pid} on ${interrupted.host} did not finish; its files may be half written. ` +
        'Writes to this plan are refused until it is finished or undone (the notification, or `agents plan recover`).',
    );
  }
  return [`**${escapeMarkdown(plan.title)}**`, table(rows), ...notes.map(escapeMarkdown)].join('\n\n');
}

/** What kind of checkpoint it is, in words: a prompt, before / after a tool call, a rollback's safety checkpoint. */
export function checkpointKind(checkpoint: Checkpoint): string {
  if (isSafetyCheckpoint(checkpoint)) return 'Safety checkpoint: the files just before a rollback (Undo Rollback restores it)';
  if (isPromptCheckpoint(checkpoint)) return 'Prompt: the files before the agent worked on it';
  const agent = hookAgentOfCheckpoint(checkpoint);
  if (checkpoint.checkpoint_type === 'pre_write') return agent === undefined ? 'Before a change' : `Before a tool call of ${agentName(agent)}`;
  if (checkpoint.checkpoint_type === 'post_step') return agent === undefined ? 'After a change' : `After a tool call of ${agentName(agent)}`;
  return 'Checkpoint';
}

/**
 * A checkpoint's hover: what it is, what ran or was written, when, how big, what it left out. No
 * hashes, refs or storage paths (the CLI's JSON has them); the short id, to type in the CLI.
 */
export function checkpointTooltip(checkpoint: Checkpoint, now: Date, short?: ShortIds): string {
  const m = checkpoint.metadata;
  const size = `${formatBytes(checkpoint.size_bytes)}` + (m.file_count !== undefined ? `, ${plural(m.file_count, 'file')}` : '');
  const rows: [string, string][] = [['Kind', escapeMarkdown(checkpointKind(checkpoint))]];
  if (isPromptCheckpoint(checkpoint)) rows.push(['Prompt', escapeMarkdown(promptLineOf(checkpoint))]);
  // The heading shows a reason's first line, cut: the whole of it (escaped, its breaks visible) when there is more.
  const reason = m.reason ?? '';
  if (!isPromptCheckpoint(checkpoint) && (/[\r\n]/.test(reason) || [...reason.trim()].length > 80)) rows.push(['Reason', escapeMarkdown(reason)]);
  if (m.source_tool && !isSafetyCheckpoint(checkpoint)) rows.push(['Tool', escapeMarkdown(m.source_tool)]);
  if (typeof m.extra.command === 'string' && m.extra.command !== '') rows.push(['Ran', code(m.extra.command)]);
  if (typeof m.extra.file_path === 'string' && m.extra.file_path !== '') rows.push(['File', code(m.extra.file_path)]);
  rows.push(['Taken', timestamp(checkpoint.created_at, now)], ['Size', size]);
  if (checkpoint.decision_id) rows.push(['Decision', 'aligned to a decision (its row is above)']);
  if (short) rows.push(['Id', `${code(short.of(checkpoint.checkpoint_id))} (for the \`agents\` command line)`]);
  const parts = [`**${escapeMarkdown(isPromptCheckpoint(checkpoint) ? `“${promptLineOf(checkpoint)}”` : toolCallLabel(checkpoint))}**`, table(rows)];
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
