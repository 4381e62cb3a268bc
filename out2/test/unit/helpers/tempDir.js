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
exports.useTempDirs = useTempDirs;
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
/**
 * The processes (Linux: read from /proc) whose working folder is inside `dir`: a resident process
 * (src/daemon) a test's CLI call started runs in the workspace's `.cleveragents/run/`.
 */
function processesInside(dir) {
    if (process.platform !== 'linux')
        return [];
    let real;
    try {
        real = (0, node_fs_1.realpathSync)(dir);
    }
    catch {
        return [];
    }
    const found = [];
    for (const name of (0, node_fs_1.readdirSync)('/proc')) {
        if (!/^\d+$/.test(name) || Number(name) === process.pid)
            continue;
        try {
            const cwd = (0, node_fs_1.readlinkSync)(`/proc/${name}/cwd`);
            if (cwd === real || cwd.startsWith(real + path.sep))
                found.push(Number(name));
        }
        catch {
            // gone, or not ours to read
        }
    }
    return found;
}
/** Running still (a zombie, which waits for its parent to read its status, has ended). */
function alive(pid) {
    try {
        return !/^\d+ \(.*\) Z/s.test((0, node_fs_1.readFileSync)(`/proc/${pid}/stat`, 'utf8'));
    }
    catch {
        return false;
    }
}
/**
 * Ends what still runs inside `dir` (SIGKILL; a test's folder holds nothing to save), waiting up
 * to 10 s for it to go: a process coming up would otherwise make files while the folder is removed
 * (ENOTEMPTY on a busy machine, seen in CI).
 */
function endProcessesInside(dir) {
    const pids = processesInside(dir);
    for (const pid of pids) {
        try {
            process.kill(pid, 'SIGKILL');
        }
        catch {
            // already gone
        }
    }
    const until = Date.now() + 10_000;
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    while (pids.some(alive) && Date.now() < until)
        Atomics.wait(sleeper, 0, 0, 20);
}
/**
 * Inside a mocha `describe`: returns a function that makes a fresh folder under the system temp
 * folder; every folder made is removed after each test, once nothing runs inside it any more.
 */
function useTempDirs(prefix = 'cleveragents-test-') {
    const made = [];
    afterEach(() => {
        for (const dir of made.splice(0)) {
            endProcessesInside(dir);
            (0, node_fs_1.rmSync)(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
        }
    });
    return () => {
        const dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), prefix));
        made.push(dir);
        return dir;
    };
}
//# sourceMappingURL=tempDir.js.map