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
exports.settleUnsavedEditors = settleUnsavedEditors;
exports.refuseUnsavedEditors = refuseUnsavedEditors;
const vscode = __importStar(require("vscode"));
const errors_1 = require("../../core/errors");
const diffEditors_1 = require("./panel/diffEditors");
const rollbackText_1 = require("./rollbackText");
const SAVE = 'Save and Continue';
const DISCARD = 'Discard and Continue';
/**
 * Editors with unsaved changes on paths the rollback is about to change: saved or reverted when
 * the user says so, a refusal when nobody can be asked. False: stop, nothing was touched.
 */
async function settleUnsavedEditors(dialogs, t, changes, interactive) {
    const { dirty, paths, byUri } = unsavedEditorsOn(t, changes);
    if (dirty.length === 0)
        return true;
    if (!interactive)
        throw new errors_1.BusinessRuleViolation((0, rollbackText_1.unsavedEditorsError)(paths));
    const q = (0, rollbackText_1.unsavedEditorsQuestion)(paths);
    const choice = await dialogs.confirm(q.message, q.detail, [SAVE, DISCARD]);
    if (choice === SAVE) {
        for (const doc of dirty) {
            if (!(await doc.save()))
                throw new errors_1.BusinessRuleViolation(`Rollback blocked: ${byUri.get(doc.uri.toString())} could not be saved`);
        }
        return true;
    }
    if (choice === DISCARD) {
        for (const doc of dirty) {
            // "Revert File" acts on the active editor.
            await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: false });
            await vscode.commands.executeCommand('workbench.action.files.revert');
            if (doc.isDirty)
                throw new errors_1.BusinessRuleViolation(`Rollback blocked: the unsaved changes of ${byUri.get(doc.uri.toString())} could not be discarded`);
        }
        return true;
    }
    return false;
}
/**
 * For a door where nobody is asked (the API, language model tools): refused while an editor holds
 * unsaved changes to a path that `action` would write, so that those edits are never silently
 * overwritten on disk.
 */
function refuseUnsavedEditors(t, changes, action) {
    const { paths } = unsavedEditorsOn(t, changes);
    if (paths.length > 0)
        throw new errors_1.BusinessRuleViolation((0, rollbackText_1.unsavedEditorsError)(paths, action));
}
/** The editors with unsaved changes on the changed paths, and those paths. */
function unsavedEditorsOn(t, changes) {
    const byUri = new Map(changes.map((c) => [(0, diffEditors_1.sandboxFileUri)(t.folder, t.plan.sandbox_path, c.path).toString(), c.path]));
    const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && byUri.has(d.uri.toString()));
    return { dirty, byUri, paths: dirty.map((d) => byUri.get(d.uri.toString()) ?? d.uri.fsPath) };
}
//# sourceMappingURL=unsavedEditors.js.map