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
exports.firstSnapshotMarker = firstSnapshotMarker;
exports.firstSnapshotRunning = firstSnapshotRunning;
exports.checkpointInBackground = checkpointInBackground;
const node_child_process_1 = require("node:child_process");
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const stateFiles_1 = require("../adapters/files/stateFiles");
/** A marker older than this is not believed, whatever its pid (pids are reused). */
const MARKER_MAX_AGE_MS = 60 * 60 * 1000;
const MarkerSchema = z.object({ pid: z.number().int().positive() });
const MARKER_MAX_BYTES = 1024;
/** `.cleveragents/hooks/first-snapshot-<plan>.json`: the process taking a plan's first snapshot, while it runs. */
function firstSnapshotMarker(root, planId) {
    return path.join(root, '.cleveragents', 'hooks', `first-snapshot-${planId}.json`);
}
function isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/** The process still taking the plan's first snapshot, if one is: a hook then starts no second one. */
async function firstSnapshotRunning(root, planId) {
    const file = firstSnapshotMarker(root, planId);
    try {
        const info = (0, stateFiles_1.stateFileInfo)(root, file);
        if (!info || Date.now() - info.mtimeMs > MARKER_MAX_AGE_MS)
            return undefined;
        const marker = MarkerSchema.safeParse(JSON.parse((0, stateFiles_1.readStateText)(root, file, MARKER_MAX_BYTES) ?? ''));
        return marker.success && isAlive(marker.data.pid) ? marker.data.pid : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Runs a checkpoint in a detached process (`agents hook checkpoint-job`, the job on its stdin) and waits for it up to
 * `waitMs`. A plan's first snapshot reads every file of the folder: on a large one that takes
 * minutes, which no agent waits for. When it is done in time, the hook goes on as if it had
 * taken it itself; when not, the process goes on alone (named in the plan's marker, so that the
 * hooks that come meanwhile start no other) and the hook returns.
 */
async function checkpointInBackground(job, wasmDir, waitMs) {
    const cli = path.join(wasmDir, 'cli.js');
    const marker = firstSnapshotMarker(job.workspaceRoot, job.planId);
    // This call stops waiting no earlier than this: files the job reads later may hold the agent's
    // next changes, and its checkpoint is then recorded marked late (core/lateCheckpoints.ts).
    const timed = { ...job, lateAfter: Date.now() + waitMs };
    // The job (its reason quotes the prompt) goes on stdin: a command line is anyone's to read
    // (/proc/<pid>/cmdline, ps), and lock files record their holder's.
    const child = (0, node_child_process_1.spawn)(process.execPath, [cli, 'hook', 'checkpoint-job'], {
        cwd: job.workspaceRoot,
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
        env: process.env,
        windowsHide: true,
    });
    const ended = new Promise((resolve) => {
        child.once('error', () => resolve('failed'));
        child.once('exit', (code) => resolve(code === 0 ? 'finished' : 'failed'));
    });
    // A few kB: the pipe takes them at once, so this process may exit right after (the child reads
    // them from the pipe, then its end). A child gone before it read them is only a missed checkpoint.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(JSON.stringify(timed));
    if (child.pid !== undefined)
        quietly(() => (0, stateFiles_1.writeStateFile)(job.workspaceRoot, marker, `${JSON.stringify({ pid: child.pid })}\n`));
    let timer;
    const outcome = await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(() => resolve('still-running'), waitMs)))]);
    clearTimeout(timer);
    if (outcome === 'still-running') {
        child.removeAllListeners();
        child.unref();
    }
    else {
        quietly(() => (0, stateFiles_1.removeStateFile)(job.workspaceRoot, marker));
    }
    return outcome;
}
/** A marker is a courtesy to the hooks that come meanwhile: one that cannot be written or removed changes nothing else. */
function quietly(work) {
    try {
        work();
    }
    catch {
        // a read-only disk, or a link or FIFO in the way (refused by stateFiles.ts)
    }
}
//# sourceMappingURL=backgroundCheckpoint.js.map