"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.askPlanTitle = askPlanTitle;
exports.askSandbox = askSandbox;
exports.askCheckpointReason = askCheckpointReason;
exports.askRetentionPolicy = askRetentionPolicy;
exports.pickPlan = pickPlan;
exports.pickCheckpoint = pickCheckpoint;
exports.checkpointsSameAsNow = checkpointsSameAsNow;
exports.confirmDelete = confirmDelete;
// The questions the commands ask: input boxes and quick picks. Each returns undefined when the
// user cancels (Escape), which ends the command quietly.
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const shownText_1 = require("../shownText");
const plan_1 = require("../../core/plan");
const retentionPolicy_1 = require("../../core/retentionPolicy");
const treePresentation_1 = require("../tree/treePresentation");
async function askPlanTitle() {
    const title = await (0, shownText_1.showInput)({
        title: 'Create Plan (1/2)',
        prompt: 'What is the plan about?',
        placeHolder: 'e.g. Replace the hand-written parser',
        ignoreFocusOut: true,
        validateInput: (value) => {
            const parsed = plan_1.PlanSchema.shape.title.safeParse(value);
            return parsed.success ? undefined : `The title ${parsed.error.issues[0].message}.`;
        },
    });
    return title?.trim();
}
/** Folders a plan rarely works in, left out of the quick pick (they can still be browsed to). */
const NOT_SANDBOXES = new Set(['.git', '.cleveragents', 'node_modules', '.vscode-test']);
const MAX_LISTED_FOLDERS = 30;
async function askSandbox(folder) {
    const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(folder.uri)).catch(() => []);
    const subfolders = entries
        .filter(([name, type]) => (type & vscode.FileType.Directory) !== 0 && !NOT_SANDBOXES.has(name))
        .map(([name]) => name)
        .sort((a, b) => a.localeCompare(b))
        .slice(0, MAX_LISTED_FOLDERS);
    const items = [
        {
            label: '$(root-folder) Whole workspace folder',
            description: folder.name,
            detail: 'Works in place; checkpoints capture every file that .gitignore does not exclude.',
            choice: { sandbox: '.' },
        },
        {
            label: '$(copy) Isolated copy',
            detail: 'Works in a private copy under .cleveragents/sandboxes/; the workspace changes only when the plan is applied.',
            choice: { isolated: true },
        },
        { label: 'In place, in one folder', kind: vscode.QuickPickItemKind.Separator },
        ...subfolders.map((name) => ({ label: `$(folder) ${name}`, description: `${name}/`, choice: { sandbox: name } })),
        { label: '$(folder-opened) Other folder…', detail: 'Choose any folder inside the workspace folder.', choice: 'browse' },
    ];
    const picked = await (0, shownText_1.showPick)(items, {
        title: 'Create Plan (2/2)',
        placeHolder: 'Where does the plan work? Its checkpoints capture this folder.',
        ignoreFocusOut: true,
        matchOnDescription: true,
    });
    if (!picked?.choice)
        return undefined;
    if (picked.choice !== 'browse')
        return picked.choice;
    const chosen = await vscode.window.showOpenDialog({
        title: 'Sandbox folder of the plan',
        defaultUri: folder.uri,
        canSelectFiles: false,
        canSelectFolders: true,
        canSelectMany: false,
        openLabel: 'Use as Sandbox',
    });
    if (!chosen?.[0])
        return undefined;
    // Only made relative here; the plan service decides whether it stays inside the folder.
    const relative = path.relative(folder.uri.fsPath, chosen[0].fsPath).split(path.sep).join('/');
    return { sandbox: relative === '' ? '.' : relative };
}
async function askCheckpointReason(plan) {
    const reason = await (0, shownText_1.showInput)({
        title: `Create Manual Checkpoint: ${plan.title}`,
        prompt: 'Why this checkpoint? (optional; it becomes the label in the tree)',
        placeHolder: 'e.g. Before trying another approach',
        ignoreFocusOut: true,
        validateInput: (value) => (value.length > 1000 ? 'At most 1000 characters.' : undefined),
    });
    return reason?.trim();
}
async function askRetentionPolicy(plan) {
    const current = plan.retention;
    const max = await (0, shownText_1.showInput)({
        title: `Set Retention Policy: ${plan.title} (1/2)`,
        prompt: `How many checkpoints may the plan keep? ${retentionPolicy_1.MIN_MAX_CHECKPOINTS}–${retentionPolicy_1.MAX_MAX_CHECKPOINTS} (default ${retentionPolicy_1.DEFAULT_RETENTION_POLICY.max_checkpoints})`,
        value: String(current.max_checkpoints),
        ignoreFocusOut: true,
        validateInput: (value) => {
            const n = Number(value.trim());
            return /^\d+$/.test(value.trim()) && n >= retentionPolicy_1.MIN_MAX_CHECKPOINTS && n <= retentionPolicy_1.MAX_MAX_CHECKPOINTS
                ? undefined
                : `Enter a whole number from ${retentionPolicy_1.MIN_MAX_CHECKPOINTS} to ${retentionPolicy_1.MAX_MAX_CHECKPOINTS}.`;
        },
    });
    if (max === undefined)
        return undefined;
    const mark = (on) => (current.auto_prune === on ? ' (current)' : '');
    const picked = await (0, shownText_1.showPick)([
        { label: `$(trash) Prune automatically${mark(true)}`, detail: 'When a new checkpoint exceeds the limit, the oldest ones in between go; the first and the newest always stay.', autoPrune: true },
        { label: `$(lock) Keep every checkpoint${mark(false)}`, detail: 'The limit is not enforced; delete checkpoints by hand.', autoPrune: false },
    ], { title: `Set Retention Policy: ${plan.title} (2/2)`, placeHolder: 'What happens when the plan has more checkpoints than that?', ignoreFocusOut: true });
    if (!picked)
        return undefined;
    return { max_checkpoints: Number(max.trim()), auto_prune: picked.autoPrune };
}
async function pickPlan(choices, placeHolder) {
    const picked = await (0, shownText_1.showPick)(choices.map((c) => ({ label: `$(${(0, treePresentation_1.planIcon)(c.plan).id}) ${c.plan.title}`, description: (0, treePresentation_1.planDescription)(c.plan), detail: c.folderName, value: c.value })), { placeHolder, matchOnDescription: true, ignoreFocusOut: true });
    return picked?.value;
}
/**
 * Asks for a checkpoint by its label and time (newest first, no ids). Those holding exactly the
 * files as they are now (`sameAsNow`) are marked so and come last, under a separator: the item a
 * picker selects first is never one that would change nothing.
 */
async function pickCheckpoint(checkpointsOldestFirst, placeHolder, sameAsNow = new Set()) {
    const now = new Date();
    const item = (c, same) => ({
        label: `$(${(0, treePresentation_1.checkpointIcon)(c).id}) ${(0, treePresentation_1.checkpointLabel)(c)}`,
        description: `${same ? 'same as now · ' : ''}${(0, treePresentation_1.checkpointDescription)(c, now)}`,
        detail: `${CHECKPOINT_TYPE_NAMES[c.checkpoint_type]}, taken ${c.created_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}`,
        checkpoint: c,
    });
    const newestFirst = [...checkpointsOldestFirst].reverse();
    const differ = newestFirst.filter((c) => !sameAsNow.has(c.checkpoint_id));
    const same = newestFirst.filter((c) => sameAsNow.has(c.checkpoint_id));
    const items = [
        ...differ.map((c) => item(c, false)),
        ...(same.length > 0 ? [{ label: 'Same as the files now', kind: vscode.QuickPickItemKind.Separator }, ...same.map((c) => item(c, true))] : []),
    ];
    const picked = await (0, shownText_1.showPick)(items, { placeHolder, matchOnDescription: true, matchOnDetail: true, ignoreFocusOut: true });
    return picked?.checkpoint;
}
const CHECKPOINT_TYPE_NAMES = { manual: 'manual', pre_write: 'before a write', post_step: 'after a step' };
/**
 * The plan's checkpoints that hold exactly the files as they are now: when the newest does (one
 * comparison), every checkpoint with the same snapshot. Empty when that cannot be told.
 */
async function checkpointsSameAsNow(checkpoints, planId, oldestFirst) {
    const newest = oldestFirst.at(-1);
    if (!newest)
        return new Set();
    const changes = await checkpoints.diff(planId, newest.checkpoint_id).catch(() => undefined);
    if (!changes || changes.length > 0)
        return new Set();
    return new Set(oldestFirst.filter((c) => c.sandbox_ref === newest.sandbox_ref).map((c) => c.checkpoint_id));
}
async function confirmDelete(checkpoint, plan) {
    const choice = await (0, shownText_1.showModal)(`Delete the checkpoint “${(0, treePresentation_1.checkpointLabel)(checkpoint)}”?`, [
        `It belongs to the plan “${plan.title}” and was made ${(0, treePresentation_1.checkpointDescription)(checkpoint, new Date()).split(' · ')[0]}. ` +
            'Its snapshot is dropped from the shadow store; this cannot be undone.',
    ], ['Delete']);
    return choice === 'Delete';
}
//# sourceMappingURL=prompts.js.map