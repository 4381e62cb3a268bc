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
exports.moveDatabaseAside = moveDatabaseAside;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const errors_1 = require("../../core/errors");
const realDataPath_1 = require("./realDataPath");
/**
 * Moves an unreadable database out of the way so that a new, empty one is made on next use:
 * renamed beside itself with the time in its name (`cleveragents.db.unreadable-20261201T180000Z`),
 * never deleted, never written over. Refused when the file, or a folder on the way to it, is a
 * symbolic link (`.cleveragents/` comes with whatever the user clones: a rename through a link
 * would act outside the workspace), and when it is not a regular file. Returns the new path.
 */
async function moveDatabaseAside(workspaceRoot, databasePath, now) {
    await (0, realDataPath_1.assertRealDataPath)(workspaceRoot, databasePath);
    let info;
    try {
        info = await node_fs_1.promises.lstat(databasePath);
    }
    catch (error) {
        if (error.code === 'ENOENT')
            throw new errors_1.ValidationError(`there is no database at ${databasePath} to move aside`);
        throw error;
    }
    if (info.isSymbolicLink())
        throw new errors_1.StoreRefusedError(`Refused: ${databasePath} is a symbolic link; it was not moved.`);
    if (!info.isFile())
        throw new errors_1.StoreRefusedError(`Refused: ${databasePath} is not a regular file; it was not moved.`);
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    for (let n = 1; n < 100; n++) {
        const target = `${databasePath}.unreadable-${stamp}${n === 1 ? '' : `-${n}`}`;
        try {
            // A hard link then an unlink: unlike rename, a link never replaces a file already there.
            await node_fs_1.promises.link(databasePath, target);
        }
        catch (error) {
            const code = error.code;
            if (code === 'EEXIST')
                continue;
            if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS')
                throw error;
            // A file system without hard links: a rename, after looking that nothing is there.
            if (await exists(target))
                continue;
            await node_fs_1.promises.rename(databasePath, target);
            return target;
        }
        await node_fs_1.promises.unlink(databasePath);
        return target;
    }
    throw new errors_1.StoreRefusedError(`Refused: too many files named ${path.basename(databasePath)}.unreadable-${stamp}* already; move some away first.`);
}
async function exists(file) {
    try {
        await node_fs_1.promises.lstat(file);
        return true;
    }
    catch {
        return false;
    }
}
//# sourceMappingURL=moveAside.js.map