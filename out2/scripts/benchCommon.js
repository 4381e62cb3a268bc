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
exports.PlainGit = void 0;
exports.median = median;
exports.time = time;
exports.settle = settle;
// What both benchmarks share: plain git as the baseline, medians, timing, and a quiet disk.
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const gitEnvironment_1 = require("../src/adapters/shadowStore/gitEnvironment");
function median(xs) {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
async function time(fn) {
    const start = performance.now();
    await fn();
    return performance.now() - start;
}
/**
 * Waits until the kernel has written every dirty page to disk. Without it, the hundreds of MB a
 * step leaves behind (the generated workspaces, plain git's loose objects) are written back during
 * the next steps, and whichever store shares block groups with them waits on that: creating a file
 * there measured 0.9 ms instead of 0.02 ms, and a ratio moved from 1.1 to 3.
 */
function settle() {
    (0, node_child_process_1.execFileSync)('sync');
}
/** Plain git with a persistent index in a shadow repository of its own: the baseline. */
class PlainGit {
    gitDir;
    env;
    constructor(gitDir, workTree) {
        this.gitDir = gitDir;
        const env = {};
        for (const [k, v] of Object.entries(process.env))
            if (!k.startsWith('GIT_'))
                env[k] = v;
        this.env = { ...env, GIT_DIR: gitDir, GIT_WORK_TREE: workTree, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
    }
    /** A shell command run with this repository's environment; its output, trimmed. */
    shell(script) {
        return (0, node_child_process_1.execFileSync)('sh', ['-c', script], { env: this.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
    }
    git(...args) {
        return (0, node_child_process_1.execFileSync)('git', args, { env: this.env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
    }
    init() {
        (0, node_fs_1.rmSync)(this.gitDir, { recursive: true, force: true });
        (0, node_child_process_1.execFileSync)('git', ['init', '-q', '--bare', this.gitDir], { env: { ...this.env, GIT_DIR: undefined, GIT_WORK_TREE: undefined } });
        (0, node_fs_1.writeFileSync)(path.join(this.gitDir, 'info', 'exclude'), '/.cleveragents/\n');
        // Like for like: ours stores every file byte for byte, whatever the repository's .gitattributes
        // say (`* text=auto` would make plain git normalise CRLF files and capture another tree).
        (0, node_fs_1.writeFileSync)(path.join(this.gitDir, 'info', 'attributes'), gitEnvironment_1.NEUTRAL_ATTRIBUTES);
        this.git('config', 'core.autocrlf', 'false');
        this.git('config', 'gc.auto', '0');
        this.git('config', 'core.untrackedCache', 'true');
    }
    /** `packed`: the blobs go into one pack instead of one file each, as ours does on a first checkpoint. */
    checkpoint(packed = false) {
        if (packed)
            this.git('-c', 'core.bigFileThreshold=1', '-c', 'pack.compression=1', 'add', '-A');
        else
            this.git('add', '-A');
        const tree = this.git('write-tree');
        const commit = this.git('commit-tree', tree, '-m', 'cp');
        this.git('update-ref', `refs/cp/${commit}`, commit);
        return commit;
    }
    /** Plain git's rollback: a safety checkpoint, the paths that change, then `read-tree -m -u`. Returns the safety commit. */
    rollback(to) {
        const safety = this.checkpoint();
        this.git('diff-tree', '-r', '-z', '--name-status', '--no-renames', safety, to);
        this.git('read-tree', '-m', '-u', safety, to);
        return safety;
    }
}
exports.PlainGit = PlainGit;
//# sourceMappingURL=benchCommon.js.map