"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatRelativeTime = exports.SAFETY_GROUP_TOOLTIP = void 0;
exports.isFinished = isFinished;
exports.planIcon = planIcon;
exports.sandboxLabel = sandboxLabel;
exports.planDescription = planDescription;
exports.agentName = agentName;
exports.checkpointLabel = checkpointLabel;
exports.toolCallLabel = toolCallLabel;
exports.safetyRowLabel = safetyRowLabel;
exports.safetyGroupLabel = safetyGroupLabel;
exports.safetyGroupDescription = safetyGroupDescription;
exports.checkpointDescription = checkpointDescription;
exports.checkpointIcon = checkpointIcon;
exports.planContextValue = planContextValue;
exports.checkpointContextValue = checkpointContextValue;
exports.planAccessibilityLabel = planAccessibilityLabel;
exports.checkpointAccessibilityLabel = checkpointAccessibilityLabel;
exports.checkpointTypeLabel = checkpointTypeLabel;
exports.missingSandboxNote = missingSandboxNote;
exports.planTooltip = planTooltip;
exports.checkpointKind = checkpointKind;
exports.checkpointTooltip = checkpointTooltip;
exports.escapeMarkdown = escapeMarkdown;
// How plans and checkpoints read in the tree: labels, descriptions, icons and Markdown tooltips.
// No `vscode` import: plain functions of the data and the current time.
const checkpoint_1 = require("../../core/checkpoint");
const displayText_1 = require("../../core/displayText");
const formatBytes_1 = require("../../core/formatBytes");
const safetyCheckpoints_1 = require("../../core/safetyCheckpoints");
const hookCheckpoints_1 = require("../../core/hookCheckpoints");
const hookAgents_1 = require("../../hooks/hookAgents");
// What people read: the reference's type names (manual, pre_write, post_step) stay in the data,
// the CLI's JSON and the docs.
const TYPE_LABELS = {
    manual: 'Checkpoint',
    pre_write: 'Before a change',
    post_step: 'After a change',
};
const TYPE_ICONS = {
    manual: { id: 'bookmark' },
    pre_write: { id: 'edit' },
    post_step: { id: 'milestone' },
};
const PLAN_ICONS = {
    draft: { id: 'circle-large-outline' },
    executing: { id: 'play-circle', color: 'charts.blue' },
    completed: { id: 'pass', color: 'charts.green' },
    failed: { id: 'error', color: 'errorForeground' },
    applied: { id: 'verified-filled', color: 'charts.purple' },
    cancelled: { id: 'circle-slash', color: 'disabledForeground' },
};
/** Plans whose work is over: shown dimmed, and collapsed when first seen. */
function isFinished(plan) {
    return plan.state === 'applied' || plan.state === 'cancelled';
}
function planIcon(plan) {
    return PLAN_ICONS[plan.state];
}
/** Where the plan works, in a few words. */
function sandboxLabel(plan) {
    if (plan.sandbox_kind === 'isolated')
        return 'isolated copy';
    return plan.sandbox_path === '.' ? 'whole folder' : `${plan.sandbox_path}/`;
}
/** An agent session's state, in a session's words (it is a plan underneath: End Session completes it). */
const SESSION_STATES = {
    draft: 'not started',
    executing: 'active',
    completed: 'ended',
    failed: 'failed',
    applied: 'applied',
    cancelled: 'cancelled',
};
/** `agent`: the agent whose hooks feed the plan (an agent session), if any. */
function planDescription(plan, agent) {
    return agent === undefined ? `${plan.state} · ${sandboxLabel(plan)}` : SESSION_STATES[plan.state];
}
/** The agent as people name it ("Claude Code"); an unknown one as recorded. */
function agentName(agent) {
    return (0, hookAgents_1.isHookAgent)(agent) ? hookAgents_1.HOOK_AGENT_NAMES[agent] : agent;
}
function cut(text, max) {
    // Cut by code points: a half of a surrogate pair would show as an escape.
    return [...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text;
}
function checkpointLabel(checkpoint) {
    const reason = checkpoint.metadata.reason?.split(/\r?\n/)[0].trim();
    if (reason)
        return cut(reason, 80);
    const tool = checkpoint.metadata.source_tool?.trim();
    if (tool && checkpoint.checkpoint_type !== 'manual')
        return `${checkpoint.checkpoint_type === 'pre_write' ? 'Before' : 'After'} ${tool}`;
    return tool ? `${TYPE_LABELS[checkpoint.checkpoint_type]} (${tool})` : TYPE_LABELS[checkpoint.checkpoint_type];
}
/**
 * What a tool call's row says ran: `After Bash: npm test`, `Before Write src/a.ts` (the hooks record
 * both in its reason); older rows without the command say what they can.
 */
function toolCallLabel(checkpoint) {
    const { extra, source_tool: tool } = checkpoint.metadata;
    const when = checkpoint.checkpoint_type === 'pre_write' ? 'Before' : 'After';
    if (typeof extra.command === 'string' && extra.command !== '' && tool)
        return cut(`${when} ${tool}: ${extra.command}`, 100);
    if (typeof extra.file_path === 'string' && extra.file_path !== '' && tool)
        return cut(`${when} ${tool} ${extra.file_path}`, 100);
    return checkpointLabel(checkpoint);
}
/**
 * A safety checkpoint's row, under the checkpoint its rollback went back to: that checkpoint is
 * its parent row, so the name drops the quoted target (`Before rollback #2`).
 */
function safetyRowLabel(checkpoint) {
    return checkpointLabel(checkpoint).replace(/ \((?:to|from) “[\s\S]*$/, '');
}
function safetyGroupLabel(count) {
    return `Before ${(0, displayText_1.plural)(count, 'rollback')}`;
}
function safetyGroupDescription(checkpoints, now) {
    const newest = checkpoints.at(-1);
    return newest ? `safety checkpoints · newest ${(0, exports.formatRelativeTime)(newest.created_at, now)}` : 'safety checkpoints';
}
exports.SAFETY_GROUP_TOOLTIP = 'What the files were just before each rollback to this prompt or to one of its tool calls. Undo Rollback (on a row, or on the plan) puts them back.';
function checkpointDescription(checkpoint, now) {
    const skipped = checkpoint.metadata.skipped.length;
    return `${(0, exports.formatRelativeTime)(checkpoint.created_at, now)} · ${(0, formatBytes_1.formatBytes)(checkpoint.size_bytes)}${skipped ? ` · ${skipped} not captured` : ''}`;
}
/** A rollback's safety checkpoint (what Undo Rollback restores) has an icon of its own. */
const SAFETY_ICON = { id: 'shield', color: 'charts.yellow' };
function checkpointIcon(checkpoint) {
    return (0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint) ? SAFETY_ICON : TYPE_ICONS[checkpoint.checkpoint_type];
}
/**
 * A plan row's `contextValue`: `plan.<state>.<in_place|isolated>`, then `.undo` when it has a
 * rollback to undo, `.interrupted` when an operation on it is half done and `.missing` when its
 * sandbox folder is gone (Start and Create Checkpoint are not offered then; Recreate and Cancel are). The menus' `when`
 * clauses match these, so that a row offers only what can work on it (package.json).
 */
function planContextValue(plan, checkpoints, interrupted, sandboxMissing = false) {
    const undo = plan.state !== 'applied' && checkpoints.some(safetyCheckpoints_1.isSafetyCheckpoint);
    // An agent session's row starts `session.`: its menus offer End Session and Delete, not a plan's lifecycle.
    const kind = (0, hookCheckpoints_1.hookAgentOf)(checkpoints) === undefined ? 'plan' : 'session';
    return `${kind}.${plan.state}.${plan.sandbox_kind}${undo ? '.undo' : ''}${interrupted ? '.interrupted' : ''}${sandboxMissing ? '.missing' : ''}`;
}
/** A checkpoint row's: `checkpoint.<plan state>`, then `.first` for the plan's first one and `.safety` for a rollback's safety checkpoint. */
function checkpointContextValue(plan, checkpoint, first) {
    return `checkpoint.${plan.state}${first ? '.first' : ''}${(0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint) ? '.safety' : ''}`;
}
/** What a screen reader says of a plan row: its type and state first. */
function planAccessibilityLabel(plan, checkpoints, interrupted) {
    return (`Plan ${plan.title}, ${plan.state}, ${plan.sandbox_kind === 'isolated' ? 'isolated copy' : `in place in ${sandboxLabel(plan)}`}, ` +
        `${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'}${interrupted ? `, interrupted ${interrupted.type}` : ''}`);
}
/** And of a checkpoint row: its type (safety, manual, before write, after step), its plan's state, when. */
function checkpointAccessibilityLabel(plan, checkpoint, now) {
    const type = (0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint) ? 'Safety checkpoint before a rollback' : TYPE_LABELS[checkpoint.checkpoint_type];
    const skipped = checkpoint.metadata.skipped.length;
    return (`${type}: ${checkpointLabel(checkpoint)}, ${checkpointDescription(checkpoint, now)}, plan ${plan.state}` +
        (skipped ? `, ${skipped} path${skipped === 1 ? '' : 's'} not captured` : ''));
}
function checkpointTypeLabel(type) {
    return TYPE_LABELS[type];
}
/** The plan row's word for a sandbox that is gone. */
function missingSandboxNote(plan) {
    return plan.sandbox_kind === 'isolated'
        ? `Sandbox missing: the folder ${plan.sandbox_path} is gone. Recreate Sandbox from Checkpoint (the plan's menu) brings back its newest checkpoint's files; Cancel Plan ends it. Start and checkpoints are refused meanwhile.`
        : `Sandbox missing: the folder ${plan.sandbox_path} is gone. Put it back, or cancel the plan; Start and checkpoints are refused meanwhile.`;
}
/** Where a plan's files are, as a sentence's object. */
function worksIn(plan) {
    if (plan.sandbox_kind === 'isolated')
        return `an isolated copy in ${code(plan.sandbox_path)}`;
    return plan.sandbox_path === '.' ? 'the whole folder, in place' : `the folder ${code(`${plan.sandbox_path}/`)}, in place`;
}
/** `short`: the folder's short ids (what to type in the `agents` CLI); without, no id is shown. */
function planTooltip(plan, checkpoints, now, interrupted, sandboxMissing = false, short) {
    const agent = (0, hookCheckpoints_1.hookAgentOf)(checkpoints);
    const prompts = checkpoints.filter(hookCheckpoints_1.isPromptCheckpoint).length;
    const rows = [
        [agent === undefined ? 'State' : 'Session', agent === undefined ? escapeMarkdown(plan.state) : `${escapeMarkdown(agentName(agent))}, ${SESSION_STATES[plan.state]}`],
        ['Works on', worksIn(plan)],
        ['Checkpoints', agent === undefined ? String(checkpoints.length) : `${checkpoints.length} (${(0, displayText_1.plural)(prompts, 'prompt')})`],
        ['Keeps', `at most ${plan.retention.max_checkpoints} checkpoints, ${plan.retention.auto_prune ? 'the oldest pruned automatically' : 'no automatic pruning'}`],
        ['Started', timestamp(plan.created_at, now)],
        ['Last change', timestamp(plan.updated_at, now)],
        ...(short ? [['Id', `${code(short.of(plan.plan_id))} (for the \`agents\` command line)`]] : []),
    ];
    const notes = [];
    if (plan.state === 'applied')
        notes.push('Applied: its checkpoints are kept for the record; rollback is blocked.');
    if (plan.state === 'cancelled')
        notes.push(agent === undefined ? 'Cancelled.' : 'Cancelled: the agent’s next prompt starts a new session.');
    if (agent !== undefined && plan.state === 'completed')
        notes.push('Ended: it takes no more checkpoints; the agent’s next prompt starts a new session.');
    if (sandboxMissing)
        notes.push(missingSandboxNote(plan));
    if (interrupted) {
        notes.push(`Interrupted: a ${interrupted.type} started ${interrupted.started_at} by process ${interrupted.pid} on ${interrupted.host} did not finish; its files may be half written. ` +
            'Writes to this plan are refused until it is finished or undone (the notification, or `agents plan recover`).');
    }
    return [`**${escapeMarkdown(plan.title)}**`, table(rows), ...notes.map(escapeMarkdown)].join('\n\n');
}
/** What kind of checkpoint it is, in words: a prompt, before / after a tool call, a rollback's safety checkpoint. */
function checkpointKind(checkpoint) {
    if ((0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint))
        return 'Safety checkpoint: the files just before a rollback (Undo Rollback restores it)';
    if ((0, hookCheckpoints_1.isPromptCheckpoint)(checkpoint))
        return 'Prompt: the files before the agent worked on it';
    const agent = (0, hookCheckpoints_1.hookAgentOfCheckpoint)(checkpoint);
    if (checkpoint.checkpoint_type === 'pre_write')
        return agent === undefined ? 'Before a change' : `Before a tool call of ${agentName(agent)}`;
    if (checkpoint.checkpoint_type === 'post_step')
        return agent === undefined ? 'After a change' : `After a tool call of ${agentName(agent)}`;
    return 'Checkpoint';
}
/**
 * A checkpoint's hover: what it is, what ran or was written, when, how big, what it left out. No
 * hashes, refs or storage paths (the CLI's JSON has them); the short id, to type in the CLI.
 */
function checkpointTooltip(checkpoint, now, short) {
    const m = checkpoint.metadata;
    const size = `${(0, formatBytes_1.formatBytes)(checkpoint.size_bytes)}` + (m.file_count !== undefined ? `, ${(0, displayText_1.plural)(m.file_count, 'file')}` : '');
    const rows = [['Kind', escapeMarkdown(checkpointKind(checkpoint))]];
    if ((0, hookCheckpoints_1.isPromptCheckpoint)(checkpoint))
        rows.push(['Prompt', escapeMarkdown((0, hookCheckpoints_1.promptLineOf)(checkpoint))]);
    // The heading shows a reason's first line, cut: the whole of it (escaped, its breaks visible) when there is more.
    const reason = m.reason ?? '';
    if (!(0, hookCheckpoints_1.isPromptCheckpoint)(checkpoint) && (/[\r\n]/.test(reason) || [...reason.trim()].length > 80))
        rows.push(['Reason', escapeMarkdown(reason)]);
    if (m.source_tool && !(0, safetyCheckpoints_1.isSafetyCheckpoint)(checkpoint))
        rows.push(['Tool', escapeMarkdown(m.source_tool)]);
    if (typeof m.extra.command === 'string' && m.extra.command !== '')
        rows.push(['Ran', code(m.extra.command)]);
    if (typeof m.extra.file_path === 'string' && m.extra.file_path !== '')
        rows.push(['File', code(m.extra.file_path)]);
    rows.push(['Taken', timestamp(checkpoint.created_at, now)], ['Size', size]);
    if (checkpoint.decision_id)
        rows.push(['Decision', 'aligned to a decision (its row is above)']);
    if (short)
        rows.push(['Id', `${code(short.of(checkpoint.checkpoint_id))} (for the \`agents\` command line)`]);
    const parts = [`**${escapeMarkdown((0, hookCheckpoints_1.isPromptCheckpoint)(checkpoint) ? `“${(0, hookCheckpoints_1.promptLineOf)(checkpoint)}”` : toolCallLabel(checkpoint))}**`, table(rows)];
    if (m.skipped.length > 0) {
        parts.push(`**Not captured** (${(0, displayText_1.formatCount)(m.skipped.length)}; a rollback leaves these alone)`, skippedList(m.skipped));
    }
    return parts.join('\n\n');
}
const SKIPPED_SHOWN = 20;
function skippedList(skipped) {
    const lines = skipped.slice(0, SKIPPED_SHOWN).map((s) => {
        return `- ${code(s.path)}: ${(0, checkpoint_1.skipReasonText)(s)}`;
    });
    if (skipped.length > SKIPPED_SHOWN)
        lines.push(`- and ${skipped.length - SKIPPED_SHOWN} more`);
    return lines.join('\n');
}
/** A two-column table; its first row is the header (an empty header would show as a blank row). */
function table(rows) {
    const line = ([k, v]) => `| ${k.replace(/ /g, '\u00a0')} | ${v} |`;
    return [line(rows[0]), '|:--|:--|', ...rows.slice(1).map(line)].join('\n');
}
function timestamp(iso, now) {
    return `${escapeMarkdown(iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))} (${(0, exports.formatRelativeTime)(iso, now)})`;
}
/** Inline code for ids and paths; text that holds backticks or pipes is escaped instead. */
function code(value) {
    const visible = (0, displayText_1.escapeUnsafe)(value);
    return /[`|\\]/.test(visible) ? escapeMarkdown(value) : `\`${visible}\``;
}
/**
 * Makes text from the database inert in Markdown (also inside a table cell): controls, bidi
 * controls and line breaks become visible escapes first, then Markdown's own characters are escaped.
 */
function escapeMarkdown(value) {
    return (0, displayText_1.escapeUnsafe)(value).replace(/[\\`*_{}[\]()#+\-.!|<>~&$]/g, (c) => `\\${c}`);
}
/** How long ago (one function for every surface: see core/displayText). */
exports.formatRelativeTime = displayText_1.relativeTime;
//# sourceMappingURL=treePresentation.js.map