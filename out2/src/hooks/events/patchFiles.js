"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.firstPatchedFile = firstPatchedFile;
/**
 * The first file a patch in the `*** Begin Patch` format names (`*** Add File: a.txt`,
 * `*** Update File: …`, `*** Delete File: …`): the format both Codex's and OpenCode's `apply_patch`
 * tools take (Codex puts the patch in `tool_input.command`, OpenCode in `args.patchText`). Only the
 * first is recorded, like the single `file_path` of other agents' edits. Undefined when none.
 */
function firstPatchedFile(patch) {
    if (typeof patch !== 'string' || patch.length > 8 * 1024 * 1024)
        return undefined;
    const match = /^\*\*\* (?:Add|Update|Delete) File: (.+?)\s*$/m.exec(patch);
    const file = match?.[1];
    return file !== undefined && file.length > 0 && file.length <= 4096 && !file.includes('\0') ? file : undefined;
}
//# sourceMappingURL=patchFiles.js.map