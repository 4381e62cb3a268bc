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
exports.openChangeDiff = openChangeDiff;
exports.openAllChanges = openAllChanges;
exports.sandboxFileUri = sandboxFileUri;
exports.diffTitle = diffTitle;
// How the changes of a panel result open in VS Code's diff editors ("Open Diff", "Open All"): which
// document goes on which side for each mode, and the tab titles. The documents inside checkpoints
// come from checkpointDocuments/; the current files are the sandbox's files on disk.
const vscode = __importStar(require("vscode"));
const checkpointContentProvider_1 = require("../../checkpointDocuments/checkpointContentProvider");
const shownText_1 = require("../../shownText");
const panelStates_1 = require("./panelStates");
/** Opens one changed file of a result in the diff editor (a preview tab). */
async function openChangeDiff(state, folder, change) {
    const { left, right } = diffSides(state, folder, change);
    const empty = () => emptySide(state, change.path);
    await vscode.commands.executeCommand('vscode.diff', left ?? empty(), right ?? empty(), diffTitle(state, change.path), {
        preview: true,
    });
}
/** Opens every changed file of a result in the multi-file diff editor. */
async function openAllChanges(state, folder) {
    const resources = state.changes.map((c) => {
        const { left, right } = diffSides(state, folder, c);
        return [sandboxFileUri(folder, state.plan.sandboxPath, c.path), left, right];
    });
    await vscode.commands.executeCommand('vscode.changes', changesTitle(state), resources);
}
function diffSides(state, folder, change) {
    const sides = (0, panelStates_1.sidesOf)(change.change);
    const at = (checkpointId) => (0, checkpointContentProvider_1.checkpointFileUri)({ folder: state.folder.uri, planId: state.plan.id, checkpointId, path: change.path });
    const current = sandboxFileUri(folder, state.plan.sandboxPath, change.path);
    let left;
    let right;
    switch (state.mode) {
        case 'rollback':
        case 'undo':
            left = at(state.rollback?.undoCheckpointId ?? state.from.id);
            right = at(state.from.id);
            break;
        case 'preview':
            left = current;
            // An agent-only rollback leaves the files as its merge made them, not as the checkpoint holds them.
            right = state.agentOnly?.target
                ? (0, checkpointContentProvider_1.checkpointFileUri)({ folder: state.folder.uri, planId: state.plan.id, checkpointId: state.from.id, path: change.path, snapshot: state.agentOnly.target })
                : at(state.from.id);
            break;
        case 'compareCurrent':
            // Before a correction that merges: what it would leave, not the checkpoint's files.
            left = state.afterSnapshot
                ? (0, checkpointContentProvider_1.checkpointFileUri)({ folder: state.folder.uri, planId: state.plan.id, checkpointId: state.from.id, path: change.path, snapshot: state.afterSnapshot })
                : at(state.from.id);
            right = current;
            break;
        case 'comparePrevious':
            left = at(state.from.id);
            right = at(state.to?.id ?? state.from.id);
            break;
    }
    return { left: sides.left ? left : undefined, right: sides.right ? right : undefined };
}
/** The empty document: the side of a diff where the file does not exist. */
function emptySide(state, path) {
    return (0, checkpointContentProvider_1.checkpointFileUri)({ folder: state.folder.uri, planId: state.plan.id, checkpointId: null, path });
}
/** A file of a plan's sandbox on disk. */
function sandboxFileUri(folder, sandboxPath, path) {
    const sandbox = sandboxPath === '.' ? [] : sandboxPath.split('/');
    return vscode.Uri.joinPath(folder.uri, ...sandbox, ...path.split('/'));
}
const shortLabel = (s) => (s.length > 32 ? `${s.slice(0, 31)}…` : s);
/** The diff editor's title: a tab title, so `shown`. */
function diffTitle(state, path) {
    return (0, shownText_1.shown)(rawDiffTitle(state, path));
}
function rawDiffTitle(state, path) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    switch (state.mode) {
        case 'rollback':
        case 'undo':
            return `${name} (before ↔ after ${state.mode === 'undo' ? 'undo' : 'rollback'})`;
        case 'preview':
            return `${name} (now ↔ after ${state.agentOnly ? 'taking the agent’s changes out' : 'rollback'})`;
        case 'compareCurrent':
            return `${name} (${state.afterSnapshot ? 'after the correction' : shortLabel(state.from.label)} ↔ now)`;
        case 'comparePrevious':
            return `${name} (${shortLabel(state.from.label)} ↔ ${shortLabel(state.to?.label ?? '')})`;
    }
}
function changesTitle(state) {
    return (0, shownText_1.shown)(rawChangesTitle(state));
}
function rawChangesTitle(state) {
    switch (state.mode) {
        case 'rollback':
            return `Rollback of ${state.plan.title} to ${shortLabel(state.from.label)}`;
        case 'undo':
            return `Undone rollback of ${state.plan.title}`;
        case 'preview':
            return `Rollback preview: ${state.plan.title} → ${shortLabel(state.from.label)}`;
        case 'compareCurrent':
            return `${shortLabel(state.from.label)} ↔ now (${state.plan.title})`;
        case 'comparePrevious':
            return `${shortLabel(state.from.label)} ↔ ${shortLabel(state.to?.label ?? '')} (${state.plan.title})`;
    }
}
//# sourceMappingURL=diffEditors.js.map