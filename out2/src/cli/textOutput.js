"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatAge = void 0;
exports.formatTime = formatTime;
exports.table = table;
exports.changeLines = changeLines;
exports.renderPlanCreated = renderPlanCreated;
exports.renderPlanList = renderPlanList;
exports.renderPlan = renderPlan;
exports.renderStateChanged = renderStateChanged;
exports.renderDeletePreview = renderDeletePreview;
exports.renderPlanDeleted = renderPlanDeleted;
exports.renderCheckpointCreated = renderCheckpointCreated;
exports.renderCheckpointList = renderCheckpointList;
exports.renderDiff = renderDiff;
exports.renderRollbackPreview = renderRollbackPreview;
exports.renderUndoneWork = renderUndoneWork;
exports.renderAgentOnlyPreview = renderAgentOnlyPreview;
exports.renderRollback = renderRollback;
exports.renderApplyPreview = renderApplyPreview;
exports.renderApplied = renderApplied;
exports.renderCleanupPreview = renderCleanupPreview;
exports.renderCleanedUp = renderCleanedUp;
exports.renderPolicy = renderPolicy;
const agentOnlyRollback_1 = require("../core/agentOnlyRollback");
const checkpoint_1 = require("../core/checkpoint");
const planLifecycle_1 = require("../core/planLifecycle");
const rollbackResult_1 = require("../core/rollbackResult");
const displayText_1 = require("../core/displayText");
const undoneWork_1 = require("../core/undoneWork");
const formatBytes_1 = require("../core/formatBytes");
const agentOnlyScope_1 = require("../core/agentOnlyScope");
const authorshipText_1 = require("../core/authorshipText");
// `--format text`: what a person reads. Free of Node imports; every function returns the text and
// the caller decides where it goes. Stable enough to read, not a contract: scripts use JSON.
// Every value from the database, the sandbox or git goes through `v` (visible escapes): a name
// cannot start a line, move the cursor or talk to the terminal. The writer (terminalOutput.ts)
// escapes every line once more, so a value forgotten here still cannot reach the terminal raw.
/** Local time to the second: 2026-11-29 10:02:03. */
function formatTime(iso) {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime()))
        return iso;
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
/** How long ago: the same words as the extension's tree. */
exports.formatAge = displayText_1.relativeTime;
/** Left-aligned columns, two spaces apart, no trailing blanks. */
function table(headers, rows) {
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells) => cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd();
    return [line(headers), ...rows.map(line)].join('\n');
}
function describeSandbox(plan) {
    return plan.sandbox_kind === 'isolated' ? `${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} (isolated copy)` : `${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} (in place)`;
}
function describePolicy(policy) {
    return `keep at most ${policy.max_checkpoints} checkpoints, auto-prune ${policy.auto_prune ? 'on' : 'off'}`;
}
/** One line per path: "  modified  src/app.ts". */
function changeLines(changes, indent = '  ') {
    return changes.map((c) => `${indent}${c.change.padEnd(8)}  ${(0, displayText_1.escapeUnsafe)(c.path)}`).join('\n');
}
function changeCounts(changes) {
    const n = (0, rollbackResult_1.countChanges)(changes);
    return `${(0, displayText_1.formatCount)(n.added)} added, ${(0, displayText_1.formatCount)(n.modified)} modified, ${(0, displayText_1.formatCount)(n.deleted)} deleted`;
}
function renderPlanCreated(plan) {
    return [
        `Created plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}"`,
        `  state:     ${plan.state}`,
        `  sandbox:   ${describeSandbox(plan)}`,
        `  retention: ${describePolicy(plan.retention)}`,
    ].join('\n');
}
/** `id`: how an id is shown (its short form, from the CLI); the table is measured after. */
function renderPlanList(plans, id = (x) => x) {
    if (plans.length === 0)
        return 'No plans yet. Create one with: agents plan create --title TEXT';
    return table(['PLAN ID', 'STATE', 'SANDBOX', 'CREATED', 'TITLE'], plans.map((p) => [(0, displayText_1.escapeUnsafe)(id(p.plan_id)), p.state, p.sandbox_kind === 'isolated' ? '(isolated)' : (0, displayText_1.escapeUnsafe)(p.sandbox_path), formatTime(p.created_at), (0, displayText_1.escapeUnsafe)(p.title)]));
}
function renderPlan(plan, checkpoints, now, history = []) {
    const latest = checkpoints.at(-1);
    const total = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
    const next = (0, planLifecycle_1.allowedTransitions)(plan.state);
    return [
        `Plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}"`,
        `  state:       ${plan.state}`,
        `  sandbox:     ${describeSandbox(plan)}`,
        `  retention:   ${describePolicy(plan.retention)}`,
        `  created:     ${formatTime(plan.created_at)} (${(0, exports.formatAge)(plan.created_at, now)})`,
        `  updated:     ${formatTime(plan.updated_at)} (${(0, exports.formatAge)(plan.updated_at, now)})`,
        `  checkpoints: ${(0, displayText_1.formatCount)(checkpoints.length)}${checkpoints.length ? ` (${(0, formatBytes_1.formatBytes)(total)} of files captured)` : ''}`,
        ...(latest ? [`  latest:      ${(0, displayText_1.escapeUnsafe)(latest.checkpoint_id)} ${latest.checkpoint_type}, ${(0, exports.formatAge)(latest.created_at, now)}`] : []),
        `  next:        ${next.length ? next.join(', ') : 'none (final)'}`,
        ...(history.length ? ['  history:', ...history.map((h) => `    ${formatTime(h.changed_at)}  ${h.from_state === null ? 'created' : h.from_state} -> ${h.to_state}`)] : []),
    ].join('\n');
}
function renderStateChanged(plan, before) {
    return `Plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}" is now ${plan.state} (was ${before}).`;
}
function renderDeletePreview(plan, checkpoints, sandbox) {
    const bytes = checkpoints.reduce((sum, c) => sum + c.size_bytes, 0);
    const lines = [
        `Deleting plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}" (${plan.state}) removes:`,
        `  ${(0, displayText_1.plural)(checkpoints.length, 'checkpoint')}${checkpoints.length ? ` and their snapshots in the shadow store (${(0, formatBytes_1.formatBytes)(bytes)} of files captured)` : ''}`,
        '  its state history',
    ];
    if (sandbox?.exists)
        lines.push(`  its isolated sandbox ${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)}: ${(0, displayText_1.plural)(sandbox.files, 'file')}, ${(0, formatBytes_1.formatBytes)(sandbox.bytes)}`);
    else if (plan.sandbox_kind === 'in_place')
        lines.push(`The files of its sandbox ${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} stay as they are.`);
    lines.push('This cannot be undone.');
    return lines.join('\n');
}
function renderPlanDeleted(deleted) {
    const { plan } = deleted;
    return (`Deleted plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}" with ${(0, displayText_1.plural)(deleted.checkpointIds.length, 'checkpoint')}` +
        (deleted.removedSandbox === null ? '.' : ` and its sandbox ${(0, displayText_1.escapeUnsafe)(deleted.removedSandbox)}.`));
}
function renderCheckpointCreated(created) {
    const c = created.checkpoint;
    const files = c.metadata.file_count === undefined ? '' : `${(0, displayText_1.plural)(c.metadata.file_count, 'file')}, `;
    const lines = [`Checkpoint ${(0, displayText_1.escapeUnsafe)(c.checkpoint_id)} (${c.checkpoint_type}) of plan ${(0, displayText_1.escapeUnsafe)(c.plan_id)}: ${files}${(0, formatBytes_1.formatBytes)(c.size_bytes)}`];
    if (c.metadata.reason)
        lines.push(`  reason: ${(0, displayText_1.escapeUnsafe)(c.metadata.reason)}`);
    for (const s of c.metadata.skipped) {
        lines.push(`  not captured: ${(0, displayText_1.escapeUnsafe)(s.path)} (${(0, checkpoint_1.skipReasonText)(s)})`);
    }
    if (created.pruned.length > 0)
        lines.push(`  pruned by the retention policy: ${created.pruned.map(displayText_1.escapeUnsafe).join(', ')}`);
    return lines.join('\n');
}
function renderCheckpointList(planId, checkpoints, id = (x) => x) {
    if (checkpoints.length === 0)
        return `Plan ${(0, displayText_1.escapeUnsafe)(planId)} has no checkpoints yet. Take one with: agents plan checkpoint ${(0, displayText_1.escapeUnsafe)(planId)}`;
    return table(['CHECKPOINT ID', 'TYPE', 'CREATED', 'FILES', 'SIZE', 'REASON'], checkpoints.map((c) => [
        (0, displayText_1.escapeUnsafe)(id(c.checkpoint_id)),
        c.checkpoint_type,
        formatTime(c.created_at),
        c.metadata.file_count === undefined ? '' : String(c.metadata.file_count),
        (0, formatBytes_1.formatBytes)(c.size_bytes),
        (0, displayText_1.escapeUnsafe)(c.metadata.reason ?? ''),
    ]));
}
function renderDiff(changes, from, to) {
    const target = to === undefined ? 'the sandbox now' : `checkpoint ${(0, displayText_1.escapeUnsafe)(to)}`;
    if (changes.length === 0)
        return `No differences between checkpoint ${(0, displayText_1.escapeUnsafe)(from)} and ${target}.`;
    return [`${(0, displayText_1.plural)(changes.length, 'path')} differ from checkpoint ${(0, displayText_1.escapeUnsafe)(from)} to ${target} (${changeCounts(changes)}):`, changeLines(changes)].join('\n');
}
/**
 * What a confirmation shows about the paths: the list, one escaped path a line, then the counts on
 * their own line after it. The counts are computed here, never taken from a name, and stand apart
 * from the list, right above the question, where a forged line could not pass for them.
 */
function confirmationPaths(changes) {
    return [changeLines(changes), `In all: ${(0, displayText_1.plural)(changes.length, 'path')} (${changeCounts(changes)}).`];
}
function renderRollbackPreview(planId, checkpointId, changes, undone = [], all = false) {
    const head = changes.length === 0
        ? [`Rolling back plan ${(0, displayText_1.escapeUnsafe)(planId)} to checkpoint ${(0, displayText_1.escapeUnsafe)(checkpointId)} changes no file: the sandbox already matches it.`]
        : [`Rolling back plan ${(0, displayText_1.escapeUnsafe)(planId)} to checkpoint ${(0, displayText_1.escapeUnsafe)(checkpointId)} changes these paths of the sandbox:`, ...boundedChangeLines(changes, all), `In all: ${(0, displayText_1.plural)(changes.length, 'path')} (${changeCounts(changes)}).`];
    return [...head, ...renderUndoneWork(undone, all), 'A safety checkpoint of the current files is taken first, so the rollback can be undone.'].join('\n');
}
/** The first ten changes and a count of the rest (`all`: every one): 20,000 lines scroll past what matters. */
function boundedChangeLines(changes, all, indent = '  ') {
    const { shown, more } = (0, authorshipText_1.firstOf)(changes, all);
    return [...(shown.length ? [changeLines(shown, indent)] : []), ...(more ? [`${indent}${(0, authorshipText_1.moreText)(more, ' (--all lists them)')}`] : [])];
}
/** Whose later work a rollback or correction also undoes: a heading and a line per owner (its first ten paths); nothing when none. */
function renderUndoneWork(undone, all = false) {
    return undone.length === 0 ? [] : [(0, undoneWork_1.undoneWorkHeading)(undone), ...(0, undoneWork_1.undoneWorkLines)(undone, displayText_1.escapeUnsafe, all).map((l) => `  ${l}`)];
}
/** The agent-only parts of a preview or a result: what is kept and why, what is merged, what conflicts, which tool calls had no post_step. */
function agentOnlyLines(summary, all) {
    const lines = [];
    const listed = (items, line) => {
        const { shown, more } = (0, authorshipText_1.firstOf)(items, all);
        return [...shown.map(line), ...(more ? [`  ${(0, authorshipText_1.moreText)(more, ' (--all lists them)')}`] : [])];
    };
    if (summary.merged.length > 0) {
        lines.push(`Merged (written, with others' changes in them kept; only the agent's are taken out): ${(0, displayText_1.plural)(summary.merged.length, 'path')}`);
        lines.push(...listed(summary.merged, (p) => `  merged    ${(0, displayText_1.escapeUnsafe)(p)}`));
    }
    if (summary.kept_reasons.length > 0) {
        lines.push(`Kept (not this agent's): ${(0, authorshipText_1.keptHeading)(summary.kept_reasons)}`);
        lines.push(...listed(summary.kept_reasons, (k) => `  kept      ${(0, displayText_1.escapeUnsafe)(k.path)} (${authorshipText_1.KEPT_REASON_LABELS[k.reason]}${k.plan_id && k.reason === 'other_session' ? `: plan ${(0, displayText_1.escapeUnsafe)(k.plan_id)}` : ''})`));
    }
    if (summary.conflicts.length > 0) {
        lines.push(`Conflicts: ${(0, displayText_1.plural)(summary.conflicts.length, 'path')} changed both by the agent and by someone else; nothing is written while there are any:`);
        lines.push(...listed(summary.conflicts, (c) => `  conflict  ${(0, displayText_1.escapeUnsafe)(c.path)}: ${agentOnlyRollback_1.CONFLICT_REASONS[c.reason]}`));
        lines.push('Roll back fully (without --agent-only), restore chosen paths (agents decision restore-paths), or narrow it with --scope, instead.');
    }
    for (const u of summary.unclosed) {
        lines.push(`Tool call at pre_write ${(0, displayText_1.escapeUnsafe)(u.pre_write_checkpoint_id)} has no post_step: whose its changes up to ${u.until_checkpoint_id === null ? 'the files as they are now' : `checkpoint ${(0, displayText_1.escapeUnsafe)(u.until_checkpoint_id)}`} are is unknown, so they are kept.`);
    }
    return lines;
}
function renderAgentOnlyPreview(planId, checkpointId, preview, all = false) {
    const { changes, summary } = preview;
    const calls = `${(0, displayText_1.plural)(summary.tool_calls, 'tool call')} of ${summary.scope === 'session' ? 'the agent' : agentOnlyScope_1.SCOPE_WORDS[summary.scope]}`;
    const head = summary.conflicts.length > 0
        ? [`Taking the agent's changes since checkpoint ${(0, displayText_1.escapeUnsafe)(checkpointId)} out of plan ${(0, displayText_1.escapeUnsafe)(planId)} (${calls}) is refused:`]
        : changes.length === 0
            ? [`Taking the agent's changes since checkpoint ${(0, displayText_1.escapeUnsafe)(checkpointId)} out of plan ${(0, displayText_1.escapeUnsafe)(planId)} (${calls}) changes no file.`]
            : [`Taking the agent's changes since checkpoint ${(0, displayText_1.escapeUnsafe)(checkpointId)} out of plan ${(0, displayText_1.escapeUnsafe)(planId)} (${calls}) changes these paths:`, ...boundedChangeLines(changes, all), `In all: ${(0, displayText_1.plural)(changes.length, 'path')} (${changeCounts(changes)}).`];
    return [...head, ...agentOnlyLines(summary, all), ...(summary.conflicts.length > 0 ? [] : ['A safety checkpoint of the current files is taken first, so the rollback can be undone.'])].join('\n');
}
function renderRollback(outcome, all = false) {
    const { result } = outcome;
    if (outcome.agent_only) {
        const { shown, more } = (0, authorshipText_1.firstOf)(result.changed_paths, all);
        return [
            `Took the agent's changes since checkpoint ${(0, displayText_1.escapeUnsafe)(result.from_checkpoint_id)} out of plan ${(0, displayText_1.escapeUnsafe)(outcome.plan_id)}: ${(0, displayText_1.plural)(result.restored_files_count, 'path')} reverted in ${outcome.elapsed_seconds.toFixed(2)} s.`,
            ...shown.map((c) => `  reverted  ${c.change.padEnd(8)}  ${(0, displayText_1.escapeUnsafe)(c.path)}`),
            ...(more ? [`  ${(0, authorshipText_1.moreText)(more, ' (--all lists them)')}`] : []),
            ...agentOnlyLines(outcome.agent_only, all),
            `Undo with: agents plan rollback ${(0, displayText_1.escapeUnsafe)(outcome.plan_id)} ${(0, displayText_1.escapeUnsafe)(outcome.undo_checkpoint_id)}`,
        ].join('\n');
    }
    return [
        `Rolled back plan ${(0, displayText_1.escapeUnsafe)(outcome.plan_id)} to checkpoint ${(0, displayText_1.escapeUnsafe)(result.from_checkpoint_id)}: ${(0, displayText_1.plural)(result.restored_files_count, 'path')} restored in ${outcome.elapsed_seconds.toFixed(2)} s.`,
        ...boundedChangeLines(result.changed_paths, all),
        `Undo with: agents plan rollback ${(0, displayText_1.escapeUnsafe)(outcome.plan_id)} ${(0, displayText_1.escapeUnsafe)(outcome.undo_checkpoint_id)}`,
    ].join('\n');
}
function renderApplyPreview(plan, changes) {
    const lines = plan.sandbox_kind === 'in_place'
        ? [`Plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} works in place: applying changes no file, it marks the plan applied.`]
        : changes.length === 0
            ? [`Applying plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} changes no file in the workspace: its sandbox made no change.`]
            : [`Applying plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} changes these paths in the workspace:`, ...confirmationPaths(changes)];
    lines.push('An applied plan is final: it can no longer be rolled back or checkpointed.');
    return lines.join('\n');
}
function renderApplied(plan, changes) {
    return [`Applied plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} "${(0, displayText_1.escapeUnsafe)(plan.title)}": ${(0, displayText_1.plural)(changes.length, 'path')} changed in the workspace.`, ...(changes.length ? [changeLines(changes)] : [])].join('\n');
}
function renderCleanupPreview(plan, contents, unapplied) {
    if (!contents.exists)
        return `The sandbox ${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} of plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)} is already gone; cleanup only records that.`;
    const lines = [`Cleanup deletes the isolated sandbox ${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} of plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)}: ${(0, displayText_1.plural)(contents.files, 'file')}, ${(0, formatBytes_1.formatBytes)(contents.bytes)}.`];
    if (unapplied.length > 0) {
        lines.push('These changes of the sandbox were never applied to the workspace and will be lost:', ...confirmationPaths(unapplied));
    }
    lines.push('The plan and its checkpoints stay, but rollback is refused from then on.');
    return lines.join('\n');
}
function renderCleanedUp(plan) {
    return `Removed the sandbox ${(0, displayText_1.escapeUnsafe)(plan.sandbox_path)} of plan ${(0, displayText_1.escapeUnsafe)(plan.plan_id)}.`;
}
function renderPolicy(planId, policy, changed) {
    return `${changed ? 'Retention policy of plan' : 'Plan'} ${(0, displayText_1.escapeUnsafe)(planId)}${changed ? ' is now:' : ':'} ${describePolicy(policy)}.`;
}
//# sourceMappingURL=textOutput.js.map