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
const net = __importStar(require("node:net"));
const path = __importStar(require("node:path"));
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/** Files a sandbox can hold that break naive tools: each is captured, skipped and listed, or left alone, and never hangs a checkpoint. */
describe('hostile files in a sandbox', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-hostile-');
    /** Left out of the comparison: special files (reading one blocks) and the huge sparse file (checked apart). */
    const special = (root) => (rel) => {
        const st = (0, node_fs_1.lstatSync)(path.join(root, rel));
        return st.isFIFO() || st.isSocket() || st.size > 1024 ** 3;
    };
    async function roundTrip(root, sandbox = '.', change = () => (0, sandboxFixtures_1.write)(root, 'marker.txt', 'changed\n')) {
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'hostile', sandbox });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            const before = (0, sandboxFixtures_1.hashTree)(root, special(root));
            change();
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
            return { checkpoint, before, after: (0, sandboxFixtures_1.hashTree)(root, special(root)) };
        }
        finally {
            s.dispose();
        }
    }
    it('a FIFO and a Unix socket are never opened (no hang), not captured, and left alone by a rollback', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'marker.txt', 'm\n');
        (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'fifo')]);
        const server = net.createServer();
        await new Promise((resolve) => server.listen(path.join(root, 'sock'), resolve));
        try {
            const { checkpoint, before, after } = await roundTrip(root);
            assert.equal(checkpoint.metadata.file_count, 1);
            assert.deepEqual(checkpoint.metadata.skipped, [
                { path: 'fifo', reason: 'special_file', file_type: 'fifo' },
                { path: 'sock', reason: 'special_file', file_type: 'socket' },
            ]);
            assert.deepEqual(after, before);
            assert.ok((0, node_fs_1.lstatSync)(path.join(root, 'fifo')).isFIFO());
            assert.ok((0, node_fs_1.lstatSync)(path.join(root, 'sock')).isSocket());
        }
        finally {
            server.close();
        }
    });
    it('special files are listed where git would look: not in ignored folders, not when a rule ignores them, not in nested repositories', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, '.gitignore', 'build/\n*.sock\n');
        (0, sandboxFixtures_1.write)(root, 'src/a.txt', 'a\n');
        (0, sandboxFixtures_1.write)(root, 'build/out.txt', 'o\n');
        (0, node_child_process_1.execFileSync)('git', ['init', '-q', path.join(root, 'nested')]);
        for (const fifo of ['src/deep/pipe', 'build/pipe', 'nested/pipe', 'server.sock']) {
            (0, node_fs_1.mkdirSync)(path.dirname(path.join(root, fifo)), { recursive: true });
            (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, fifo)]);
        }
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'specials', sandbox: '.' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.deepEqual(checkpoint.metadata.skipped, [
                { path: 'nested', reason: 'nested_repository' },
                { path: 'src/deep/pipe', reason: 'special_file', file_type: 'fifo' },
            ]);
            // Found afresh each time: a pipe gone is no longer listed, a new one is.
            (0, node_fs_1.rmSync)(path.join(root, 'src/deep/pipe'));
            (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'src/pipe2')]);
            (0, sandboxFixtures_1.write)(root, 'src/a.txt', 'b\n');
            const second = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.deepEqual(second.checkpoint.metadata.skipped.map((p) => p.path), ['nested', 'src/pipe2']);
        }
        finally {
            s.dispose();
        }
    });
    it('automatic checkpoints list special files too: with a change, and when the files are the last pinned state but not the last checkpoint', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'a\n');
        (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'pipe')]);
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'automatic', sandbox: '.' });
            const { checkpoint: first } = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.equal(await s.checkpoints.createCheckpointIfChanged(plan.plan_id), undefined);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'b\n');
            const changed = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' });
            assert.deepEqual(changed?.checkpoint.metadata.skipped, [{ path: 'pipe', reason: 'special_file', file_type: 'fifo' }]);
            // After a rollback the files are the pinned state again, and differ from the last checkpoint (the safety one).
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
            const afterRollback = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'post_step' });
            assert.deepEqual(afterRollback?.checkpoint.metadata.skipped, [{ path: 'pipe', reason: 'special_file', file_type: 'fifo' }]);
        }
        finally {
            s.dispose();
        }
    });
    it('special files are found through the kept folder listings: a new one in a folder read long ago, one gone, a listing file that is garbage', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'src/deep/a.txt', 'a\n');
        (0, sandboxFixtures_1.write)(root, 'docs/b.txt', 'b\n');
        const s = (0, sandboxFixtures_1.services)(root);
        const listed = async () => (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint.metadata.skipped.map((p) => p.path);
        const plan = await s.plans.createPlan({ title: 'kept listings', sandbox: '.' });
        try {
            assert.deepEqual(await listed(), []);
            // Folders changed within the last 2 s are read every time; older ones are kept and trusted.
            await new Promise((resolve) => setTimeout(resolve, 2100));
            assert.deepEqual(await listed(), []);
            const [listing] = findFiles(s.checkpointDir, 'folders.json');
            assert.ok(listing && (0, node_fs_1.readFileSync)(listing, 'utf8').includes('"src/deep"'), 'the listings are kept');
            (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'src/deep/p')]);
            assert.deepEqual(await listed(), ['src/deep/p']);
            (0, node_fs_1.rmSync)(path.join(root, 'src/deep/p'));
            assert.deepEqual(await listed(), []);
            (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'docs/q')]);
            (0, node_fs_1.writeFileSync)(listing, '{"ignored":[],"folders":[["docs",1,2,0,[],"not a list"]]}');
            assert.deepEqual(await listed(), ['docs/q']);
        }
        finally {
            s.dispose();
        }
    });
    for (const bulk of [false, true]) {
        it(`a captured file replaced by a FIFO${bulk ? ' among 1,200 changed files (one bulk add)' : ''}: the checkpoint is taken without it, a rollback leaves it alone, and the file comes back once it is moved`, async () => {
            const root = tempDir();
            (0, sandboxFixtures_1.write)(root, 'x.txt', 'x\n');
            (0, sandboxFixtures_1.write)(root, 'keep.txt', 'k\n');
            const s = (0, sandboxFixtures_1.services)(root);
            try {
                const plan = await s.plans.createPlan({ title: 'fifo over a file', sandbox: '.' });
                const { checkpoint: first } = await s.checkpoints.createCheckpoint(plan.plan_id);
                (0, node_fs_1.rmSync)(path.join(root, 'x.txt'));
                (0, node_child_process_1.execFileSync)('mkfifo', [path.join(root, 'x.txt')]);
                (0, sandboxFixtures_1.write)(root, 'keep.txt', 'k2\n');
                if (bulk)
                    for (let i = 0; i < 1200; i++)
                        (0, sandboxFixtures_1.write)(root, `many/${i}.txt`, `${i}\n`);
                const { checkpoint: second } = await s.checkpoints.createCheckpoint(plan.plan_id);
                assert.deepEqual(second.metadata.skipped, [{ path: 'x.txt', reason: 'special_file', file_type: 'fifo' }]);
                assert.equal(second.metadata.file_count, bulk ? 1201 : 1);
                // Left alone by the rollback, like every path the sandbox's state skips; the rest is restored.
                await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
                assert.ok((0, node_fs_1.lstatSync)(path.join(root, 'x.txt')).isFIFO());
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'keep.txt'), 'utf8'), 'k\n');
                // Moved away, the file it replaced comes back with the next rollback.
                (0, node_fs_1.rmSync)(path.join(root, 'x.txt'));
                await s.checkpoints.rollbackToCheckpoint(plan.plan_id, first.checkpoint_id);
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'x.txt'), 'utf8'), 'x\n');
            }
            finally {
                s.dispose();
            }
        });
    }
    it('a folder that a rollback would replace by a file, holding only a socket: refused, the socket named', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'd', 'a file\n');
        const s = (0, sandboxFixtures_1.services)(root);
        const server = net.createServer();
        try {
            const plan = await s.plans.createPlan({ title: 'socket in the way', sandbox: '.' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, node_fs_1.rmSync)(path.join(root, 'd'));
            (0, node_fs_1.mkdirSync)(path.join(root, 'd'));
            await new Promise((resolve) => server.listen(path.join(root, 'd/s'), resolve));
            (0, sandboxFixtures_1.write)(root, 'other.txt', 'o\n');
            await s.checkpoints.createCheckpoint(plan.plan_id);
            await assert.rejects(s.checkpoints.previewRollback(plan.plan_id, checkpoint.checkpoint_id), /Rollback blocked: 1 path .*d\/s/s);
            assert.ok((0, node_fs_1.lstatSync)(path.join(root, 'd/s')).isSocket());
        }
        finally {
            server.close();
            s.dispose();
        }
    });
    it('a symlink loop, a 3 GB sparse file and names of every kind: captured as links, skipped unread, taken literally', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'marker.txt', 'm\n');
        (0, node_fs_1.symlinkSync)('loop-b', path.join(root, 'loop-a'));
        (0, node_fs_1.symlinkSync)('loop-a', path.join(root, 'loop-b'));
        (0, node_fs_1.writeFileSync)(path.join(root, 'sparse.bin'), '');
        (0, node_fs_1.truncateSync)(path.join(root, 'sparse.bin'), 3 * 1024 ** 3);
        const names = ['new\nline.txt', 'carriage\rreturn.txt', 'back\\slash.txt', 'emoji-😀.txt', `${'n'.repeat(251)}.txt`, 'Case.txt'];
        for (const name of names)
            (0, sandboxFixtures_1.write)(root, name, `${name}\n`);
        // A path of about 4,000 bytes: 15 folders of 250 characters.
        const deep = Array.from({ length: 15 }, (_, i) => `${i}`.padEnd(250, 'd')).join('/');
        (0, sandboxFixtures_1.write)(root, `${deep}/f.txt`, 'deep\n');
        const { checkpoint, before, after } = await roundTrip(root, '.', () => {
            (0, node_fs_1.renameSync)(path.join(root, 'Case.txt'), path.join(root, 'case.txt')); // a case-only rename
            for (const name of names.slice(0, 5))
                (0, sandboxFixtures_1.write)(root, name, 'changed\n');
            (0, sandboxFixtures_1.write)(root, `${deep}/f.txt`, 'changed\n');
        });
        assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'sparse.bin', reason: 'too_large', size_bytes: 3 * 1024 ** 3 }]);
        assert.equal(checkpoint.metadata.file_count, 1 + 2 + names.length + 1);
        assert.deepEqual(after, before);
        assert.equal((0, node_fs_1.lstatSync)(path.join(root, 'sparse.bin')).size, 3 * 1024 ** 3);
    });
    it('a file whose name is not UTF-8 is listed as skipped, never silently dropped, and left alone by a rollback', async () => {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'marker.txt', 'm\n');
        const name = Buffer.concat([Buffer.from(root + '/bad-'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]);
        (0, node_fs_1.writeFileSync)(name, 'bytes\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 'bytes' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.deepEqual(checkpoint.metadata.skipped, [{ path: 'bad-\uFFFD\uFFFD.txt', reason: 'name_not_utf8' }]);
            assert.equal(checkpoint.metadata.file_count, 1);
            (0, sandboxFixtures_1.write)(root, 'marker.txt', 'changed\n');
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
            assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'marker.txt'), 'utf8'), 'm\n');
            assert.equal((0, node_fs_1.readFileSync)(name, 'utf8'), 'bytes\n');
        }
        finally {
            s.dispose();
        }
    });
    it('read-only files and folders are restored; a sandbox that is a symlink inside the workspace works; so does a workspace path with spaces and accents', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'my wörk späce');
        (0, node_fs_1.mkdirSync)(root);
        (0, sandboxFixtures_1.write)(root, 'real/ro.txt', 'read only\n');
        (0, sandboxFixtures_1.write)(root, 'real/locked/file.txt', 'in a read-only folder\n');
        (0, node_fs_1.chmodSync)(path.join(root, 'real/ro.txt'), 0o444);
        (0, node_fs_1.symlinkSync)('real', path.join(root, 'via-link'));
        const { before, after } = await roundTrip(root, 'via-link', () => {
            (0, node_fs_1.chmodSync)(path.join(root, 'real/ro.txt'), 0o644);
            (0, sandboxFixtures_1.write)(root, 'real/ro.txt', 'changed\n');
            (0, node_fs_1.chmodSync)(path.join(root, 'real/ro.txt'), 0o444);
            (0, sandboxFixtures_1.write)(root, 'real/locked/file.txt', 'changed\n');
            (0, node_fs_1.chmodSync)(path.join(root, 'real/locked'), 0o555);
        });
        (0, node_fs_1.chmodSync)(path.join(root, 'real/locked'), 0o755);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'real/ro.txt'), 'utf8'), 'read only\n');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'real/locked/file.txt'), 'utf8'), 'in a read-only folder\n');
        assert.deepEqual(after['real/ro.txt'], before['real/ro.txt']);
    });
});
/** Every file named `name` under `dir`. */
function findFiles(dir, name) {
    return (0, node_fs_1.readdirSync)(dir, { recursive: true, encoding: 'utf8' })
        .filter((rel) => path.basename(rel) === name)
        .map((rel) => path.join(dir, rel));
}
//# sourceMappingURL=hostileFiles.test.js.map