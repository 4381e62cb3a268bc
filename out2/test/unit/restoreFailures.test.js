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
const atomicFile_1 = require("../../src/adapters/files/atomicFile");
const fileOperationJournal_1 = require("../../src/adapters/files/fileOperationJournal");
const gitEnvironment_1 = require("../../src/adapters/shadowStore/gitEnvironment");
const stagedWrite_1 = require("../../src/adapters/shadowStore/stagedWrite");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * What a failed or interrupted restore must undo, and a failed atomic write must not leave: the
 * files (and folders) a restore created go again when it is put back or undone, and no temporary
 * file stays beside a target that could not be replaced.
 */
describe('failed writes leave nothing of their own behind', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-failures-');
    // Written in place (room to spare), and staged first (as near a full disk).
    for (const [how, inPlaceMarginBytes] of [['', undefined], [' (files staged)', Infinity]])
        it(`a restore that fails half-way is put back: the files and folders it created are gone${how}`, async function () {
            const root = tempDir();
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'a1\n');
            (0, sandboxFixtures_1.write)(root, 'new/deep/made.txt', 'made by the checkpoint\n');
            (0, sandboxFixtures_1.write)(root, 'z.txt', 'z1\n');
            const s = (0, sandboxFixtures_1.services)(root, undefined, inPlaceMarginBytes);
            try {
                const plan = await s.plans.createPlan({ title: 'put back' });
                const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
                (0, node_child_process_1.execFileSync)('rm', ['-r', path.join(root, 'new')]);
                (0, sandboxFixtures_1.write)(root, 'a.txt', 'a2\n');
                (0, sandboxFixtures_1.write)(root, 'z.txt', 'z2\n');
                await s.checkpoints.createCheckpoint(plan.plan_id);
                const before = (0, sandboxFixtures_1.hashTree)(root);
                // z.txt cannot be replaced: the restore fails after it wrote the paths sorted before it.
                try {
                    (0, node_child_process_1.execFileSync)('chattr', ['+i', path.join(root, 'z.txt')], { stdio: 'ignore' });
                }
                catch {
                    this.skip(); // no immutable flag on this file system: nothing makes the restore fail half-way
                }
                try {
                    await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, c1.checkpoint_id), /put back as it was/);
                }
                finally {
                    (0, node_child_process_1.execFileSync)('chattr', ['-i', path.join(root, 'z.txt')]);
                }
                assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before, 'a.txt is back, and new/deep/made.txt and its folders are gone');
                assert.equal(await new fileOperationJournal_1.FileOperationJournal(root).get(plan.plan_id), undefined, 'put back: no record left');
            }
            finally {
                s.dispose();
            }
        });
    it('recover --undo of an interrupted restore removes the files and folders it created', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        (0, sandboxFixtures_1.write)(root, 'new/deep/made.txt', 'made by the checkpoint\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'undo' });
            const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, node_child_process_1.execFileSync)('rm', ['-r', path.join(root, 'new')]);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
            const { checkpoint: c2 } = await s.checkpoints.createCheckpoint(plan.plan_id);
            const before = (0, sandboxFixtures_1.hashTree)(root);
            // As a kill leaves it: the created file written, a.txt not yet.
            (0, sandboxFixtures_1.write)(root, 'new/deep/made.txt', 'made by the checkpoint\n');
            await new fileOperationJournal_1.FileOperationJournal(root).begin({
                type: 'rollback',
                plan_id: plan.plan_id,
                target_checkpoint_id: c1.checkpoint_id,
                undo_checkpoint_id: c2.checkpoint_id,
                sandbox_key: plan.plan_id,
                from_ref: c2.sandbox_ref,
                to_ref: c1.sandbox_ref,
                started_at: new Date().toISOString(),
                pid: 999_999_999,
                host: 'another-host',
            });
            const outcome = await s.recovery.recover(plan.plan_id, 'undo');
            assert.deepEqual(outcome.kept, []);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before, 'new/deep/made.txt and its folders are gone');
            assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'two\n');
        }
        finally {
            s.dispose();
        }
    });
    it('an atomic write that fails leaves no temporary file beside its target', async () => {
        const dir = tempDir();
        // The target is a folder holding a file: the rename over it fails after the temporary file was written.
        (0, node_fs_1.mkdirSync)(path.join(dir, 'target'));
        (0, node_fs_1.writeFileSync)(path.join(dir, 'target', 'inside.txt'), 'x');
        const error = await (0, atomicFile_1.writeFileAtomic)(path.join(dir, 'target'), 'new content').then(() => assert.fail('the write over a folder succeeded'), (e) => e);
        assert.ok(error instanceof atomicFile_1.AtomicWriteError && !error.replaced, String(error));
        assert.deepEqual((0, node_fs_1.readdirSync)(dir), ['target'], 'no temporary file is left');
        assert.ok((0, node_fs_1.existsSync)(path.join(dir, 'target', 'inside.txt')));
    });
});
describe('a staged write never renames through a symlinked folder', function () {
    this.timeout(60_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-staged-link-');
    it('a folder on the way that became a symlink out of the sandbox is refused, and nothing lands outside', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'sandbox');
        const outside = path.join(parent, 'outside');
        (0, node_fs_1.mkdirSync)(root);
        (0, node_fs_1.mkdirSync)(outside);
        const gitDir = path.join(parent, 'store.git');
        (0, node_child_process_1.execFileSync)('git', ['init', '-q', '--bare', gitDir]);
        const git = (0, gitEnvironment_1.shadowGit)({ cwd: parent, gitDir, workTree: root });
        const blob = (await git.raw(['hash-object', '-w', '--stdin'], 'new content\n')).trim();
        (0, node_fs_1.symlinkSync)(outside, path.join(root, 'src'));
        const staged = await (0, stagedWrite_1.stageFiles)(git, [{ path: 'src/app.ts', id: `100644 ${blob}` }], path.join(parent, 'staging'));
        try {
            await assert.rejects(staged.moveIntoPlace(root), /not a real folder/);
        }
        finally {
            await staged.discard();
        }
        assert.deepEqual((0, node_fs_1.readdirSync)(outside), [], 'nothing was written outside the sandbox');
    });
});
//# sourceMappingURL=restoreFailures.test.js.map