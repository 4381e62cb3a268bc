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
exports.processStarted = processStarted;
exports.thisProcess = thisProcess;
exports.otherOwnerAlive = otherOwnerAlive;
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const fileLock_1 = require("./fileLock");
/**
 * When a process started, as the kernel tells it on Linux: the boot's id and the start time in
 * clock ticks since boot (field 22 of /proc/<pid>/stat). Two processes that ever had the same pid
 * differ here, so a record's owner is not mistaken for a later process that got its pid.
 * Undefined where /proc is not there (macOS, Windows) or the process is gone.
 */
function processStarted(pid) {
    try {
        const stat = (0, node_fs_1.readFileSync)(`/proc/${pid}/stat`, 'utf8');
        // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const start = fields[19];
        if (!start || !/^\d+$/.test(start))
            return undefined;
        const boot = (0, node_fs_1.readFileSync)('/proc/sys/kernel/random/boot_id', 'utf8').trim();
        return `${boot}:${start}`;
    }
    catch {
        return undefined;
    }
}
/** This process, as journal records name their owner. */
function thisProcess() {
    const started = processStarted(process.pid);
    return { pid: process.pid, host: os.hostname(), ...(started ? { process_started: started } : {}) };
}
/**
 * Whether the process that recorded the operation is another one, on this machine, still alive
 * (and, where the start time was recorded, the same process and not a later one with its pid):
 * then the operation is in progress, not interrupted. A record of this very process is judged by
 * the caller, which knows what it runs. Another machine's process cannot be checked: its record
 * stays "interrupted", naming the host.
 */
function otherOwnerAlive(op) {
    if (op.host !== os.hostname() || op.pid === process.pid || !(0, fileLock_1.isProcessAlive)(op.pid))
        return false;
    if (op.process_started === undefined)
        return true;
    const now = processStarted(op.pid);
    return now === undefined || now === op.process_started;
}
//# sourceMappingURL=operationOwner.js.map