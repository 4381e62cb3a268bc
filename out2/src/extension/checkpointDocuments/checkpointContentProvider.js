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
exports.CheckpointContentProvider = exports.CHECKPOINT_SCHEME = void 0;
exports.checkpointFileUri = checkpointFileUri;
exports.registerCheckpointContentProvider = registerCheckpointContentProvider;
const vscode = __importStar(require("vscode"));
const errors_1 = require("../../core/errors");
const checkpointUris_1 = require("./checkpointUris");
Object.defineProperty(exports, "CHECKPOINT_SCHEME", { enumerable: true, get: function () { return checkpointUris_1.CHECKPOINT_SCHEME; } });
/** The URI of a file as a checkpoint holds it (checkpointId null: the empty document). */
function checkpointFileUri(loc) {
    const { path, query } = (0, checkpointUris_1.formatCheckpointLocation)(loc);
    return vscode.Uri.from({ scheme: checkpointUris_1.CHECKPOINT_SCHEME, path, query });
}
/**
 * Serves files of checkpoints as read-only documents, for the diff editors of the rollback panel.
 * Checkpoints never change, so neither do these documents.
 */
class CheckpointContentProvider {
    folders;
    constructor(folders) {
        this.folders = folders;
    }
    async provideTextDocumentContent(uri) {
        const loc = (0, checkpointUris_1.parseCheckpointLocation)(uri.path, uri.query);
        const folder = this.folders.folders().find((f) => f.uri.toString() === loc.folder);
        if (!folder)
            throw new errors_1.ValidationError(`checkpoint document URI: ${loc.folder} is not a folder of this workspace`);
        if (loc.checkpointId === null)
            return '';
        // Reading a checkpoint runs git: not in Restricted Mode.
        if (!vscode.workspace.isTrusted)
            throw new Error('Checkpoint contents are not shown in Restricted Mode: trust the workspace first.');
        const { services } = await this.folders.findPlan(loc.planId, folder);
        const bytes = loc.snapshot
            ? await services.checkpoints.readFileAtSnapshot(loc.planId, loc.snapshot, loc.path)
            : await services.checkpoints.readFileAt(loc.planId, loc.checkpointId, loc.path);
        return bytes === undefined ? '' : (0, checkpointUris_1.checkpointFileText)(bytes);
    }
}
exports.CheckpointContentProvider = CheckpointContentProvider;
function registerCheckpointContentProvider(folders) {
    return vscode.workspace.registerTextDocumentContentProvider(checkpointUris_1.CHECKPOINT_SCHEME, new CheckpointContentProvider(folders));
}
//# sourceMappingURL=checkpointContentProvider.js.map