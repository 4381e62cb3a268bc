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
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const fileLock_1 = require("../../src/adapters/files/fileLock");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const CHANGED_WHILE_WAITING = /The sandbox folder changed while waiting for the store lock: "[^"]+" was .*\. Nothing was changed\./;
/**
 * The race of the issue, driven step by step: the test holds the store lock (as another plan's
 * long first checkpoint would), starts the operation, and once it waits for the lock (it has
 * resolved its sandbox and asked for the lock) replaces a folder by a symlink out of the
 * workspace, then lets the lock go.
 */
async function swapWhileWaiting(s, root, swap, operation) {
    const lock = new fileLock_1.FileLock(path.join(root, '.cleveragents', 'checkpoints.lock'));
    const release = await lock.acquire();
    const snapshotter = s.snapshotter;
    const exclusive = snapshotter.exclusive.bind(s.snapshotter);
    let waiting;
    const asked = new Promise((resolve) => (waiting = resolve));
    snapshotter.exclusive = (key, work) => {
        waiting();
        return exclusive(key, work);
    };
    try {
        const result = operation().catch((error) => error);
        await asked;
        swap();
        await release();
        return await result;
    }
    finally {
        delete snapshotter.exclusive;
    }
}
/** `<parent>/workspace` with `src/app.ts`, and beside it `<parent>/outside` holding a file of its own. */
function workspaceBesideOutside(parent) {
    const root = path.join(parent, 'workspace');
    const outside = path.join(parent, 'outside');
    (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v1\n');
    (0, sandboxFixtures_1.write)(outside, 'notes.txt', 'not yours\n');
    return { root, outside };
}
/** Moves the folder away and puts a symlink to `../outside` in its place. */
function symlinkOut(folder) {
    return () => {
        (0, node_fs_1.renameSync)(folder, `${folder}.moved`);
        (0, node_fs_1.symlinkSync)('../outside', folder);
    };
}
describe('re-checked after the wait for the store lock: a sandbox replaced meanwhile is refused, nothing written', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-lock-race-');
    /** A plan working in `src` with checkpoints v1 and v2 (v2 adds notes.txt): rolling back writes app.ts and deletes notes.txt. */
    async function planInSrc(s, root) {
        const plan = await s.plans.createPlan({ title: 'in src', sandbox: 'src' });
        const { checkpoint: v1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
        (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v2\n');
        (0, sandboxFixtures_1.write)(root, 'src/notes.txt', 'mine\n');
        const { checkpoint: v2 } = await s.checkpoints.createCheckpoint(plan.plan_id);
        return { plan, v1, v2 };
    }
    it("the issue's reproduction: rollback waits, its sandbox `src` becomes a symlink to ../outside; refused, outside untouched", async () => {
        const { root, outside } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { plan, v1 } = await planInSrc(s, root);
            (0, sandboxFixtures_1.write)(outside, 'app.ts', 'v2\n');
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside the workspace changed');
            assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 2, 'not even a safety checkpoint was taken');
        }
        finally {
            s.dispose();
        }
    });
    it('restore of chosen paths: the same race is refused, outside untouched', async () => {
        const { root, outside } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { plan, v1 } = await planInSrc(s, root);
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.restorePaths(plan.plan_id, v1.checkpoint_id, ['app.ts', 'notes.txt']));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before);
        }
        finally {
            s.dispose();
        }
    });
    it('checkpoint: the same race is refused; the folder outside is not captured', async () => {
        const { root, outside } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { plan } = await planInSrc(s, root);
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const outcome = await swapWhileWaiting(s, root, symlinkOut(path.join(root, 'src')), () => s.checkpoints.createCheckpoint(plan.plan_id));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before);
            assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 2, 'no checkpoint of the outside folder');
        }
        finally {
            s.dispose();
        }
    });
    it('a folder moved aside and replaced by another real folder is refused too (another inode)', async () => {
        const { root } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { plan, v1 } = await planInSrc(s, root);
            const swap = () => {
                (0, node_fs_1.renameSync)(path.join(root, 'src'), path.join(root, 'src.moved'));
                (0, sandboxFixtures_1.write)(root, 'src/other.txt', 'someone else\n');
            };
            const outcome = await swapWhileWaiting(s, root, swap, () => s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, /The sandbox folder changed while waiting for the store lock: "src" was .*, now another folder at .*\. Nothing was changed\./);
            assert.deepEqual(Object.keys((0, sandboxFixtures_1.hashTree)(path.join(root, 'src'))), ['other.txt'], 'nothing was written into the new folder');
        }
        finally {
            s.dispose();
        }
    });
    it('cleanup of an isolated plan: `.cleveragents/sandboxes` replaced by a symlink while it waits is refused; nothing outside is deleted', async () => {
        const { root, outside } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'isolated', isolated: true });
            // What the attacker wants deleted, at the path the sandbox would have behind the symlink.
            (0, sandboxFixtures_1.write)(outside, `${plan.plan_id}/precious.txt`, 'keep me\n');
            const sandboxes = path.join(root, '.cleveragents', 'sandboxes');
            const swap = () => {
                (0, node_fs_1.renameSync)(sandboxes, `${sandboxes}.moved`);
                (0, node_fs_1.symlinkSync)('../../outside', sandboxes);
            };
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const outcome = await swapWhileWaiting(s, root, swap, () => s.plans.cleanupPlan(plan.plan_id));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside the workspace was deleted');
        }
        finally {
            s.dispose();
        }
    });
    it("apply: the plan's isolated sandbox replaced while it waits by a symlink to another plan's (unchanged) sandbox is refused, not marked applied with nothing written", async () => {
        const { root } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const mine = await s.plans.createPlan({ title: 'mine', isolated: true });
            const other = await s.plans.createPlan({ title: 'other', isolated: true });
            (0, sandboxFixtures_1.write)(path.join(root, mine.sandbox_path), 'src/app.ts', 'mine\n');
            const sandbox = path.join(root, mine.sandbox_path);
            const swap = () => {
                (0, node_fs_1.renameSync)(sandbox, `${root}/moved-aside`);
                (0, node_fs_1.symlinkSync)(other.plan_id, sandbox);
            };
            const before = (0, sandboxFixtures_1.hashTree)(root, (rel) => rel === 'moved-aside');
            const outcome = await swapWhileWaiting(s, root, swap, () => s.plans.applyPlan(mine.plan_id));
            assert.ok(outcome instanceof Error, 'refused');
            assert.match(outcome.message, CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, (rel) => rel === 'moved-aside'), before, 'the workspace is unchanged');
            assert.equal((await s.plans.getPlan(mine.plan_id)).state, 'draft');
        }
        finally {
            s.dispose();
        }
    });
    it('apply: the workspace folder itself swapped for a symlink after the comparison, before the write: refused, nothing outside written', async () => {
        const parent = tempDir();
        const { root, outside } = workspaceBesideOutside(parent);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'isolated', isolated: true });
            (0, sandboxFixtures_1.write)(path.join(root, plan.sandbox_path), 'src/app.ts', 'v2\n');
            (0, sandboxFixtures_1.write)(outside, 'src/app.ts', 'v1\n');
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const snapshotter = s.snapshotter;
            const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
            snapshotter.prepareRestore = async (...args) => {
                const prepared = await prepare(...args);
                (0, node_fs_1.renameSync)(root, path.join(parent, 'workspace.moved'));
                (0, node_fs_1.symlinkSync)('outside', root);
                return prepared;
            };
            await assert.rejects(s.plans.applyPlan(plan.plan_id), CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside the workspace was written');
        }
        finally {
            s.dispose();
        }
    });
    it('a subfolder of the sandbox turned into a symlink after the safety checkpoint, before the write: refused, nothing written', async () => {
        const parent = tempDir();
        const { root, outside } = workspaceBesideOutside(parent);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'whole workspace' });
            const { checkpoint: v1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'v2\n');
            (0, sandboxFixtures_1.write)(root, 'src/notes.txt', 'mine\n');
            await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, sandboxFixtures_1.write)(outside, 'app.ts', 'v2\n');
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            // The restore is worked out (after the safety snapshot); `src` is swapped before its first write.
            const snapshotter = s.snapshotter;
            const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
            snapshotter.prepareRestore = async (...args) => {
                const prepared = await prepare(...args);
                symlinkOut(path.join(root, 'src'))();
                return prepared;
            };
            await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id), /The sandbox changed after its snapshot was taken: "src" is no longer a real folder .*Nothing was changed\./);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside the workspace changed');
            assert.ok((0, node_fs_1.lstatSync)(path.join(root, 'src')).isSymbolicLink(), 'the symlink is left as it is');
            assert.ok(!(0, node_fs_1.existsSync)(path.join(root, '.cleveragents', 'operations', `${plan.plan_id}.json`)), 'no interrupted operation is left');
        }
        finally {
            s.dispose();
        }
    });
    it('the sandbox itself swapped for a symlink after the safety checkpoint, before the write: refused, nothing outside written or deleted', async () => {
        const { root, outside } = workspaceBesideOutside(tempDir());
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { plan, v1 } = await planInSrc(s, root);
            // Outside holds what the sandbox holds now: a put-back that followed the symlink would take it for its own.
            (0, sandboxFixtures_1.write)(outside, 'app.ts', 'v2\n');
            (0, sandboxFixtures_1.write)(outside, 'notes.txt', 'mine\n');
            const before = (0, sandboxFixtures_1.hashTree)(outside);
            const snapshotter = s.snapshotter;
            const prepare = snapshotter.prepareRestore.bind(s.snapshotter);
            snapshotter.prepareRestore = async (...args) => {
                const prepared = await prepare(...args);
                symlinkOut(path.join(root, 'src'))();
                return prepared;
            };
            await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, v1.checkpoint_id), CHANGED_WHILE_WAITING);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'nothing outside the workspace changed');
        }
        finally {
            s.dispose();
        }
    });
    it("git's own two-tree read-tree never writes or deletes through a symlinked leading folder, even when the stat data match (hard links)", () => {
        // What the restore relies on for the instant between its own check and git's write.
        const parent = tempDir();
        const repo = path.join(parent, 'repo');
        const outside = path.join(parent, 'outside');
        (0, node_fs_1.mkdirSync)(outside);
        const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };
        const git = (...args) => (0, node_child_process_1.execFileSync)('git', args, { cwd: repo, env, encoding: 'utf8', stdio: 'pipe' }).trim();
        (0, sandboxFixtures_1.write)(repo, 'src/app.ts', 'v1\n');
        (0, sandboxFixtures_1.write)(repo, 'src/gone.txt', 'deleted by the restore\n');
        git('init', '-q');
        git('add', '-A');
        git('commit', '-qm', 'from');
        const from = git('rev-parse', 'HEAD');
        (0, node_fs_1.writeFileSync)(path.join(repo, 'src/app.ts'), 'v2\n');
        (0, node_fs_1.rmSync)(path.join(repo, 'src/gone.txt'));
        git('add', '-A');
        git('commit', '-qm', 'to');
        const to = git('rev-parse', 'HEAD');
        git('read-tree', '--reset', '-u', from);
        // The same inodes outside (hard links), so git's stat check of each file passes, then the
        // folder is swapped for a symlink to them.
        for (const name of ['app.ts', 'gone.txt'])
            (0, node_child_process_1.execFileSync)('ln', [path.join(repo, 'src', name), path.join(outside, name)]);
        git('update-index', '--refresh');
        (0, node_fs_1.renameSync)(path.join(repo, 'src'), path.join(repo, 'src.moved'));
        (0, node_fs_1.symlinkSync)('../outside', path.join(repo, 'src'));
        const before = (0, sandboxFixtures_1.hashTree)(outside);
        let wrote = true;
        try {
            git('read-tree', '-m', '-u', from, to);
        }
        catch {
            wrote = false; // refusing is as safe; what matters is below
        }
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(outside), before, 'git wrote or deleted nothing through the symlink');
        // (git 2.x replaces the symlink by a real folder and writes there)
        if (wrote)
            assert.ok((0, node_fs_1.lstatSync)(path.join(repo, 'src')).isDirectory());
    });
});
//# sourceMappingURL=lockWaitRace.test.js.map