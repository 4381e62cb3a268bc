"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_RESTORE_PATHS = void 0;
exports.parseRestorePaths = parseRestorePaths;
exports.pathsMatcher = pathsMatcher;
const displayText_1 = require("./displayText");
const errors_1 = require("./errors");
const ids_1 = require("./ids");
/**
 * How many paths one restore asked for by a person or an agent may name. The paths a correction
 * works out itself (what the reverted decisions changed, then its undo) have no such limit.
 */
exports.MAX_RESTORE_PATHS = 1000;
/**
 * The paths a restore was asked for, checked and in canonical form (no `./`, no trailing `/`,
 * no duplicates). The root (`.`) is refused: that is a rollback.
 */
function parseRestorePaths(paths, max = exports.MAX_RESTORE_PATHS) {
    if (!Array.isArray(paths) || paths.length === 0)
        throw new errors_1.ValidationError('give at least one path to restore');
    if (paths.length > max)
        throw new errors_1.ValidationError(`at most ${(0, displayText_1.formatCount)(max)} paths can be restored at once, not ${(0, displayText_1.formatCount)(paths.length)}`);
    const canonical = new Set();
    for (const p of paths) {
        const rel = ids_1.RelativePathSchema.safeParse(p);
        if (!rel.success)
            throw new errors_1.ValidationError(`path ${JSON.stringify(p)} ${(0, errors_1.describeIssues)(rel.error.issues)}`);
        const clean = rel.data.split('/').filter((s) => s !== '' && s !== '.').join('/');
        if (clean === '')
            throw new errors_1.ValidationError(`path ${JSON.stringify(p)} is the whole sandbox: roll back to the checkpoint instead`);
        // A correction's paths come from the database: nothing under `.git` or `.cleveragents`, on any platform.
        const unsafe = (0, ids_1.unsafePathReason)(clean, { backslashSeparates: true, foldCase: true });
        if (unsafe !== undefined)
            throw new errors_1.ValidationError(`path ${JSON.stringify(p)} cannot be restored: ${unsafe}`);
        canonical.add(clean);
    }
    return [...canonical].sort();
}
/**
 * Whether a path is one of `prefixes` or inside one of them: a look-up per folder of the path, so
 * that tens of thousands of paths against tens of thousands of prefixes stay quick.
 */
function pathsMatcher(prefixes) {
    const set = new Set(prefixes);
    return (path) => {
        if (set.size === 0)
            return false;
        for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
            if (set.has(end === path.length ? path : path.slice(0, end)))
                return true;
        }
        return false;
    };
}
//# sourceMappingURL=restorePaths.js.map