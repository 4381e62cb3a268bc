"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RENAME_RETRY_DELAYS_MS = void 0;
exports.renameOver = renameOver;
const promises_1 = require("node:fs/promises");
const promises_2 = require("node:timers/promises");
// On Windows a rename over a file fails while another program has it open without sharing delete
// (an antivirus scanning the new file, the search indexer, a backup tool, an editor): EPERM,
// EACCES or EBUSY, gone a moment later. Every write here ends in a rename over its target, so
// each is retried there for a while, as npm's graceful-fs does. Elsewhere those codes mean what
// they say (no permission, a mount point) and are not retried.
/** The waits between tries on Windows, in milliseconds: about 8 s in all. */
exports.RENAME_RETRY_DELAYS_MS = [10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000, 1000, 1000, 1000];
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EACCES', 'EBUSY']);
const NODE_RENAME = { rename: promises_1.rename, sleep: promises_2.setTimeout, platform: process.platform };
/** `fs.rename(from, to)`, retried on Windows while the target (or the source) is held open by another program. */
async function renameOver(from, to, deps = NODE_RENAME) {
    for (let attempt = 0;; attempt++) {
        try {
            await deps.rename(from, to);
            return;
        }
        catch (error) {
            const code = error.code ?? '';
            const wait = exports.RENAME_RETRY_DELAYS_MS[attempt];
            if (deps.platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || wait === undefined)
                throw error;
            await deps.sleep(wait);
        }
    }
}
//# sourceMappingURL=renameOver.js.map