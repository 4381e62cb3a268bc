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
// A save with automatic checkpoints does not wait for the burst's pre_write: it captures the file
// it changes (its bytes hashed into the store), goes ahead, and the pre_write, taken afterwards,
// puts each captured path back as it was. Checked here with a real store and real files: the
// pre_write's tree is byte for byte the tree a snapshot of a copy of the sandbox, made before the
// save, has (the same engine, the same rules for ignored, too large and linked files).
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const node_crypto_1 = require("node:crypto");
const path = __importStar(require("node:path"));
const preWriteCaptures_1 = require("../../src/core/preWriteCaptures");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const LIMIT = 1024;
describe('A pre_write taken after the saves it comes before (captured paths put back)', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-prewrite-overlay-');
    async function fixture(files) {
        const root = tempDir();
        const work = path.join(root, 'work');
        files(work);
        const s = (0, sandboxFixtures_1.services)(root, LIMIT);
        const plan = await s.plans.createPlan({ title: 'saves', sandbox: 'work' });
        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write' });
        const store = path.join(root, '.cleveragents', 'checkpoints', 'shadow.git');
        const treeOf = (ref) => (0, sandboxFixtures_1.git)(root, `--git-dir=${store}`, 'rev-parse', `${ref}^{tree}`).trim();
        let copies = 0;
        const treeNow = async () => {
            const name = `ref${++copies}`;
            (0, node_fs_1.cpSync)(work, path.join(root, name), { recursive: true, verbatimSymlinks: true });
            const ref = await s.plans.createPlan({ title: name, sandbox: name });
            const { checkpoint } = await s.checkpoints.createCheckpoint(ref.plan_id);
            return `${treeOf(checkpoint.sandbox_ref)} ${JSON.stringify(checkpoint.metadata.skipped)}`;
        };
        return {
            root,
            store,
            s,
            work,
            planId: plan.plan_id,
            treeNow,
            treeOf,
            capture: (rel) => s.checkpoints.captureBeforeWrite(plan.plan_id, 'work', rel),
            preWrite: async (captures) => {
                const before = captures instanceof preWriteCaptures_1.PreWriteCaptures ? () => captures.close() : () => Promise.resolve(captures);
                const created = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' }, before);
                if (!created)
                    return undefined;
                const c = created.checkpoint;
                return { ref: c.sandbox_ref, skipped: c.metadata.skipped, fileCount: c.metadata.file_count };
            },
        };
    }
    /** Runs a test on a fresh fixture, its services closed after. */
    async function withFixture(files, test) {
        const f = await fixture(files);
        try {
            await test(f);
        }
        finally {
            f.s.dispose();
        }
    }
    /** The pre_write's tree and skipped list, as `treeNow` gives them. */
    function described(f, taken) {
        assert.ok(taken, 'no pre_write was taken');
        return `${f.treeOf(taken.ref)} ${JSON.stringify(taken.skipped)}`;
    }
    it('a modified file: the pre_write holds its bytes and mode from before the save, the rest as it is now', async () => {
        await withFixture((w) => {
            (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n');
            (0, sandboxFixtures_1.write)(w, 'run.sh', '#!/bin/sh\n', 0o755);
            (0, sandboxFixtures_1.write)(w, 'b.ts', 'b1\n');
        }, async (f) => {
            // Written before the pre_write was asked for (an agent's tool, outside VS Code): it belongs in it.
            (0, sandboxFixtures_1.write)(f.work, 'b.ts', 'b2 by a tool\n');
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a1.5 by a tool, bytes the store has not seen\n');
            const captured = [await f.capture('a.ts'), await f.capture('run.sh')];
            const expected = await f.treeNow();
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 saved\n');
            (0, sandboxFixtures_1.write)(f.work, 'run.sh', '#!/bin/sh\necho saved\n', 0o755);
            const taken = await f.preWrite(captured);
            assert.equal(described(f, taken), expected);
            // The blob the capture wrote itself (a loose object) is one git reads, and the store stays sound.
            const pre = (await f.s.checkpoints.listCheckpoints(f.planId)).at(-1);
            assert.equal(Buffer.from((await f.s.checkpoints.readFileAt(f.planId, pre.checkpoint_id, 'a.ts'))).toString(), 'a1.5 by a tool, bytes the store has not seen\n');
            (0, sandboxFixtures_1.git)(f.root, `--git-dir=${f.store}`, 'fsck', '--strict', '--no-dangling');
            // The sandbox's own index still matches its files: the next snapshot holds the saves.
            const next = await f.s.checkpoints.createCheckpointIfChanged(f.planId, { type: 'post_step' });
            assert.ok(next);
            assert.equal(Buffer.from((await f.s.checkpoints.readFileAt(f.planId, next.checkpoint.checkpoint_id, 'a.ts'))).toString(), 'a2 saved\n');
        });
    });
    it('a file the save creates: the pre_write does not hold it', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 by a tool\n');
            const expected = await f.treeNow();
            const captured = await f.capture('src/new/created.ts');
            assert.equal(captured.state, 'absent');
            (0, sandboxFixtures_1.write)(f.work, 'src/new/created.ts', 'new\n');
            assert.equal(described(f, await f.preWrite([captured])), expected);
        });
    });
    it('a file in an ignored folder: nothing put back, the pre_write is what the snapshot captures', async () => {
        await withFixture((w) => {
            (0, sandboxFixtures_1.write)(w, '.gitignore', 'build/\n');
            (0, sandboxFixtures_1.write)(w, 'build/out.js', 'out1\n');
            (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n');
        }, async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 by a tool\n');
            const expected = await f.treeNow();
            const captured = [await f.capture('build/out.js'), await f.capture('build/fresh.js')];
            (0, sandboxFixtures_1.write)(f.work, 'build/out.js', 'out2 saved\n');
            (0, sandboxFixtures_1.write)(f.work, 'build/fresh.js', 'fresh\n');
            assert.equal(described(f, await f.preWrite(captured)), expected);
        });
    });
    it('two files saved while the pre_write is pending, one of them twice: each as before its first save', async () => {
        await withFixture((w) => {
            (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n');
            (0, sandboxFixtures_1.write)(w, 'b.ts', 'b1\n');
        }, async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'c.ts', 'c by a tool\n');
            const expected = await f.treeNow();
            const captures = new preWriteCaptures_1.PreWriteCaptures();
            assert.equal(await captures.add('a.ts', () => f.capture('a.ts')), true);
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 saved\n');
            assert.equal(await captures.add('b.ts', () => f.capture('b.ts')), true);
            (0, sandboxFixtures_1.write)(f.work, 'b.ts', 'b2 saved\n');
            // The second save of a.ts: its capture (a2) must not replace the first (a1).
            assert.equal(await captures.add('a.ts', () => f.capture('a.ts')), true);
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a3 saved again\n');
            assert.equal(described(f, await f.preWrite(captures)), expected);
            // Closed: a later save needs no capture (the snapshot read the files before it).
            assert.equal(captures.add('c.ts', () => f.capture('c.ts')), undefined);
        });
    });
    it('a save through a symlink: the file it lands on is put back, the link stays a link', async () => {
        await withFixture((w) => {
            (0, sandboxFixtures_1.write)(w, 'real/a.ts', 'a1\n');
            (0, sandboxFixtures_1.link)(w, 'alias.ts', 'real/a.ts');
            (0, sandboxFixtures_1.link)(w, 'aliasdir', 'real');
        }, async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'b.ts', 'b by a tool\n');
            const expected = await f.treeNow();
            const captured = [await f.capture('alias.ts'), await f.capture('aliasdir/new.ts')];
            assert.deepEqual(captured.map((c) => [c.path, c.state]), [
                ['real/a.ts', 'file'],
                ['real/new.ts', 'absent'],
            ]);
            (0, sandboxFixtures_1.write)(f.work, 'alias.ts', 'a2 saved through the link\n');
            (0, sandboxFixtures_1.write)(f.work, 'aliasdir/new.ts', 'new through the folder link\n');
            assert.equal(described(f, await f.preWrite(captured)), expected);
        });
    });
    it('a symlink out of the sandbox: not captured, nothing put back', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            (0, sandboxFixtures_1.write)(f.root, 'outside/o.ts', 'o1\n');
            (0, sandboxFixtures_1.link)(f.work, 'out.ts', '../outside/o.ts');
            const expected = await f.treeNow();
            const captured = await f.capture('out.ts');
            assert.equal(captured.state, 'uncaptured');
            (0, sandboxFixtures_1.write)(f.work, 'out.ts', 'o2 saved\n');
            assert.equal(described(f, await f.preWrite([captured])), expected);
        });
    });
    it('a file across the size limit: too large before the save stays out (listed), too large after it is put back', async () => {
        await withFixture((w) => {
            (0, sandboxFixtures_1.write)(w, 'shrinks.bin', (0, sandboxFixtures_1.noise)(LIMIT + 10, 1));
            (0, sandboxFixtures_1.write)(w, 'grows.bin', (0, sandboxFixtures_1.noise)(LIMIT - 10, 2));
            (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n');
        }, async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 by a tool\n');
            const expected = await f.treeNow();
            const captured = [await f.capture('shrinks.bin'), await f.capture('grows.bin')];
            assert.deepEqual(captured.map((c) => c.state), ['too_large', 'file']);
            (0, sandboxFixtures_1.write)(f.work, 'shrinks.bin', (0, sandboxFixtures_1.noise)(LIMIT - 10, 3));
            (0, sandboxFixtures_1.write)(f.work, 'grows.bin', (0, sandboxFixtures_1.noise)(LIMIT + 10, 4));
            assert.equal(described(f, await f.preWrite(captured)), expected);
        });
    });
    it('nothing changed but the saved file: no pre_write (equal to the checkpoint before it)', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            const captured = await f.capture('a.ts');
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 saved\n');
            assert.equal(await f.preWrite([captured]), undefined);
        });
    });
    it('a captured blob that a garbage collection removed before the pre_write is written again from the bytes kept', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            // Bytes the store has never seen: the capture writes them as a loose object.
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 by a tool, before the save\n');
            const captured = await f.capture('a.ts');
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a3 saved\n');
            assert.equal(captured.state, 'file');
            // What `prune --expire=now` does to an object nothing names yet.
            (0, node_fs_1.unlinkSync)(path.join(f.store, 'objects', captured.oid.slice(0, 2), captured.oid.slice(2)));
            assert.throws(() => (0, sandboxFixtures_1.git)(f.root, `--git-dir=${f.store}`, 'cat-file', '-e', captured.oid));
            const taken = await f.preWrite([captured]);
            assert.ok(taken);
            const pre = (await f.s.checkpoints.listCheckpoints(f.planId)).at(-1);
            assert.equal(Buffer.from((await f.s.checkpoints.readFileAt(f.planId, pre.checkpoint_id, 'a.ts'))).toString(), 'a2 by a tool, before the save\n');
        });
    });
    it('a link planted in the store’s objects/ is not written through: the capture fails (the save then waits for the whole pre_write)', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            const text = 'bytes the store has never seen\n';
            (0, sandboxFixtures_1.write)(f.work, 'a.ts', text);
            const oid = (0, node_crypto_1.createHash)('sha1').update(`blob ${Buffer.byteLength(text)}\0${text}`).digest('hex');
            const outside = path.join(f.root, 'outside');
            (0, node_fs_1.mkdirSync)(outside);
            const objects = path.join(f.store, 'objects');
            (0, node_fs_1.rmSync)(path.join(objects, oid.slice(0, 2)), { recursive: true, force: true });
            (0, node_fs_1.symlinkSync)(outside, path.join(objects, oid.slice(0, 2)));
            await assert.rejects(f.capture('a.ts'), /is not a folder of the store \(a link\?\)/);
            assert.deepEqual((0, node_fs_1.readdirSync)(outside), [], 'an object was written outside the store');
        });
    });
    it('a pre_write that finds its index damaged after closing its captures fails rather than read the files again', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'b.ts', 'b by a tool, staged as a loose object\n');
            const oid = (0, sandboxFixtures_1.git)(f.root, 'hash-object', path.join(f.work, 'b.ts')).trim();
            const before = (await f.s.checkpoints.listCheckpoints(f.planId)).length;
            let calls = 0;
            await assert.rejects(f.s.checkpoints.createCheckpointIfChanged(f.planId, { type: 'pre_write' }, async () => {
                // A save after the files were read, then an object the staged index names lost: a
                // rebuilt index would stage a.ts as saved, in a pre_write that must not hold it.
                if (++calls === 1) {
                    (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 saved after the read\n');
                    (0, node_fs_1.unlinkSync)(path.join(f.store, 'objects', oid.slice(0, 2), oid.slice(2)));
                }
                return [];
            }), /Snapshot failed/);
            assert.equal((await f.s.checkpoints.listCheckpoints(f.planId)).length, before);
        });
    });
    it('a write after the pre_write read the files (when it closes the captures) is not in it', async () => {
        await withFixture((w) => (0, sandboxFixtures_1.write)(w, 'a.ts', 'a1\n'), async (f) => {
            (0, sandboxFixtures_1.write)(f.work, 'b.ts', 'b by a tool\n');
            const expected = await f.treeNow();
            const captures = new preWriteCaptures_1.PreWriteCaptures();
            const created = await f.s.checkpoints.createCheckpointIfChanged(f.planId, { type: 'pre_write' }, async () => {
                const list = await captures.close();
                // A save arriving now finds the captures closed and goes ahead at once.
                assert.equal(captures.add('a.ts', () => f.capture('a.ts')), undefined);
                (0, sandboxFixtures_1.write)(f.work, 'a.ts', 'a2 saved after the read\n');
                return list;
            });
            assert.ok(created);
            assert.equal(described(f, { ref: created.checkpoint.sandbox_ref, skipped: created.checkpoint.metadata.skipped }), expected);
        });
    });
});
//# sourceMappingURL=preWriteOverlay.test.js.map