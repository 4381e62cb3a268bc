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
exports.settleRestore = settleRestore;
exports.removeFiles = removeFiles;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const diskEntry_1 = require("./diskEntry");
const sandboxPaths_1 = require("./sandboxPaths");
const stagedWrite_1 = require("./stagedWrite");
/**
 * Brings the paths of a restore (`diff`, from its `before` side to its `after` side) to one side,
 * after the restore failed or was killed half-way and its files hold a mix of both: `before` puts
 * it back, `after` finishes it. A path is written (its goal side, from the store)
 * or removed only when it holds the other side's content, is missing, or is an empty folder where
 * a file belongs. A path holding anything else (someone wrote it meanwhile), or sitting behind a
 * symlinked folder, is left as it is and returned. Nothing is written or deleted through a symlink:
 * the folders on a path's way are looked at again right before it is renamed or deleted.
 */
async function settleRestore(root, git, diff, goal, 
/** Where the contents to write are staged first (beside the store), so that none is left half written. */
stagingParent, 
/**
 * After a kill (not a failure) a path may hold a file half written by the restore itself: with
 * this folder (`rel` under `base`, made without following a symlink), such content is moved
 * there (so nothing is lost) and the path is settled too.
 */
keepUnknownIn) {
    const idLength = diff.map((c) => c.oldOid ?? c.newOid).find((oid) => oid !== undefined)?.length ?? 40;
    const sides = diff.map((c) => ({ path: c.path, goal: goal === 'before' ? c.oldId : c.newId, other: goal === 'before' ? c.newId : c.oldId }));
    const left = [];
    const kept = [];
    /** Moves what a path holds out of the way, into `keepUnknownIn`; false when it cannot be. */
    const keep = async (rel, kind) => {
        if (keepUnknownIn === undefined || (kind !== 'file' && kind !== 'directory'))
            return false;
        const folder = await (0, sandboxPaths_1.makeRealFolders)(keepUnknownIn.base, path.posix.join(keepUnknownIn.rel, path.posix.dirname(rel)));
        if (!(0, sandboxPaths_1.reachable)(root, rel))
            return false;
        await node_fs_1.promises.rename(path.join(root, rel), path.join(folder, path.posix.basename(rel)));
        kept.push(rel);
        return true;
    };
    // First the paths the goal does not have, so that folders made for them are empty again.
    const removed = [];
    for (const change of sides.filter((c) => c.goal === undefined)) {
        const now = await (0, diskEntry_1.diskEntry)(root, change.path, idLength);
        if (now.kind === 'absent')
            continue;
        if (now.kind === 'file' && now.id === change.other && (0, sandboxPaths_1.reachable)(root, change.path)) {
            await node_fs_1.promises.unlink(path.join(root, change.path));
            removed.push(change.path);
        }
        else if (await keep(change.path, now.kind))
            removed.push(change.path);
        else
            left.push(change.path);
    }
    for (const folder of [...new Set(removed.flatMap(sandboxPaths_1.ancestorsOf))].sort((a, b) => b.length - a.length)) {
        if ((0, sandboxPaths_1.standingOf)(root, folder).kind === 'entry')
            await node_fs_1.promises.rmdir(path.join(root, folder)).catch(() => undefined);
    }
    const rewrite = [];
    for (const change of sides.filter((c) => c.goal !== undefined)) {
        let now = await (0, diskEntry_1.diskEntry)(root, change.path, idLength);
        if (now.kind === 'file' && now.id === change.goal)
            continue;
        if (now.kind === 'directory' && (0, sandboxPaths_1.reachable)(root, change.path) && (await node_fs_1.promises.rmdir(path.join(root, change.path)).then(() => true, () => false)))
            now = { kind: 'absent' };
        if (now.kind === 'absent' || (now.kind === 'file' && now.id === change.other) || (await keep(change.path, now.kind)))
            rewrite.push(change.path);
        else
            left.push(change.path);
    }
    if (rewrite.length > 0) {
        // Staged, then renamed into place: a full disk leaves each file whole, old or new.
        const goalOf = new Map(sides.map((c) => [c.path, c.goal]));
        const staged = await (0, stagedWrite_1.stageFiles)(git, rewrite.map((p) => ({ path: p, id: goalOf.get(p) })), stagingParent);
        try {
            await staged.moveIntoPlace(root);
        }
        finally {
            await staged.discard();
        }
        await (0, stagedWrite_1.refreshEntries)(git, rewrite);
    }
    return { left: left.sort(), kept: kept.sort() };
}
/**
 * Removes the files a restore takes away (a path behind a symlinked folder is left alone), then
 * the folders that left empty, deepest first.
 */
async function removeFiles(root, paths) {
    const removed = [];
    for (const rel of paths) {
        if ((0, sandboxPaths_1.standingOf)(root, rel).kind === 'parent')
            continue;
        await node_fs_1.promises.rm(path.join(root, rel), { force: true });
        removed.push(rel);
    }
    for (const folder of [...new Set(removed.flatMap(sandboxPaths_1.ancestorsOf))].sort((a, b) => b.length - a.length)) {
        if ((0, sandboxPaths_1.standingOf)(root, folder).kind === 'entry')
            await node_fs_1.promises.rmdir(path.join(root, folder)).catch(() => undefined);
    }
}
//# sourceMappingURL=restoreSettle.js.map