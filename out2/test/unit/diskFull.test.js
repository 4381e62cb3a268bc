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
const node_crypto_1 = require("node:crypto");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
/**
 * A disk that fills up: on a small tmpfs (mounting one needs root, as CI has; elsewhere the test
 * says it skipped and why), a checkpoint, a rollback and a database save that run out of space fail
 * with an error that says so, leave the database and the files as they were, and everything works
 * again once space is freed.
 */
describe('disk full', function () {
    this.timeout(120_000);
    let mount = '';
    before(function () {
        const dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'ca-full-'));
        try {
            (0, node_child_process_1.execFileSync)('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', dir], { stdio: 'ignore' });
            mount = dir;
        }
        catch {
            (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
            this.skip(); // mounting a size-limited tmpfs needs root (CI runs as root)
        }
    });
    after(() => {
        if (!mount)
            return;
        (0, node_child_process_1.execFileSync)('umount', ['-l', mount]);
        (0, node_fs_1.rmSync)(mount, { recursive: true, force: true });
    });
    /** Fills the disk, then gives back `leave` bytes; returns how to free everything. */
    function fill(leave) {
        const filler = path.join(mount, 'filler');
        const fd = (0, node_fs_1.openSync)(filler, 'w');
        try {
            const block = Buffer.alloc(4096, 1);
            for (;;)
                (0, node_fs_1.writeSync)(fd, block);
        }
        catch (error) {
            assert.equal(error.code, 'ENOSPC');
        }
        finally {
            (0, node_fs_1.closeSync)(fd);
        }
        const size = Number((0, node_child_process_1.execFileSync)('stat', ['-c', '%s', filler], { encoding: 'utf8' }));
        (0, node_fs_1.truncateSync)(filler, Math.max(0, size - leave));
        return () => (0, node_fs_1.unlinkSync)(filler);
    }
    for (const leave of [0, 300_000]) {
        it(`with ${leave === 0 ? 'no' : `${leave / 1000} KB of`} space left: refused, nothing changed, all works again once freed`, async () => {
            const root = path.join(mount, `ws-${leave}`);
            (0, node_fs_1.mkdirSync)(root);
            for (let i = 0; i < 50; i++)
                (0, sandboxFixtures_1.write)(root, `f${i}.txt`, (0, sandboxFixtures_1.noise)(15_000, i).toString('base64'));
            const s = (0, sandboxFixtures_1.services)(root);
            try {
                const plan = await s.plans.createPlan({ title: 'full' });
                const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
                for (let i = 0; i < 50; i++)
                    (0, sandboxFixtures_1.write)(root, `f${i}.txt`, (0, sandboxFixtures_1.noise)(15_000, i + 100).toString('base64'));
                const files = (0, sandboxFixtures_1.hashTree)(root);
                const free = fill(leave);
                await assert.rejects(s.checkpoints.createCheckpoint(plan.plan_id), /the disk is full|no space left on device|ENOSPC/i);
                await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id), /the disk is full|no space left on device|ENOSPC/i);
                // Either the lock cannot be written, or the database: then the message says nothing was saved.
                await assert.rejects(s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 7 }), /Cannot write the lock file .*ENOSPC|the disk holding .* is full .* Nothing was saved: the database is as it was/);
                assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), files, 'the files are as they were');
                assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 1, 'the database is as it was');
                assert.equal((await s.plans.getPlan(plan.plan_id)).retention.max_checkpoints, 50);
                free();
                await s.checkpoints.createCheckpoint(plan.plan_id);
                await s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id);
                assert.equal((await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 7 })).retention.max_checkpoints, 7);
                const git = spawnGitFsck(path.join(root, '.cleveragents', 'checkpoints', 'shadow.git'));
                assert.equal(git, 0);
            }
            finally {
                s.dispose();
            }
        });
    }
});
describe('disk full part-way through the files of a rollback or a recovery', function () {
    this.timeout(120_000);
    let mount = '';
    before(function () {
        const dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), 'ca-full-'));
        try {
            (0, node_child_process_1.execFileSync)('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', dir], { stdio: 'ignore' });
            mount = dir;
        }
        catch {
            (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
            console.log('      skipped: mounting a 12 MB tmpfs needs root (CI runs as root)');
            this.skip();
        }
    });
    after(() => {
        if (!mount)
            return;
        (0, node_child_process_1.execFileSync)('umount', ['-l', mount]);
        (0, node_fs_1.rmSync)(mount, { recursive: true, force: true });
    });
    /** Fills the disk but for `leave` bytes; returns how to free it again. */
    function fillBut(leave) {
        const filler = path.join(mount, 'filler');
        const fd = (0, node_fs_1.openSync)(filler, 'w');
        try {
            const block = Buffer.alloc(4096, 1);
            for (;;)
                (0, node_fs_1.writeSync)(fd, block);
        }
        catch (error) {
            assert.equal(error.code, 'ENOSPC');
        }
        finally {
            (0, node_fs_1.closeSync)(fd);
        }
        (0, node_fs_1.truncateSync)(filler, Math.max(0, Number((0, node_child_process_1.execFileSync)('stat', ['-c', '%s', filler], { encoding: 'utf8' })) - leave));
        return () => (0, node_fs_1.unlinkSync)(filler);
    }
    /** Ten files of 300 KB in two versions, checkpointed; the workspace holds the second. */
    async function tenFiles(name, s, root) {
        for (let i = 0; i < 10; i++)
            (0, sandboxFixtures_1.write)(root, `f${i}.txt`, (0, sandboxFixtures_1.noise)(225_000, i).toString('base64'));
        const plan = await s.plans.createPlan({ title: name });
        const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
        for (let i = 0; i < 10; i++)
            (0, sandboxFixtures_1.write)(root, `f${i}.txt`, (0, sandboxFixtures_1.noise)(225_000, i + 100).toString('base64'));
        const { checkpoint: c2 } = await s.checkpoints.createCheckpoint(plan.plan_id);
        return { planId: plan.plan_id, c1, c2 };
    }
    const staging = (root) => (0, node_fs_1.readdirSync)(path.join(root, '.cleveragents', 'checkpoints')).includes('staging') ? (0, node_fs_1.readdirSync)(path.join(root, '.cleveragents', 'checkpoints', 'staging')) : [];
    it('a rollback of ten files that runs out of space after a few: every file whole, the truth told, and it works once freed', async () => {
        const root = path.join(mount, 'rollback');
        (0, node_fs_1.mkdirSync)(root);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { planId, c1 } = await tenFiles('ten', s, root);
            const files = (0, sandboxFixtures_1.hashTree)(root);
            const free = fillBut(1_000_000);
            await assert.rejects(s.checkpoints.rollbackToCheckpoint(planId, c1.checkpoint_id), /Rollback failed: 10 files could not be written \(disk full.*nothing was changed/);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), files, 'no file truncated: each is as it was');
            assert.equal(await new fileOperationJournal_1.FileOperationJournal(root).get(planId), undefined, 'nothing was written: no operation to recover');
            assert.deepEqual(staging(root), [], 'the staged contents are gone');
            free();
            await s.checkpoints.rollbackToCheckpoint(planId, c1.checkpoint_id);
            for (let i = 0; i < 10; i++)
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, `f${i}.txt`), 'utf8'), (0, sandboxFixtures_1.noise)(225_000, i).toString('base64'));
        }
        finally {
            s.dispose();
            (0, node_fs_1.rmSync)(root, { recursive: true, force: true });
        }
    });
    it('a recovery that runs out of space: every file whole, the record kept, and recover finishes once freed', async () => {
        const root = path.join(mount, 'recover');
        (0, node_fs_1.mkdirSync)(root);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const { planId, c1, c2 } = await tenFiles('recover', s, root);
            // As a kill leaves a rollback from c2 to c1: f0 written, f1 half written, the rest not yet.
            (0, sandboxFixtures_1.write)(root, 'f0.txt', (0, sandboxFixtures_1.noise)(225_000, 0).toString('base64'));
            (0, sandboxFixtures_1.write)(root, 'f1.txt', (0, sandboxFixtures_1.noise)(225_000, 1).toString('base64').slice(0, 1000));
            await new fileOperationJournal_1.FileOperationJournal(root).begin({ type: 'rollback', plan_id: planId, target_checkpoint_id: c1.checkpoint_id, undo_checkpoint_id: c2.checkpoint_id, sandbox_key: planId, from_ref: c2.sandbox_ref, to_ref: c1.sandbox_ref, started_at: new Date().toISOString(), pid: 999_999_999, host: 'another-host' });
            const free = fillBut(200_000);
            const entries = () => (0, sandboxFixtures_1.hashTree)(root, (rel) => rel === 'filler');
            const before = entries();
            await assert.rejects(s.recovery.recover(planId, 'finish'), /(\d+) file\(s\) could not be written \(disk full\)\. Each file is whole .* run "agents plan recover" again/);
            const now = entries();
            for (let i = 0; i < 10; i++) {
                const name = `f${i}.txt`;
                const whole = [(0, sandboxFixtures_1.noise)(225_000, i), (0, sandboxFixtures_1.noise)(225_000, i + 100)].map((b) => (0, node_crypto_1.createHash)('sha256').update(b.toString('base64')).digest('hex'));
                assert.ok(now[name] === undefined || now[name] === before[name] || whole.some((h) => now[name].endsWith(h)), `${name} is whole`);
            }
            assert.ok(await new fileOperationJournal_1.FileOperationJournal(root).get(planId), 'the record stays until recovery succeeds');
            free();
            await s.recovery.recover(planId, 'finish');
            for (let i = 0; i < 10; i++)
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, `f${i}.txt`), 'utf8'), (0, sandboxFixtures_1.noise)(225_000, i).toString('base64'));
            assert.equal(await new fileOperationJournal_1.FileOperationJournal(root).get(planId), undefined);
        }
        finally {
            s.dispose();
        }
    });
});
function spawnGitFsck(gitDir) {
    try {
        (0, node_child_process_1.execFileSync)('git', ['--git-dir', gitDir, 'fsck', '--strict', '--no-dangling'], { stdio: 'ignore', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
        return 0;
    }
    catch {
        return 1;
    }
}
//# sourceMappingURL=diskFull.test.js.map