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
exports.clearStaleIndexLock = clearStaleIndexLock;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const STALE_AFTER_MS = 60_000;
/**
 * Before we run git on a sandbox's index: an `index.lock` there was left by a command that was
 * killed (we hold the store's lock, so no live command of ours is using it). Killing our process
 * does not kill the git it was running, which may still be finishing: wait for that git to exit,
 * then take away a lock that git itself left when it was killed. Where processes cannot be looked
 * at (no /proc), a lock is taken away once it has not changed for a minute.
 */
async function clearStaleIndexLock(keyDir, report) {
    const lock = path.join(keyDir, 'index.lock');
    const started = Date.now();
    for (;;) {
        const stat = await node_fs_1.promises.stat(lock).catch(() => undefined);
        if (!stat)
            return;
        const gitAlive = await gitProcessUsing(keyDir);
        if (gitAlive === false || (gitAlive === undefined && Date.now() - stat.mtimeMs > STALE_AFTER_MS) || Date.now() - started > 10 * STALE_AFTER_MS) {
            await node_fs_1.promises.rm(lock, { force: true });
            report(`Removed ${lock}, left by a git process that was killed.`);
            return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}
/** Whether a live git process runs with `GIT_DIR` set to this folder; undefined when that cannot be known. */
async function gitProcessUsing(gitDir) {
    let pids;
    try {
        pids = (await node_fs_1.promises.readdir('/proc')).filter((name) => /^\d+$/.test(name));
    }
    catch {
        return undefined;
    }
    const needle = Buffer.from(`GIT_DIR=${gitDir}\0`);
    for (const pid of pids) {
        const environ = await node_fs_1.promises.readFile(`/proc/${pid}/environ`).catch(() => undefined);
        if (environ && Buffer.concat([environ, Buffer.from([0])]).includes(needle))
            return true;
    }
    return false;
}
//# sourceMappingURL=staleIndexLock.js.map