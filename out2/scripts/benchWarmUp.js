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
exports.residentProcessRuns = residentProcessRuns;
exports.warmResidentProcess = warmResidentProcess;
exports.describeWarmUp = describeWarmUp;
// The CLI rows time what a user sees in steady use: the workspace's resident process running and
// warm. Its start is not steady use: the first forwarded call (`agents plan list`, `plan
// checkpoint`) finds no process, does its work in its own process and starts one; the process then
// loads sql.js and the database (its `warm:` line in .cleveragents/logs/daemon.log), and the first
// command it serves runs the checkpoint code for the first time (before the process loaded the
// CLI's database at its start, that command also paid the load).
// Timed, those calls were the median of three CLI checkpoints on a real repository, twice the
// steady calls' time. So before its timed calls a benchmark makes these, untimed, and prints what
// they took.
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const daemonFiles_1 = require("../src/daemon/daemonFiles");
const benchCommon_1 = require("./benchCommon");
/** Whether `agents daemon status` finds the workspace's process running. */
function residentProcessRuns(cli, workspace, env) {
    const r = (0, node_child_process_1.spawnSync)(process.execPath, [cli, 'daemon', 'status', '--workspace', workspace], { encoding: 'utf8', env: env });
    try {
        return JSON.parse(r.stdout).running === true;
    }
    catch {
        return false;
    }
}
/** The daemon log's lines written after `offset` bytes (the log is appended to; rotated at 1 MB by a start). */
function logSince(file, offset) {
    if (!(0, node_fs_1.existsSync)(file))
        return '';
    const text = (0, node_fs_1.readFileSync)(file);
    return text.subarray(text.length >= offset ? offset : 0).toString('utf8');
}
/** Makes the untimed calls that start the resident process and warm it; see the file's comment. */
async function warmResidentProcess(options) {
    const enabled = !(0, daemonFiles_1.noDaemon)(options.env);
    const log = path.join((0, daemonFiles_1.dataDirOf)(options.workspace), daemonFiles_1.DAEMON_LOG);
    const offset = (0, node_fs_1.existsSync)(log) ? (0, node_fs_1.statSync)(log).size : 0;
    const running = enabled && residentProcessRuns(options.cli, options.workspace, options.env);
    const firstMs = await (0, benchCommon_1.time)(options.first);
    let warmMs;
    let problem;
    if (enabled && !running) {
        const began = performance.now();
        const deadline = Date.now() + (options.timeoutMs ?? 60_000);
        for (;;) {
            const since = logSince(log, offset);
            if (/\] warm(:|-up failed)/.test(since)) {
                warmMs = performance.now() - began;
                if (/\] warm-up failed/.test(since))
                    problem = 'the resident process logged "warm-up failed"';
                break;
            }
            if (Date.now() > deadline) {
                problem = `no "warm:" line in ${log} within ${options.timeoutMs ?? 60_000} ms of the first call`;
                break;
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
    }
    const servedMs = await (0, benchCommon_1.time)(options.served);
    return { firstMs, ...(warmMs === undefined ? {} : { warmMs }), servedMs, ...(problem ? { problem } : {}) };
}
/** The warm-up's line in the benchmark's output. */
function describeWarmUp(w, first, served) {
    const warm = w.warmMs === undefined ? '' : `, the resident process warm ${w.warmMs.toFixed(0)} ms after it`;
    const line = `CLI warm-up (untimed): ${first} ${w.firstMs.toFixed(0)} ms${warm}, then ${served} ${w.servedMs.toFixed(0)} ms`;
    return w.problem ? `${line}\n  !! ${w.problem}: the CLI rows may include the resident process's start` : line;
}
//# sourceMappingURL=benchWarmUp.js.map