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
exports.HookLog = exports.HOOK_LOG_MAX_BYTES = void 0;
exports.hookLogPath = hookLogPath;
const path = __importStar(require("node:path"));
const nodeWorkspaceFiles_1 = require("../adapters/files/nodeWorkspaceFiles");
const stateFiles_1 = require("../adapters/files/stateFiles");
const displayText_1 = require("../core/displayText");
/** `.cleveragents/logs/hooks.log` is rotated to `hooks.log.1` when it passes this size. */
exports.HOOK_LOG_MAX_BYTES = 256 * 1024;
const LINE_MAX = 2000;
function hookLogPath(workspaceRoot) {
    return path.join(workspaceRoot, '.cleveragents', 'logs', 'hooks.log');
}
/**
 * Where `hook run` says what it did and what it could not: one line per message, with the time,
 * quoted so that no text from an event can form a shell command (logLine), bounded in size (one
 * rotated file kept). The file is reached only through stateFiles.ts: never through a link, never
 * a FIFO. Writing the log never fails the hook: a read-only disk, or a log that is refused, loses
 * the lines, nothing else.
 */
class HookLog {
    prefix;
    pending = [];
    sealed = false;
    constructor(prefix) {
        this.prefix = prefix;
    }
    line(message) {
        if (this.sealed)
            return;
        const text = (0, displayText_1.logLine)(`${new Date().toISOString()} ${this.prefix} ${message}`);
        this.pending.push(text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text);
    }
    get lines() {
        return this.pending;
    }
    /**
     * Takes no more lines: a hook's work that goes on after its answer (hookRun.ts) must not add to,
     * or contradict, what the answer logged. The lines already taken are still written by `flush`.
     */
    seal() {
        this.sealed = true;
    }
    /**
     * Appends the lines to the workspace's hooks.log (creating its folder), rotating it first when
     * full; resolves whether they were written (none pending counts as written). A hook bounds the
     * wait for it (boundedFlush.ts).
     */
    async flush(workspaceRoot) {
        if (this.pending.length === 0)
            return true;
        if (!workspaceRoot)
            return false;
        const file = hookLogPath(workspaceRoot);
        try {
            // `.cleveragents` with its `.gitignore` of `*`: the user's git never sees the log
            await (0, nodeWorkspaceFiles_1.ensureDataDir)(workspaceRoot);
            const size = (0, stateFiles_1.stateFileInfo)(workspaceRoot, file)?.size ?? 0;
            if (size > exports.HOOK_LOG_MAX_BYTES)
                (0, stateFiles_1.renameStateFile)(workspaceRoot, file, `${file}.1`);
            (0, stateFiles_1.appendStateFile)(workspaceRoot, file, `${this.pending.join('\n')}\n`);
            this.pending.length = 0;
            return true;
        }
        catch {
            // a read-only or full disk, a link or a FIFO in the way: the agent must not notice
            return false;
        }
    }
}
exports.HookLog = HookLog;
//# sourceMappingURL=hookLog.js.map