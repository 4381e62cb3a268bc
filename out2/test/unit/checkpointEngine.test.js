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
const node_fs_1 = require("node:fs");
const node_child_process_1 = require("node:child_process");
const path = __importStar(require("node:path"));
const errors_1 = require("../../src/core/errors");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
const storeFixtures_1 = require("./helpers/storeFixtures");
const composition_1 = require("../../src/composition");
describe('checkpoint engine (real git, real files)', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-engine-');
    /** A sandbox with every kind of entry the product must capture, plus ignored files and a nested repo. */
    function populate(root) {
        (0, sandboxFixtures_1.write)(root, '.gitignore', 'node_modules/\n.env\n*.log\n');
        (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'export const a = 1;\n');
        (0, sandboxFixtures_1.write)(root, 'src/util/strings.ts', 'export const s = "x";\n');
        (0, sandboxFixtures_1.write)(root, 'bin/run.sh', '#!/bin/sh\necho hi\n', 0o755);
        (0, sandboxFixtures_1.write)(root, 'assets/logo.bin', (0, sandboxFixtures_1.noise)(4096, 1));
        (0, sandboxFixtures_1.write)(root, 'docs/with space.md', '# spaced\n');
        (0, sandboxFixtures_1.write)(root, 'docs/ünïcödé-名前.txt', 'unicode\n');
        (0, sandboxFixtures_1.write)(root, '-leading-dash.txt', 'dash\n');
        (0, sandboxFixtures_1.write)(root, 'glob[*].txt', 'literal name with wildcard characters\n');
        (0, sandboxFixtures_1.link)(root, 'src/current.ts', 'app.ts');
        (0, node_fs_1.mkdirSync)(path.join(root, 'empty-at-checkpoint'));
        (0, sandboxFixtures_1.write)(root, 'node_modules/pkg/index.js', 'module.exports = 1;\n');
        (0, sandboxFixtures_1.write)(root, '.env', 'SECRET=1\n');
        (0, sandboxFixtures_1.write)(root, 'debug.log', 'log\n');
        (0, sandboxFixtures_1.write)(root, 'vendor/lib/README', 'nested repo file\n');
        (0, sandboxFixtures_1.git)(path.join(root, 'vendor/lib'), 'init', '-q');
        (0, sandboxFixtures_1.git)(path.join(root, 'vendor/lib'), 'add', '-A');
        (0, sandboxFixtures_1.git)(path.join(root, 'vendor/lib'), 'commit', '-qm', 'nested');
    }
    const ignoredOrNested = (rel) => rel === 'node_modules' || rel === '.env' || rel === 'debug.log' || rel === 'vendor';
    it('restores every captured file byte for byte and mode for mode, leaves ignored files and nested repos alone, and undoes', async () => {
        const root = tempDir();
        populate(root);
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'refactor' });
        const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'before agent' });
        assert.match(checkpoint.sandbox_ref, /^[0-9a-f]{40}$/);
        assert.equal(checkpoint.metadata.reason, 'before agent');
        assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'vendor/lib', reason: 'nested_repository' }]);
        assert.ok(checkpoint.size_bytes > 4096);
        assert.ok((0, node_fs_1.existsSync)(path.join(s.checkpointDir, checkpoint.filesystem_path)), checkpoint.filesystem_path);
        const atCheckpoint = (0, sandboxFixtures_1.hashTree)(root, ignoredOrNested);
        const nestedGit = (0, sandboxFixtures_1.hashTree)(path.join(root, 'vendor/lib'));
        // Every kind of change an agent makes.
        (0, sandboxFixtures_1.write)(root, 'src/app.ts', 'export const a = 2;\n');
        (0, sandboxFixtures_1.write)(root, 'src/new file ✓.ts', 'added\n');
        (0, node_fs_1.unlinkSync)(path.join(root, 'docs/with space.md'));
        (0, node_fs_1.renameSync)(path.join(root, 'src/util/strings.ts'), path.join(root, 'src/util/text.ts'));
        (0, node_fs_1.chmodSync)(path.join(root, 'bin/run.sh'), 0o644);
        (0, sandboxFixtures_1.write)(root, 'assets/logo.bin', (0, sandboxFixtures_1.noise)(4096, 2));
        (0, node_fs_1.rmSync)(path.join(root, 'src/current.ts'));
        (0, sandboxFixtures_1.link)(root, 'src/current.ts', 'util/text.ts');
        (0, node_fs_1.rmSync)(path.join(root, 'empty-at-checkpoint'), { recursive: true });
        (0, node_fs_1.mkdirSync)(path.join(root, 'made-later/empty'), { recursive: true });
        (0, sandboxFixtures_1.write)(root, 'made-later/notes/ü.txt', 'later\n');
        (0, sandboxFixtures_1.write)(root, '-leading-dash.txt', 'changed dash\n');
        (0, sandboxFixtures_1.write)(root, 'node_modules/pkg/index.js', 'module.exports = 2;\n');
        (0, sandboxFixtures_1.write)(root, '.env', 'SECRET=2\n');
        (0, sandboxFixtures_1.write)(root, 'vendor/lib/README', 'nested change\n');
        const beforeRollback = (0, sandboxFixtures_1.hashTree)(root, ignoredOrNested);
        const ignoredBefore = (0, sandboxFixtures_1.hashTree)(root, (r) => !ignoredOrNested(r.split('/')[0]));
        const preview = await s.checkpoints.previewRollback(plan.plan_id, checkpoint.checkpoint_id);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, ignoredOrNested), beforeRollback, 'preview changes nothing');
        const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
        assert.deepEqual(outcome.result.changed_paths, preview);
        assert.deepEqual(outcome.result.changed_paths, [
            { path: '-leading-dash.txt', change: 'modified' },
            { path: 'assets/logo.bin', change: 'modified' },
            { path: 'bin/run.sh', change: 'modified' },
            { path: 'docs/with space.md', change: 'added' },
            { path: 'made-later/notes/ü.txt', change: 'deleted' },
            { path: 'src/app.ts', change: 'modified' },
            { path: 'src/current.ts', change: 'modified' },
            { path: 'src/new file ✓.ts', change: 'deleted' },
            { path: 'src/util/strings.ts', change: 'added' },
            { path: 'src/util/text.ts', change: 'deleted' },
        ]);
        assert.equal(outcome.result.restored_files_count, 10);
        assert.equal(outcome.result.from_checkpoint_id, checkpoint.checkpoint_id);
        // Git records files, not folders: a folder empty at the checkpoint is not re-created, and an
        // empty folder made later stays (nothing in it was captured, so nothing is removed).
        const expected = { ...atCheckpoint, 'made-later/': 'dir', 'made-later/empty/': 'dir' };
        delete expected['empty-at-checkpoint/'];
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, ignoredOrNested), expected);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, (r) => !ignoredOrNested(r.split('/')[0])), ignoredBefore, 'ignored files untouched');
        const nestedAfter = (0, sandboxFixtures_1.hashTree)(path.join(root, 'vendor/lib'));
        const gitOnly = (h) => Object.fromEntries(Object.entries(h).filter(([k]) => k.startsWith('.git/')));
        assert.deepEqual(gitOnly(nestedAfter), gitOnly(nestedGit), 'the nested .git is unchanged');
        assert.notEqual(nestedAfter['README'], nestedGit['README'], 'the nested repo keeps its own later change');
        // One step undoes the rollback, including the files that were made after the checkpoint.
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, outcome.undo_checkpoint_id);
        const afterUndo = (0, sandboxFixtures_1.hashTree)(root, ignoredOrNested);
        delete afterUndo['made-later/notes/'];
        const wanted = { ...beforeRollback };
        delete wanted['made-later/notes/'];
        assert.deepEqual(afterUndo, wanted);
        s.dispose();
    });
    it('never reads or writes the user\'s own git repository, even with GIT_DIR set in the environment', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'one\n' });
        (0, sandboxFixtures_1.git)(root, 'init', '-q');
        (0, sandboxFixtures_1.git)(root, 'add', '-A');
        (0, sandboxFixtures_1.git)(root, 'commit', '-qm', 'user commit');
        const userGit = (0, sandboxFixtures_1.hashTree)(path.join(root, '.git'));
        const saved = { GIT_DIR: process.env.GIT_DIR, GIT_INDEX_FILE: process.env.GIT_INDEX_FILE };
        process.env.GIT_DIR = path.join(root, '.git');
        process.env.GIT_INDEX_FILE = path.join(root, '.git', 'index');
        try {
            const s = (0, sandboxFixtures_1.services)(root);
            const { plan, checkpoints: [checkpoint] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
            s.dispose();
        }
        finally {
            for (const [k, v] of Object.entries(saved))
                if (v === undefined)
                    delete process.env[k];
                else
                    process.env[k] = v;
        }
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(path.join(root, '.git')), userGit);
        assert.equal((0, sandboxFixtures_1.git)(root, 'status', '--porcelain'), '');
    });
    it('enforces the guards in the spec\'s order with the spec\'s messages', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const { plan: p1, checkpoints: [c1] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1, { title: 'one' });
        const { checkpoints: [c2] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1, { title: 'two' });
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(p1.plan_id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'), (e) => e instanceof errors_1.NotFoundError && e.message === 'Not found: checkpoint 01ARZ3NDEKTSV4RRFFQ69G5FAV');
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(p1.plan_id, c2.checkpoint_id), (e) => e instanceof errors_1.ValidationError && /^Validation Error: .*belongs to plan/.test(e.message));
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(p1.plan_id, 'not-a-ulid'), errors_1.ValidationError);
        const { plan: iso, checkpoints: [ci] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1, { title: 'isolated', isolated: true });
        await s.plans.cleanupPlan(iso.plan_id);
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(iso.plan_id, ci.checkpoint_id), (e) => e instanceof errors_1.BusinessRuleViolation && e.message === 'Rollback blocked: sandbox is missing');
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'changed\n');
        await s.plans.applyPlan(p1.plan_id);
        const before = (0, sandboxFixtures_1.hashTree)(root);
        await assert.rejects(s.checkpoints.rollbackToCheckpoint(p1.plan_id, c1.checkpoint_id), (e) => e instanceof errors_1.BusinessRuleViolation && e.message === 'Rollback blocked: plan is already applied');
        // Refused means nothing changed, and no safety checkpoint was recorded.
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        assert.equal((await s.checkpoints.listCheckpoints(p1.plan_id)).length, 1);
        s.dispose();
    });
    it('retention with max 3 over 10 checkpoints keeps the first and the last two, drops the pins, and gc shrinks the store', async () => {
        const root = tempDir();
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'p' });
        await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 3 });
        const ids = [];
        for (let i = 0; i < 10; i++) {
            (0, sandboxFixtures_1.write)(root, 'big.bin', (0, sandboxFixtures_1.noise)(300_000, i + 10));
            const { checkpoint, pruned } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: `step ${i}` });
            ids.push(checkpoint.checkpoint_id);
            if (i >= 3)
                assert.deepEqual(pruned, [ids[i - 2]]);
        }
        const kept = (await s.checkpoints.listCheckpoints(plan.plan_id)).map((c) => c.checkpoint_id);
        assert.deepEqual(kept, [ids[0], ids[8], ids[9]]);
        const pins = (0, sandboxFixtures_1.git)(s.checkpointDir, '--git-dir=shadow.git', 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/').trim().split('\n');
        assert.deepEqual(pins.sort(), kept.map((id) => `refs/checkpoints/${plan.plan_id}/${id}`).sort());
        const before = await s.snapshotter.diskUsage();
        await s.snapshotter.exclusive(plan.plan_id, () => s.snapshotter.collectGarbage());
        const after = await s.snapshotter.diskUsage();
        assert.ok(after < before - 5 * 300_000, `store shrank from ${before} to ${after}`);
        // What is kept still restores.
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, ids[0]);
        assert.deepEqual((0, sandboxFixtures_1.noise)(300_000, 10).equals((0, node_fs_1.readFileSync)(path.join(root, 'big.bin'))), true);
        s.dispose();
    });
    it('a process that defers garbage collection leaves it out of the call that made it due, and runs it when asked', async () => {
        const root = tempDir();
        const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: storeFixtures_1.SQL_WASM_DIR, logger: new storeFixtures_1.RecordingLogger(), deferGarbageCollection: true });
        const plan = await s.plans.createPlan({ title: 'p' });
        await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 3 });
        const counter = path.join(s.checkpointDir, 'shadow.git', 'unpinned-since-gc');
        const unpinned = () => ((0, node_fs_1.existsSync)(counter) ? Number((0, node_fs_1.readFileSync)(counter, 'utf8')) : 0);
        // Each checkpoint from the fourth on drops a pin; the 25th dropped makes a collection due.
        for (let i = 0; unpinned() < 26; i++) {
            (0, sandboxFixtures_1.write)(root, 'big.bin', (0, sandboxFixtures_1.noise)(20_000, i + 10));
            await s.checkpoints.createCheckpoint(plan.plan_id, { reason: `step ${i}` });
            if (i > 40)
                assert.fail(`no collection became due: ${unpinned()} pins dropped`);
        }
        assert.equal(unpinned(), 26, 'the call that made it due did not collect (it would have reset the count)');
        const before = await s.snapshotter.diskUsage();
        assert.equal(await s.snapshotter.collectGarbageWhenDue(), true);
        assert.equal(unpinned(), 0);
        assert.ok((await s.snapshotter.diskUsage()) < before - 10 * 20_000, 'the dropped snapshots are gone');
        assert.equal(await s.snapshotter.collectGarbageWhenDue(), false, 'nothing is due any more');
        s.dispose();
    });
    it('writes commits and refs that git itself accepts, also after git packed the refs', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'p' });
        await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: 2 });
        const shadow = (...args) => (0, sandboxFixtures_1.git)(s.checkpointDir, '--git-dir=shadow.git', ...args).trim();
        const first = (await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'line one\nline two\0with a NUL' })).checkpoint;
        const unchanged = (await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write' })).checkpoint;
        assert.equal(shadow('cat-file', '-t', first.sandbox_ref), 'commit');
        assert.equal(shadow('rev-parse', `${unchanged.sandbox_ref}^{tree}`), shadow('rev-parse', `${first.sandbox_ref}^{tree}`), 'no change: the same tree');
        assert.match(shadow('cat-file', 'commit', first.sandbox_ref), /^tree [0-9a-f]{40}\nauthor CleverAgents Checkpoints <checkpoints@cleveragents\.invalid> \d+ \+0000\ncommitter .*\n\nmanual: line one\nline twowith a NUL$/);
        assert.equal(shadow('rev-parse', `refs/checkpoints/${plan.plan_id}/${first.checkpoint_id}`), first.sandbox_ref);
        // A user (or a future git) packs the refs: deleting and adding pins still works.
        shadow('pack-refs', '--all');
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
        const { checkpoint: third, pruned } = await s.checkpoints.createCheckpoint(plan.plan_id);
        assert.deepEqual(pruned, [unchanged.checkpoint_id]);
        const pins = shadow('for-each-ref', '--format=%(refname) %(objectname)', 'refs/checkpoints/').split('\n').sort();
        assert.deepEqual(pins, [first, third].map((c) => `refs/checkpoints/${plan.plan_id}/${c.checkpoint_id} ${c.sandbox_ref}`).sort());
        const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'one\n');
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, outcome.undo_checkpoint_id);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'a.txt'), 'utf8'), 'two\n');
        await s.snapshotter.exclusive(plan.plan_id, () => s.snapshotter.collectGarbage());
        // fsck checks every object's format and that every ref names a complete snapshot.
        shadow('fsck', '--strict', '--no-dangling');
        s.dispose();
    });
    it('skips files above the size limit, lists them, and never touches them on rollback', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'small.txt': 'small\n', 'huge.bin': (0, sandboxFixtures_1.noise)(2048, 3) });
        const s = (0, sandboxFixtures_1.services)(root, 1024);
        const { plan, checkpoints: [checkpoint] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1);
        assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'huge.bin', reason: 'too_large', size_bytes: 2048 }]);
        (0, sandboxFixtures_1.write)(root, 'huge.bin', (0, sandboxFixtures_1.noise)(4096, 4));
        (0, sandboxFixtures_1.write)(root, 'small.txt', 'changed\n');
        const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
        assert.deepEqual(outcome.result.changed_paths, [{ path: 'small.txt', change: 'modified' }]);
        assert.ok((0, sandboxFixtures_1.noise)(4096, 4).equals((0, node_fs_1.readFileSync)(path.join(root, 'huge.bin'))));
        // A captured file that grows past the limit leaves the capture, and the size, from then on.
        (0, sandboxFixtures_1.write)(root, 'small.txt', 'x'.repeat(2000));
        const grown = (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint;
        assert.deepEqual(grown.metadata.skipped.map((x) => x.path), ['huge.bin', 'small.txt']);
        assert.equal(grown.size_bytes, 0);
        assert.equal(grown.metadata.file_count, 0);
        s.dispose();
    });
    it('diffs between checkpoints and against the sandbox, and reads a file at a checkpoint', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'one\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const { plan, checkpoints: [c1, c2] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 2, {
            before: (i) => {
                if (i === 1)
                    (0, workspaceFixtures_1.workspaceWith)(root, { 'a.txt': 'two\n', 'b.txt': 'b\n' });
            },
        });
        (0, node_fs_1.unlinkSync)(path.join(root, 'a.txt'));
        assert.deepEqual(await s.checkpoints.diff(plan.plan_id, c1.checkpoint_id, c2.checkpoint_id), [
            { path: 'a.txt', change: 'modified' },
            { path: 'b.txt', change: 'added' },
        ]);
        assert.deepEqual(await s.checkpoints.diff(plan.plan_id, c2.checkpoint_id), [{ path: 'a.txt', change: 'deleted' }]);
        assert.equal(Buffer.from((await s.checkpoints.readFileAt(plan.plan_id, c1.checkpoint_id, 'a.txt'))).toString(), 'one\n');
        assert.equal(await s.checkpoints.readFileAt(plan.plan_id, c1.checkpoint_id, 'b.txt'), undefined);
        s.dispose();
    });
    it('createCheckpointIfChanged: nothing written when the files are the last checkpoint\'s, a checkpoint otherwise (also after a rollback)', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'one\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'auto' });
            const first = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { reason: 'first' });
            assert.ok(first, 'a plan without checkpoints always gets one');
            const pins = () => (0, sandboxFixtures_1.git)(s.checkpointDir, '--git-dir=shadow.git', 'for-each-ref', '--format=%(refname)', 'refs/checkpoints/');
            const pinsBefore = pins();
            assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id), undefined);
            assert.deepEqual(pins(), pinsBefore, 'an unchanged sandbox left a pin behind');
            assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 1);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'two\n');
            const second = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { reason: 'second' });
            assert.ok(second);
            assert.equal(Buffer.from((await s.checkpoints.readFileAt(plan.plan_id, second.checkpoint.checkpoint_id, 'a.txt'))).toString(), 'two\n');
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'one\n');
            assert.ok(await s.checkpoints.createCheckpointIfChanged(plan.plan_id), 'back to the first checkpoint\'s files is still a change since the last');
            // after a rollback the files are the target's while the last checkpoint is the safety one
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'three\n');
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, second.checkpoint.checkpoint_id);
            const afterRollback = await s.checkpoints.createCheckpointIfChanged(plan.plan_id);
            assert.ok(afterRollback);
            assert.equal(Buffer.from((await s.checkpoints.readFileAt(plan.plan_id, afterRollback.checkpoint.checkpoint_id, 'a.txt'))).toString(), 'two\n');
            assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id), undefined);
        }
        finally {
            s.dispose();
        }
    });
    it('createCheckpointIfChanged: files changed and changed back after an unpinned snapshot are no change, and the next checkpoint measures exactly', async () => {
        // The index is ahead of HEAD (a preview's unpinned snapshot): status names the path, the tree
        // written is the last checkpoint's, and the size measured beside write-tree is dropped.
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'x'.repeat(100), 'b.txt': 'y'.repeat(30) });
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'back' });
            const first = (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint;
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'x'.repeat(60));
            await s.checkpoints.previewRollback(plan.plan_id, first.checkpoint_id);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'x'.repeat(100));
            assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { reason: 'same' }), undefined);
            assert.equal((await s.checkpoints.listCheckpoints(plan.plan_id)).length, 1);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'x'.repeat(7));
            const next = (await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { reason: 'changed' })).checkpoint;
            assert.equal(next.size_bytes, 7 + 30);
            assert.equal(next.metadata.file_count, 2);
        }
        finally {
            s.dispose();
        }
    });
    it('applies an isolated sandbox into the workspace, and refuses with the list of conflicts', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'shared.txt': 'base\n', 'other.txt': 'base\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'iso', isolated: true });
        const sandbox = path.join(root, plan.sandbox_path);
        assert.equal(plan.sandbox_path, `.cleveragents/sandboxes/${plan.plan_id}`);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(sandbox), (0, sandboxFixtures_1.hashTree)(root, (r) => r === '.cleveragents'));
        (0, sandboxFixtures_1.write)(sandbox, 'other.txt', 'from sandbox\n');
        (0, sandboxFixtures_1.write)(sandbox, 'new.txt', 'new\n');
        const preview = await s.plans.previewApply(plan.plan_id);
        assert.deepEqual(preview, { changes: [{ path: 'new.txt', change: 'added' }, { path: 'other.txt', change: 'modified' }], conflicts: [] });
        const applied = await s.plans.applyPlan(plan.plan_id);
        assert.equal(applied.plan.state, 'applied');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'other.txt'), 'utf8'), 'from sandbox\n');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'new.txt'), 'utf8'), 'new\n');
        const p2 = await s.plans.createPlan({ title: 'iso2', isolated: true });
        (0, sandboxFixtures_1.write)(path.join(root, p2.sandbox_path), 'shared.txt', 'sandbox edit\n');
        (0, sandboxFixtures_1.write)(root, 'shared.txt', 'workspace edit\n');
        const workspaceBefore = (0, sandboxFixtures_1.hashTree)(root, (r) => r === '.cleveragents');
        await assert.rejects(s.plans.applyPlan(p2.plan_id), (e) => e instanceof errors_1.ApplyConflictError && e.conflicts.join() === 'shared.txt' && /shared\.txt/.test(e.message));
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root, (r) => r === '.cleveragents'), workspaceBefore);
        assert.equal((await s.plans.getPlan(p2.plan_id)).state, 'draft');
        s.dispose();
    });
    it('size_bytes and file_count match the captured files across incremental checkpoints, previews and gc', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'x'.repeat(100), 'b/c.txt': 'y'.repeat(250) });
        (0, sandboxFixtures_1.link)(root, 'l', 'a.txt');
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'p' });
        const first = (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint;
        assert.equal(first.size_bytes, 100 + 250 + 'a.txt'.length);
        assert.equal(first.metadata.file_count, 3);
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'x'.repeat(40));
        (0, sandboxFixtures_1.write)(root, 'd.txt', 'z'.repeat(7));
        // An unpinned snapshot (the preview) in between must not disturb the next measurement...
        await s.checkpoints.previewRollback(plan.plan_id, first.checkpoint_id);
        // ...nor may a garbage collection delete what the index of that preview names.
        await s.snapshotter.exclusive(plan.plan_id, () => s.snapshotter.collectGarbage());
        (0, node_fs_1.unlinkSync)(path.join(root, 'b/c.txt'));
        const second = (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint;
        assert.equal(second.size_bytes, 40 + 7 + 'a.txt'.length);
        assert.equal(second.metadata.file_count, 3);
        await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b/c.txt'), 'utf8'), 'y'.repeat(250));
        const third = (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint;
        assert.equal(third.size_bytes, first.size_bytes);
        assert.equal(third.metadata.file_count, 3);
        s.dispose();
    });
    it('puts the sandbox back when a rollback fails half-way, and says so', async function () {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a1\n', 'z.txt': 'z1\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const { plan, checkpoints: [checkpoint] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1);
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a2\n');
        (0, sandboxFixtures_1.write)(root, 'z.txt', 'z2\n');
        (0, sandboxFixtures_1.write)(root, 'new.txt', 'new\n');
        // An immutable file cannot be replaced even by root: the restore fails after writing a.txt.
        try {
            (0, node_child_process_1.execFileSync)('chattr', ['+i', path.join(root, 'z.txt')], { stdio: 'ignore' });
        }
        catch {
            this.skip(); // the file system has no immutable flag (not ext4/xfs/btrfs): nothing to test with
        }
        try {
            const before = (0, sandboxFixtures_1.hashTree)(root);
            await assert.rejects(s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id), /Rollback failed and the sandbox was put back as it was/);
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
        }
        finally {
            (0, node_child_process_1.execFileSync)('chattr', ['-i', path.join(root, 'z.txt')]);
        }
        s.dispose();
    });
    it('loses nothing when several processes take checkpoints of the same sandbox at once', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'base.txt': 'base\n' });
        const s = (0, sandboxFixtures_1.services)(root);
        const plan = await s.plans.createPlan({ title: 'shared' });
        const worker = path.join(__dirname, 'fixtures', 'checkpointWorker.js');
        const names = ['alpha', 'beta', 'gamma'];
        const results = await Promise.all(names.map((name) => new Promise((resolve, reject) => {
            const child = (0, node_child_process_1.spawn)(process.execPath, [worker, root, storeFixtures_1.SQL_WASM_DIR, plan.plan_id, name, '5'], { stdio: ['ignore', 'pipe', 'pipe'] });
            let out = '';
            let err = '';
            child.stdout.on('data', (d) => (out += d.toString()));
            child.stderr.on('data', (d) => (err += d.toString()));
            child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${name} exited ${code}: ${err}`))));
        })));
        const listed = await s.checkpoints.listCheckpoints(plan.plan_id);
        assert.equal(listed.length, 15);
        // Each checkpoint holds its own worker's file at that round: no snapshot saw a half-made index.
        for (const [i, made] of results.entries()) {
            for (const { id, round } of made) {
                const content = await s.checkpoints.readFileAt(plan.plan_id, id, `${names[i]}.txt`);
                assert.equal(Buffer.from(content).toString(), `${names[i]} ${round}\n`);
            }
        }
        s.dispose();
    });
    it('refuses sandbox paths that leave the workspace', async () => {
        const root = tempDir();
        const outside = tempDir();
        (0, sandboxFixtures_1.link)(root, 'escape', outside);
        const s = (0, sandboxFixtures_1.services)(root);
        for (const bad of ['../x', '/etc', 'escape', 'escape/sub', '.cleveragents', '.cleveragents/checkpoints']) {
            await assert.rejects(s.plans.createPlan({ title: 't', sandbox: bad }), errors_1.ValidationError, bad);
        }
        await assert.rejects(s.plans.createPlan({ title: 't', sandbox: 'missing-folder' }), /does not exist/);
        assert.equal((await s.plans.listPlans()).length, 0);
        s.dispose();
    });
});
//# sourceMappingURL=checkpointEngine.test.js.map