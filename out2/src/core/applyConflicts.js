"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.applyConflicts = applyConflicts;
/**
 * The workspace's changes (since an isolated plan's base) that applying the sandbox's changes
 * would overwrite or delete: a path both changed differently, a path inside a folder the sandbox
 * replaces or removes, or a path above one (a file the sandbox needs as a folder). A path both
 * changed the same way is no conflict, so an apply that was interrupted can simply be run again.
 * Sorted.
 */
function applyConflicts(sandbox, workspace) {
    const byPath = new Map(workspace.map((c) => [c.path, c]));
    // Every folder above a path the workspace changed, with those paths.
    const below = new Map();
    for (const { path } of workspace) {
        const parts = path.split('/');
        for (let i = 1; i < parts.length; i++) {
            const folder = parts.slice(0, i).join('/');
            below.set(folder, [...(below.get(folder) ?? []), path]);
        }
    }
    const conflicts = new Set();
    for (const change of sandbox) {
        const same = byPath.get(change.path);
        if (same && same.contentAfter !== change.contentAfter)
            conflicts.add(change.path);
        for (const inside of below.get(change.path) ?? [])
            conflicts.add(inside);
        const parts = change.path.split('/');
        for (let i = 1; i < parts.length; i++) {
            const above = parts.slice(0, i).join('/');
            if (byPath.has(above))
                conflicts.add(above);
        }
    }
    return [...conflicts].sort();
}
//# sourceMappingURL=applyConflicts.js.map