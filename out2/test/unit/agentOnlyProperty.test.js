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
const SHARED = 'shared.txt';
const SHARED_LINES = 20;
function editsOf(owner) {
    const relPath = fast_check_1.default.array(fast_check_1.default.constantFrom('a', 'b', 'x.txt'), { minLength: 1, maxLength: 2 }).map((parts) => `${owner}/${parts.join('/')}`);
    const line = owner === 'agent' ? fast_check_1.default.integer({ min: 0, max: 5 }) : fast_check_1.default.integer({ min: 12, max: 19 });
    return fast_check_1.default.oneof({ weight: 3, arbitrary: fast_check_1.default.record({ op: fast_check_1.default.constant('write'), path: relPath, content: fast_check_1.default.string({ maxLength: 30 }), exec: fast_check_1.default.boolean() }) }, fast_check_1.default.record({ op: fast_check_1.default.constant('delete'), path: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('rename'), from: relPath, to: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('chmod'), path: relPath }), fast_check_1.default.record({ op: fast_check_1.default.constant('symlink'), path: relPath, target: fast_check_1.default.constantFrom('x.txt', '../shared.txt', 'nowhere') }), { weight: 2, arbitrary: fast_check_1.default.record({ op: fast_check_1.default.constant('line'), line, text: fast_check_1.default.stringMatching(/^[a-z ]{0,12}$/) }) });
}
const step = fast_check_1.default.oneof(fast_check_1.default.array(editsOf('agent'), { minLength: 1, maxLength: 3 }).map((edits) => ({ who: 'agent', edits })), fast_check_1.default.array(editsOf('user'), { minLength: 0, maxLength: 3 }).map((edits) => ({ who: 'user', edits })));
function lstatOrNull(abs) {
    try {
        return (0, node_fs_1.lstatSync)(abs);
    }
    catch {
        return null;
    }
}
/** Makes every folder on the way to `rel` a real folder, replacing a file or symlink in the way. */
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
        case 'rename':
            if (e.from === e.to || e.to.startsWith(`${e.from}/`) || e.from.startsWith(`${e.to}/`))
                return;
            realParents(root, e.from);
            if (!lstatOrNull(abs(e.from)))
                return;
            realParents(root, e.to);
            (0, node_fs_1.rmSync)(abs(e.to), { recursive: true, force: true });
            (0, node_fs_1.renameSync)(abs(e.from), abs(e.to));
            return;
        case 'chmod': {
            realParents(root, e.path);
            if (lstatOrNull(abs(e.path))?.isFile())
                (0, node_fs_1.chmodSync)(abs(e.path), ((0, node_fs_1.statSync)(abs(e.path)).mode & 0o100) !== 0 ? 0o644 : 0o755);
            return;
        }
        case 'symlink':
            realParents(root, e.path);
            (0, node_fs_1.rmSync)(abs(e.path), { recursive: true, force: true });
            (0, node_fs_1.symlinkSync)(e.target, abs(e.path));
            return;
        case 'line': {
            const lines = (0, node_fs_1.readFileSync)(abs(SHARED), 'utf8').split('\n');
            lines[e.line] = e.text;
            (0, node_fs_1.writeFileSync)(abs(SHARED), lines.join('\n'));
            return;
        }
    }
}
/** Every file and symlink with its content and mode (git records no empty folder). */
function captured(root) {
    return Object.fromEntries(Object.entries((0, sandboxFixtures_1.hashTree)(root)).filter(([, v]) => v !== 'dir'));
}
describe('agent-only rollback, as a property: random tool calls and outside edits on disjoint files', function () {
    this.timeout(600_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-agent-prop-');
    it('equals the checkpoint plus the outside edits, and its undo equals the state before (fast-check)', async () => {
        await fast_check_1.default.assert(fast_check_1.default.asyncProperty(fast_check_1.default.array(editsOf('agent'), { maxLength: 4 }), fast_check_1.default.array(editsOf('user'), { maxLength: 4 }), fast_check_1.default.array(step, { minLength: 1, maxLength: 8 }), async (agentStart, userStart, steps) => {
            const root = tempDir();
            (0, node_fs_1.writeFileSync)(path.join(root, SHARED), Array.from({ length: SHARED_LINES }, (_, i) => `line ${i}`).join('\n'));
            for (const e of [...agentStart, ...userStart])
                applyEdit(root, e);
            const s = (0, sandboxFixtures_1.services)(root);
            try {
                const plan = await s.plans.createPlan({ title: 'property' });
                const { checkpoint: c } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'C' });
                const atC = captured(root);
                const sharedAtC = (0, node_fs_1.readFileSync)(path.join(root, SHARED), 'utf8').split('\n');
                for (const st of steps) {
                    if (st.who === 'agent')
                        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', sourceTool: 'Edit' });
                    for (const e of st.edits)
                        applyEdit(root, e);
                    if (st.who === 'agent')
                        await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', sourceTool: 'Edit' });
                }
                const before = captured(root);
                const sharedNow = (0, node_fs_1.readFileSync)(path.join(root, SHARED), 'utf8').split('\n');
                // The checkpoint's agent files, everyone else's files as they are now, and shared.txt with both.
                const expected = {};
                for (const [p, v] of Object.entries(atC))
                    if (p.startsWith('agent/'))
                        expected[p] = v;
                for (const [p, v] of Object.entries(before))
                    if (p.startsWith('user/'))
                        expected[p] = v;
                const sharedExpected = sharedNow.map((l, i) => (i <= 5 ? sharedAtC[i] : l));
                const outcome = await s.checkpoints.rollbackAgentOnly(plan.plan_id, c.checkpoint_id);
                const after = captured(root);
                assert.equal((0, node_fs_1.readFileSync)(path.join(root, SHARED), 'utf8'), sharedExpected.join('\n'), 'shared.txt: the checkpoint’s lines 0-5, the others’ lines 12-19');
                delete after[SHARED];
                assert.deepEqual(after, expected);
                assert.deepEqual(outcome.agent_only?.conflicts, []);
                await s.checkpoints.rollbackToCheckpoint(plan.plan_id, outcome.undo_checkpoint_id);
                assert.deepEqual(captured(root), before, 'the undo restores the state before');
            }
            finally {
                s.dispose();
            }
        }), 
        // More runs: CLEVERAGENTS_PROPERTY_RUNS=200 npm run test:unit -- --grep "agent-only rollback, as a property"
        { numRuns: Number(process.env.CLEVERAGENTS_PROPERTY_RUNS) || 12 });
    });
});
//# sourceMappingURL=agentOnlyProperty.test.js.map