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
// A snapshot writes the sandbox's persistent index two or three times (status refreshing it,
// staging, write-tree saving its cache of trees). The index is split (core.splitIndex): its
// entries live in a shared file that git rewrites rarely, and each write holds only what changed
// since. Checked by the files git leaves, never by a time; the snapshot stays exact.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
function keyDirOf(root) {
    const indexes = path.join(root, '.cleveragents', 'checkpoints', 'indexes');
    const [key] = (0, node_fs_1.readdirSync)(indexes);
    return path.join(indexes, key);
}
/** The tree plain git makes of the folder (no attributes, every file as it is). */
function plainTree(root, scratch) {
    const env = {};
    for (const [k, v] of Object.entries(process.env))
        if (!k.startsWith('GIT_'))
            env[k] = v;
    Object.assign(env, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' });
    const gitDir = path.join(scratch, 'plain.git');
    (0, node_child_process_1.execFileSync)('git', ['init', '-q', '--bare', gitDir], { env });
    const git = (...args) => (0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir, '--work-tree', root, '-c', 'core.autocrlf=false', ...args], { env, encoding: 'utf8' }).trim();
    git('add', '-A', '--', '.', ':(exclude).cleveragents');
    return git('write-tree');
}
/**
 * Sets the files a minute back: git distrusts a file changed in its index's own second ("racily
 * clean") and the next status hashes it again, which puts it in the next index's own part.
 */
function backdate(dir) {
    const past = new Date(Date.now() - 60_000);
    for (const entry of (0, node_fs_1.readdirSync)(dir, { withFileTypes: true })) {
        if (entry.name === '.cleveragents')
            continue;
        if (entry.isDirectory())
            backdate(path.join(dir, entry.name));
        (0, node_fs_1.utimesSync)(path.join(dir, entry.name), past, past);
    }
}
describe("The sandbox's persistent index", () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    it('is split: a snapshot of a few changed files writes an index of those, beside the shared one, and captures the same tree', async () => {
        const root = tempDir();
        for (let d = 0; d < 20; d++)
            for (let f = 0; f < 20; f++)
                (0, sandboxFixtures_1.write)(root, `src/m${d}/f${f}.ts`, `export const v = ${d * 100 + f};\n`);
        backdate(root);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'split index', sandbox: '.' });
            await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, sandboxFixtures_1.write)(root, 'src/m3/f4.ts', 'export const v = -1;\n');
            (0, sandboxFixtures_1.write)(root, 'src/new.ts', 'new\n');
            const after = (await s.checkpoints.createCheckpointIfChanged(plan.plan_id)).checkpoint;
            const keyDir = keyDirOf(root);
            const shared = (0, node_fs_1.readdirSync)(keyDir).filter((n) => /^sharedindex\.[0-9a-f]{40,64}$/.test(n));
            assert.equal(shared.length, 1, `one shared index in ${(0, node_fs_1.readdirSync)(keyDir).join(', ')}`);
            // 401 entries in the shared part; the index itself names it and the two that changed.
            assert.ok((0, node_fs_1.statSync)(path.join(keyDir, 'index')).size * 4 < (0, node_fs_1.statSync)(path.join(keyDir, shared[0])).size, 'the index holds only what changed since the shared part');
            const gitDir = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
            const tree = (0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir, 'rev-parse', `${after.sandbox_ref}^{tree}`], { encoding: 'utf8' }).trim();
            assert.equal(tree, plainTree(root, tempDir()));
            // A pre_write taken after a write reads a copy of the split index: preWriteOverlay.test.ts.
        }
        finally {
            s.dispose();
        }
    });
});
//# sourceMappingURL=splitIndex.test.js.map