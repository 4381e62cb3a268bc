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
// A save with automatic checkpoints waits for its pre_write (VS Code gives 1.5 s), and that
// pre_write starts with a `git status` of the whole sandbox. Git's untracked cache spares that
// status a read of every folder, but `git add -A` (a first checkpoint, and any bulk stage)
// invalidates the cache of every folder it adds to: the first snapshot therefore runs a status
// itself, so the first save after it does not pay for reading every folder again. Checked by what
// git reports it did (trace2's `opendir` count), never by a time.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
/** The settings a snapshot gives git on its command line: the cache is only kept for the same ones. */
function snapshotConfig() {
    return Object.entries({ ...gitEnvironment_1.SHADOW_REPO_CONFIG, ...gitEnvironment_1.SAFE_GIT_CONFIG }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}
/** How many folders a status of the sandbox, as a snapshot runs it, opens. */
function foldersOpenedByStatus(root, trace) {
    const indexes = path.join(root, '.cleveragents', 'checkpoints', 'indexes');
    const [key] = (0, node_fs_1.readdirSync)(indexes);
    const keyDir = path.join(indexes, key);
    const env = {};
    for (const [k, v] of Object.entries(process.env))
        if (!k.startsWith('GIT_'))
            env[k] = v;
    Object.assign(env, { GIT_DIR: keyDir, GIT_WORK_TREE: root, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TRACE2_PERF: trace });
    (0, node_child_process_1.execFileSync)('git', [...snapshotConfig(), '-c', `core.excludesFile=${path.join(keyDir, 'skipped')}`, 'status', '--porcelain=v2', '-z', '--untracked-files=normal', '--no-renames'], { cwd: root, env, stdio: 'ignore' });
    const counts = (0, node_fs_1.readFileSync)(trace, 'utf8')
        .split('\n')
        .map((line) => /\bopendir:(\d+)/.exec(line))
        .filter((m) => m !== null)
        .map((m) => Number(m[1]));
    assert.ok(counts.length > 0, 'git reported no read_directory data (trace2)');
    return counts.reduce((a, b) => a + b, 0);
}
/** Sets the sandbox's folders (not the store's) a minute back. */
function backdateFolders(root) {
    const past = new Date(Date.now() - 60_000);
    const visit = (dir) => {
        (0, node_fs_1.utimesSync)(dir, past, past);
        for (const entry of (0, node_fs_1.readdirSync)(dir, { withFileTypes: true })) {
            if (entry.isDirectory() && entry.name !== '.cleveragents')
                visit(path.join(dir, entry.name));
        }
    };
    visit(root);
}
describe('The untracked cache after a first checkpoint', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    it('is complete: the next status opens no folder, so the first save does not read them all', async () => {
        const root = tempDir();
        for (let d = 0; d < 6; d++)
            for (let f = 0; f < 5; f++)
                (0, sandboxFixtures_1.write)(root, `src/m${d}/f${f}.ts`, `export const v = ${d * 10 + f};\n`);
        (0, sandboxFixtures_1.write)(root, 'README.md', 'readme\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'untracked cache' });
            // A project's folders were not all changed in the second of its first checkpoint: git
            // distrusts (and reads again) a folder whose time is its index's own second, so a test
            // that writes them just before would count those reads instead of the cache's.
            backdateFolders(root);
            await s.checkpoints.createCheckpoint(plan.plan_id);
        }
        finally {
            s.dispose();
        }
        assert.equal(foldersOpenedByStatus(root, path.join(tempDir(), 'trace2.txt')), 0);
    });
});
//# sourceMappingURL=untrackedCache.test.js.map