"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.chooseToolFolder = chooseToolFolder;
const errors_1 = require("../../core/errors");
/**
 * The folder the tool names (a workspace folder's name, path or URI; another is refused), else
 * the folder of the active editor's file, else the first: as the commands choose theirs.
 */
function chooseToolFolder(folders, given, activeFolderUri) {
    if (folders.length === 0)
        throw new errors_1.BusinessRuleViolation('Checkpoints need a folder: open a folder first');
    if (given !== undefined) {
        const named = folders.find((f) => f.uri.toString() === given || f.uri.fsPath === given || f.name === given);
        if (!named)
            throw new errors_1.ValidationError(`"${given}" is not a workspace folder (the window has ${folders.map((f) => `“${f.name}”`).join(', ')})`);
        return named;
    }
    return folders.find((f) => f.uri.toString() === activeFolderUri) ?? folders[0];
}
//# sourceMappingURL=toolFolder.js.map