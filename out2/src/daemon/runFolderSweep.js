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
exports.sweepFastClientFiles = sweepFastClientFiles;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const stateFiles_1 = require("../adapters/files/stateFiles");
const daemonFiles_1 = require("./daemonFiles");
/** The fast client's temporary files (`hook-<pid>.in|meta|out`, `cli-<pid>.meta|out|id`), and when a left one is removed. */
const FAST_CLIENT_FILE = /^(hook|cli)-\d+\.(in|meta|out|id)$/;
const FAST_CLIENT_FILE_MAX_AGE_MS = 15 * 60 * 1000;
/**
 * Removes the fast client's temporary files (fastClientScript.ts) that a killed hook left in `run/`:
 * older than any hook's budget, so no call still reads them. (A folder of a few names, read at each
 * of the resident process's checks.)
 */
function sweepFastClientFiles(root, log) {
    const now = Date.now();
    const runDir = (0, daemonFiles_1.runDirOf)(root);
    try {
        for (const name of (0, stateFiles_1.listStateDir)(root, runDir)) {
            if (!FAST_CLIENT_FILE.test(name))
                continue;
            const file = path.join(runDir, name);
            const stats = (0, node_fs_1.lstatSync)(file);
            if (stats.isFile() && now - stats.mtimeMs > FAST_CLIENT_FILE_MAX_AGE_MS)
                (0, node_fs_1.unlinkSync)(file);
        }
    }
    catch (error) {
        log(`sweep of run/ failed: ${error.message}`);
    }
}
//# sourceMappingURL=runFolderSweep.js.map