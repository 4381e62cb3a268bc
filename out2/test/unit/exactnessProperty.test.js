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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("node:assert/strict"));
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const fast_check_1 = __importDefault(require("fast-check"));
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const segment = fast_check_1.default.constantFrom('a', 'b', 'lib', 'x.txt');
const relPath = fast_check_1.default.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
const edit = fast_check_1.default.oneof(fast_check_1.default.record({ op: fast_check_1.default.constant('write'), path: relPath, content: fast_check_1.default.string({ maxLength: 40 }), exec: fast_check_1.default.boolean() }), fast_check_1.default.record({ op: fast_check_1.default.constant('delete'), path: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('rename'), from: relPath, to: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('chmod'), path: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('symlink'), path: relPath, target: fast_check_1.default.constantFrom('a', 'x.txt', '../outside', 'lib/b') }));
const step = fast_check_1.default.oneof({ weight: 6, arbitrary: edit.map((e) => ({ kind: 'edit', edit: e })) }, { weight: 2, arbitrary: fast_check_1.default.constant({ kind: 'checkpoint' }) }, 
// An automatic checkpoint: taken only when the files differ from the last checkpoint.
{ weight: 2, arbitrary: fast_check_1.default.constant({ kind: 'auto' }) }, { weight: 2, arbitrary: fast_check_1.default.nat().map((pick) => ({ kind: 'rollback', pick })) }, { weight: 1, arbitrary: fast_check_1.default.constant({ kind: 'undo' }) });
/** Makes every folder on the way to `rel` a real folder, replacing a file or symlink in the way (file becomes folder). */
function realParents(root, rel) {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) {
        const abs = path.join(root, ...parts.slice(0, i));
        const stat = lstatOrNull(abs);
        if (stat && !stat.isDirectory())
            (0, node_fs_1.rmSync)(abs);
        if (!stat || !stat.isDirectory())
            (0, node_fs_1.mkdirSync)(abs);
    }
}
function lstatOrNull(abs) {
    try {
        return (0, node_fs_1.lstatSync)(abs);
    }
    catch {
        return null;
    }
}
/** Applies an edit the way a tool would, never through a symlinked folder; a folder at the path is replaced (folder becomes file). */
function applyEdit(root, e) {
    const abs = (rel) => path.join(root, rel);
    switch (e.op) {
        case 'write':
            realParents(root, e.path);
            (0, node_fs_1.rmSync)(abs(e.path), { recursive: true, force: true });
            (0, node_fs_1.writeFileSync)(abs(e.path), e.content);
            (0, node_fs_1.chmodSync)(abs(e.path), e.exec ? 0o755 : 0o644);
            return;
        case 'delete':
            realParents(root, e.path);
            (0, node_fs_1.rmSync)(abs(e.path), { recursive: true, force: true });
            return;
        case 'rename': {
            if (e.from === e.to || e.to.startsWith(`${e.from}/`) || e.from.startsWith(`${e.to}/`))
                return;
            realParents(root, e.from);
            if (!lstatOrNull(abs(e.from)))
                return;
            realParents(root, e.to);
            (0, node_fs_1.rmSync)(abs(e.to), { recursive: true, force: true });
            (0, node_fs_1.renameSync)(abs(e.from), abs(e.to));
            return;
        }
        case 'chmod': {
            realParents(root, e.path);
            const stat = lstatOrNull(abs(e.path));
            if (stat?.isFile())
                (0, node_fs_1.chmodSync)(abs(e.path), ((0, node_fs_1.statSync)(abs(e.path)).mode & 0o100) !== 0 ? 0o644 : 0o755);
            return;
        }
        case 'symlink':
            realParents(root, e.path);
            (0, node_fs_1.rmSync)(abs(e.path), { recursive: true, force: true });
            (0, node_fs_1.symlinkSync)(e.target, abs(e.path));
            return;
    }
}
/** Every file and symlink with its content and mode; folders only through what they hold (git records no empty folder). */
function captured(root) {
    return Object.fromEntries(Object.entries((0, sandboxFixtures_1.hashTree)(root)).filter(([, v]) => v !== 'dir'));
}
describe('exactness: random edits, checkpoints, rollbacks and undos restore every file byte for byte and mode for mode', function () {
    this.timeout(600_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-prop-');
    // Restores write in place with room to spare, and stage their files first near a full disk: both ways.
    for (const [how, inPlaceMarginBytes] of [['', undefined], [', files staged as near a full disk', Infinity]])
        it(`holds for random sequences (fast-check)${how}`, async () => {
            await fast_check_1.default.assert(fast_check_1.default.asyncProperty(fast_check_1.default.array(step, { minLength: 4, maxLength: 24 }), async (steps) => {
                const root = tempDir();
                const s = (0, sandboxFixtures_1.services)(root, undefined, inPlaceMarginBytes);
                try {
                    const plan = await s.plans.createPlan({ title: 'property' });
                    const taken = [];
                    let lastUndo;
                    /** The files the plan's newest checkpoint holds (a rollback's safety checkpoint included). */
                    let newest;
                    for (const st of steps) {
                        if (st.kind === 'edit')
                            applyEdit(root, st.edit);
                        else if (st.kind === 'checkpoint') {
                            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
                            taken.push({ id: checkpoint.checkpoint_id, files: captured(root) });
                            newest = captured(root);
                        }
                        else if (st.kind === 'auto') {
                            const created = await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type: 'pre_write' });
                            const files = captured(root);
                            if (created)
                                taken.push({ id: created.checkpoint.checkpoint_id, files });
                            // Not taken only when the files are the newest checkpoint's.
                            else
                                assert.deepEqual(files, newest, 'an automatic checkpoint not taken although the files changed');
                            newest = files;
                        }
                        else if (st.kind === 'rollback' && taken.length > 0) {
                            const target = taken[st.pick % taken.length];
                            const before = captured(root);
                            const outcome = await s.checkpoints.rollbackToCheckpoint(plan.plan_id, target.id);
                            assert.deepEqual(captured(root), target.files, `rollback to checkpoint #${taken.indexOf(target)}`);
                            lastUndo = { id: outcome.undo_checkpoint_id, files: before };
                            newest = before;
                        }
                        else if (st.kind === 'undo' && lastUndo) {
                            newest = captured(root);
                            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, lastUndo.id);
                            assert.deepEqual(captured(root), lastUndo.files, 'undo of the last rollback');
                            lastUndo = undefined;
                        }
                    }
                    // A checkpoint taken now and compared with the files says nothing changed.
                    if (taken.length > 0)
                        assert.deepEqual(await s.checkpoints.diff(plan.plan_id, (await s.checkpoints.createCheckpoint(plan.plan_id)).checkpoint.checkpoint_id), []);
                }
                finally {
                    s.dispose();
                }
            }), 
            // More runs: CLEVERAGENTS_PROPERTY_RUNS=500 npm run test:unit -- --grep exactness
            { numRuns: Number(process.env.CLEVERAGENTS_PROPERTY_RUNS) || 30 });
        });
    it('never leaves the sandbox: a symlink pointing out is recorded as a link, and its target is untouched', async () => {
        const parent = tempDir();
        const root = path.join(parent, 'ws');
        (0, node_fs_1.mkdirSync)(root);
        (0, node_fs_1.writeFileSync)(path.join(parent, 'outside'), 'not ours\n');
        const s = (0, sandboxFixtures_1.services)(root);
        try {
            const plan = await s.plans.createPlan({ title: 't' });
            applyEdit(root, { op: 'symlink', path: 'a', target: '../outside' });
            const { checkpoint } = await s.checkpoints.createCheckpoint(plan.plan_id);
            applyEdit(root, { op: 'write', path: 'a/inner', content: 'x', exec: false });
            await s.checkpoints.rollbackToCheckpoint(plan.plan_id, checkpoint.checkpoint_id);
            assert.equal((0, node_fs_1.lstatSync)(path.join(root, 'a')).isSymbolicLink(), true);
            assert.ok((0, node_fs_1.existsSync)(path.join(parent, 'outside')));
        }
        finally {
            s.dispose();
        }
    });
});
//# sourceMappingURL=exactnessProperty.test.js.map