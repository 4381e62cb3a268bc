"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.resolveSandbox = resolveSandbox;
exports.exclusiveOnSandboxes = exclusiveOnSandboxes;
exports.confirmSandboxes = confirmSandboxes;
const errors_1 = require("./errors");
/**
 * Resolves a sandbox, refusing a path or symlink that leads out of the workspace; with `missing`,
 * refused with that error when no real folder is there.
 */
async function resolveSandbox(workspace, key, relativePath, missing) {
    const dir = await workspace.resolveSandbox(relativePath);
    const identity = await workspace.folderIdentity(dir);
    if (identity === undefined && missing)
        throw missing();
    return { key, dir, relativePath, identity };
}
/**
 * Runs `work` under the store's lock once the sandboxes resolved before the wait are resolved
 * again and found to be the very same folders. While an operation waits (another plan's long
 * checkpoint holds the lock), its folder, or one on its way, may be replaced by a symlink to
 * elsewhere: writing to the path resolved before the wait would then write there.
 */
function exclusiveOnSandboxes(deps, key, sandboxes, work) {
    return deps.snapshotter.exclusive(key, async () => {
        await confirmSandboxes(deps.workspace, sandboxes);
        return work();
    });
}
/** Refuses (nothing written yet) when a sandbox no longer resolves to the folder it resolved to before. */
async function confirmSandboxes(workspace, sandboxes) {
    for (const before of sandboxes) {
        let now;
        try {
            const dir = await workspace.resolveSandbox(before.relativePath);
            const identity = await workspace.folderIdentity(dir);
            if (dir === before.dir && identity === before.identity)
                continue;
            now = identity === undefined ? `${dir}, where no real folder is` : dir === before.dir ? `another folder at ${dir}` : dir;
        }
        catch (error) {
            now = `a folder that cannot be used (${error instanceof Error ? error.message : String(error)})`;
        }
        throw new errors_1.BusinessRuleViolation(`The sandbox folder changed while waiting for the store lock: "${before.relativePath}" was ${before.dir}, now ${now}. Nothing was changed.`);
    }
}
//# sourceMappingURL=lockedSandbox.js.map