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
const path = __importStar(require("node:path"));
const correctionService_1 = require("../../src/core/correctionService");
const correctionToolCalls_1 = require("../../src/core/correctionToolCalls");
const decisionGraph_1 = require("../../src/core/decisionGraph");
const errors_1 = require("../../src/core/errors");
const systemClock_1 = require("../../src/adapters/systemClock");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const storeFixtures_1 = require("./helpers/storeFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
const ids = (0, systemClock_1.createUlidGenerator)();
describe('CorrectionService', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-correct-');
    const open = [];
    afterEach(() => {
        for (const s of open.splice(0))
            s.dispose();
    });
    function start(files = { 'a.txt': 'a', 'b.txt': 'b', 'd.txt': 'd' }) {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), files);
        const s = (0, sandboxFixtures_1.services)(root);
        open.push(s);
        return { root, s };
    }
    const files = (root) => {
        const out = {};
        for (const f of ['a.txt', 'b.txt', 'bnew.txt', 'd.txt'])
            if ((0, node_fs_1.existsSync)(path.join(root, f)))
                out[f] = (0, node_fs_1.readFileSync)(path.join(root, f), 'utf8');
        return out;
    };
    /** Records a decision and takes its pre_write checkpoint, runs its edits, takes its post_step. */
    async function decide(s, planId, title, dependsOn, edit) {
        const d = await s.corrections.recordDecision(planId, { title, dependsOn });
        await s.checkpoints.createCheckpoint(planId, { type: 'pre_write', decisionId: d.decision_id });
        edit();
        await s.checkpoints.createCheckpoint(planId, { type: 'post_step', decisionId: d.decision_id });
        return d;
    }
    /** A → B (on A) → C (on B), and D independent, each around its own edits. */
    async function flow(options = {}) {
        const { root, s } = start();
        const plan = await s.plans.createPlan({ title: 'flow' });
        const p = plan.plan_id;
        const A = await decide(s, p, 'A', [], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+A'));
        const afterA = files(root);
        const B = await decide(s, p, 'B', [A.decision_id], () => {
            (0, sandboxFixtures_1.write)(root, 'b.txt', 'b+B');
            (0, sandboxFixtures_1.write)(root, 'bnew.txt', 'from B');
        });
        const C = await decide(s, p, 'C', [B.decision_id], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+A+C'));
        const D = await decide(s, p, 'D', [], () => {
            (0, sandboxFixtures_1.write)(root, 'd.txt', 'd+D');
            if (options.dAlsoEditsB)
                (0, sandboxFixtures_1.write)(root, 'b.txt', 'b+B+D');
        });
        return { root, s, p, A, B, C, D, afterA, end: files(root) };
    }
    const states = async (s, p) => (await s.corrections.listDecisions(p)).map((d) => `${d.decision.title}:${d.decision.state}`);
    it('spec mode: correcting B reverts B then C (BFS), leaves A and D, and the files equal the pre_write of B; undo restores all in one step', async () => {
        const { root, s, p, B, C, afterA, end } = await flow();
        const impact = await s.corrections.analyzeImpact(p, B.decision_id);
        assert.deepEqual(impact.reverted.map((r) => [r.decision.title, r.depth]), [['B', 0], ['C', 1]]);
        const preWriteOfB = (await s.checkpoints.listCheckpoints(p)).find((c) => c.decision_id === B.decision_id && c.checkpoint_type === 'pre_write');
        assert.equal(impact.target_checkpoint?.checkpoint_id, preWriteOfB.checkpoint_id);
        assert.deepEqual(impact.changes.map((c) => `${c.change} ${c.path}`), ['modified a.txt', 'modified b.txt', 'deleted bnew.txt', 'modified d.txt']);
        assert.deepEqual(files(root), end, 'the analysis changes nothing');
        const outcome = await s.corrections.executeRevert(p, B.decision_id);
        assert.deepEqual(outcome.correction.reverted_decisions, [B.decision_id, C.decision_id]);
        assert.deepEqual(files(root), afterA);
        assert.deepEqual(await states(s, p), ['A:active', 'B:reverted', 'C:reverted', 'D:active']);
        const reverted = (await s.corrections.listDecisions(p)).find((d) => d.decision.decision_id === C.decision_id).decision;
        assert.equal(reverted.reverted_by, outcome.correction.correction_id);
        const undone = await s.corrections.undoCorrection(p, outcome.correction.correction_id);
        assert.deepEqual(undone.reactivated, [B.decision_id, C.decision_id]);
        assert.deepEqual(files(root), end);
        assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
        await assert.rejects(s.corrections.undoCorrection(p, outcome.correction.correction_id), (e) => e instanceof errors_1.BusinessRuleViolation && /already undone/.test(e.message));
    });
    it('keep-independent: only the paths B and C changed go back; D’s work stays; undo restores those paths', async () => {
        const { root, s, p, B, end } = await flow();
        const outcome = await s.corrections.executeRevert(p, B.decision_id, 'keep_independent');
        assert.deepEqual(outcome.impact.restore_paths, ['a.txt', 'b.txt', 'bnew.txt']);
        assert.deepEqual(files(root), { 'a.txt': 'a+A', 'b.txt': 'b', 'd.txt': 'd+D' });
        assert.deepEqual(await states(s, p), ['A:active', 'B:reverted', 'C:reverted', 'D:active']);
        (0, sandboxFixtures_1.write)(root, 'd.txt', 'd+D+later');
        await s.corrections.undoCorrection(p, outcome.correction.correction_id);
        assert.deepEqual(files(root), { ...end, 'd.txt': 'd+D+later' }, 'undoing a selective correction keeps later work on other paths');
    });
    it('keep-independent over more paths than a person may name at once (1,200 files in folders): all go back, the independent decision’s file stays, undo brings them all back', async () => {
        const many = Array.from({ length: 1200 }, (_, i) => `pkg${i % 40}/f${i}.txt`);
        const { root, s } = start({ 'a.txt': 'a', ...Object.fromEntries(many.map((f) => [f, `old ${f}\n`])) });
        const p = (await s.plans.createPlan({ title: 'codemod' })).plan_id;
        const B = await decide(s, p, 'B', [], () => many.forEach((f) => (0, sandboxFixtures_1.write)(root, f, `new ${f}\n`)));
        await decide(s, p, 'D', [], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+D'));
        const read = (f) => (0, node_fs_1.readFileSync)(path.join(root, f), 'utf8');
        const impact = await s.corrections.analyzeImpact(p, B.decision_id, 'keep_independent');
        assert.equal(impact.restore_paths?.length, 1200);
        const outcome = await s.corrections.executeRevert(p, B.decision_id, 'keep_independent');
        assert.equal(outcome.correction.restored_paths?.length, 1200);
        assert.ok(many.every((f) => read(f) === `old ${f}\n`), 'every file of B back');
        assert.equal(read('a.txt'), 'a+D', 'D’s work kept');
        assert.equal((await s.corrections.previewUndo(p, outcome.correction)).length, 1200);
        await s.corrections.undoCorrection(p, outcome.correction.correction_id);
        assert.ok(many.every((f) => read(f) === `new ${f}\n`), 'every file of B as B left it');
        assert.equal(read('a.txt'), 'a+D');
    });
    it('keep-independent refuses a path changed by a reverted and by an independent decision, with the list, and changes nothing', async () => {
        const { root, s, p, B, end } = await flow({ dAlsoEditsB: true });
        const impact = await s.corrections.analyzeImpact(p, B.decision_id, 'keep_independent');
        assert.deepEqual(impact.conflicts, ['b.txt']);
        await assert.rejects(s.corrections.executeRevert(p, B.decision_id, 'keep_independent'), (e) => e instanceof errors_1.CorrectionConflictError && e.conflicts.join() === 'b.txt');
        assert.deepEqual(files(root), end);
        assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
        assert.equal((await s.corrections.listCorrections(p)).length, 0);
    });
    describe('keep-independent keeps edits made between the tool calls (merged three ways)', () => {
        const lines = (...xs) => xs.map((x) => `${x}\n`).join('');
        const M0 = lines('1', '2', '3', '4', '5', '6', '7');
        const read = (root, f) => ((0, node_fs_1.existsSync)(path.join(root, f)) ? (0, node_fs_1.readFileSync)(path.join(root, f), 'utf8') : undefined);
        /** A, then B (on A) edits line 1 of m.txt in one tool call and line 3 in a second; between them the user edits line 5 and makes u.txt; after B, the user edits line 7 (or line 1). */
        async function userEditsFlow(userLineAfterB = '7*') {
            const { root, s } = start({ 'm.txt': M0 });
            const plan = await s.plans.createPlan({ title: 'merge' });
            const p = plan.plan_id;
            const A = await decide(s, p, 'A', [], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+A'));
            const B = await s.corrections.recordDecision(p, { title: 'B', dependsOn: [A.decision_id] });
            await s.checkpoints.createCheckpoint(p, { type: 'pre_write', decisionId: B.decision_id });
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5', '6', '7'));
            await s.checkpoints.createCheckpoint(p, { type: 'post_step', decisionId: B.decision_id });
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5u', '6', '7'));
            (0, sandboxFixtures_1.write)(root, 'u.txt', 'mine');
            await s.checkpoints.createCheckpoint(p, { type: 'pre_write', decisionId: B.decision_id });
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3B', '4', '5u', '6', '7'));
            await s.checkpoints.createCheckpoint(p, { type: 'post_step', decisionId: B.decision_id });
            const D = await decide(s, p, 'D', [], () => (0, sandboxFixtures_1.write)(root, 'd.txt', 'd+D'));
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines(userLineAfterB === '1*' ? '1*' : '1B', '2', '3B', '4', '5u', '6', userLineAfterB === '7*' ? '7*' : '7'));
            return { root, s, p, A, B, D };
        }
        it('takes only B’s lines out of a file the user also edited, keeps the user’s file made between B’s tool calls, and undo brings all back', async () => {
            const { root, s, p, B } = await userEditsFlow();
            const before = { m: read(root, 'm.txt'), u: read(root, 'u.txt'), d: read(root, 'd.txt') };
            const impact = await s.corrections.analyzeImpact(p, B.decision_id, 'keep_independent');
            assert.deepEqual(impact.restore_paths, ['m.txt'], 'u.txt was made between B’s tool calls: not B’s work');
            assert.deepEqual(impact.kept, ['m.txt']);
            assert.deepEqual(impact.merge_conflicts, []);
            assert.deepEqual(impact.tool_calls.length, 2);
            assert.deepEqual(impact.changes.map((c) => `${c.change} ${c.path}`), ['modified m.txt']);
            assert.deepEqual({ m: read(root, 'm.txt'), u: read(root, 'u.txt') }, { m: before.m, u: before.u }, 'the analysis writes nothing');
            // What the preview's diffs show: m.txt as the correction leaves it (the merge), not as the checkpoint holds it.
            const after = await s.checkpoints.readFileAtSnapshot(p, impact.after_snapshot, 'm.txt');
            assert.equal(Buffer.from(after).toString('utf8'), lines('1', '2', '3', '4', '5u', '6', '7*'));
            const outcome = await s.corrections.executeRevert(p, B.decision_id, 'keep_independent');
            assert.equal(read(root, 'm.txt'), lines('1', '2', '3', '4', '5u', '6', '7*'), 'B’s lines 1 and 3 out, the user’s lines 5 and 7 kept');
            assert.equal(read(root, 'u.txt'), 'mine');
            assert.equal(read(root, 'd.txt'), 'd+D');
            assert.equal(read(root, 'a.txt'), 'a+A');
            assert.deepEqual(outcome.rollback?.result.changed_paths.map((c) => c.path), ['m.txt']);
            assert.deepEqual(await states(s, p), ['A:active', 'B:reverted', 'D:active']);
            await s.corrections.undoCorrection(p, outcome.correction.correction_id);
            assert.deepEqual({ m: read(root, 'm.txt'), u: read(root, 'u.txt'), d: read(root, 'd.txt') }, before);
            assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'D:active']);
        });
        it('refuses, naming the path and the reason, when the user changed the same lines as a reverted decision; nothing is written', async () => {
            const { root, s, p, B } = await userEditsFlow('1*');
            const before = read(root, 'm.txt');
            const impact = await s.corrections.analyzeImpact(p, B.decision_id, 'keep_independent');
            assert.deepEqual(impact.merge_conflicts, [{ path: 'm.txt', reason: 'lines' }]);
            assert.deepEqual(impact.conflicts, []);
            assert.deepEqual(impact.changes, []);
            await assert.rejects(s.corrections.executeRevert(p, B.decision_id, 'keep_independent'), (e) => e instanceof correctionToolCalls_1.CorrectionMergeConflictError &&
                e instanceof errors_1.CorrectionConflictError &&
                e.conflicts.join() === 'm.txt' &&
                e.message.startsWith('Correction blocked: 1 path was changed both by the decisions it reverts and by someone else between their tool calls') &&
                e.message.includes('m.txt (the same lines were changed by the agent and by someone else)'));
            // The restore checks again on the files it has just captured (they may have changed since the analysis).
            await assert.rejects(s.checkpoints.revertChanges(p, impact.target_checkpoint.checkpoint_id, impact.tool_calls, ['m.txt']), correctionToolCalls_1.CorrectionMergeConflictError);
            assert.equal(read(root, 'm.txt'), before);
            assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'D:active']);
            assert.equal((await s.corrections.listCorrections(p)).length, 0);
            assert.equal((await s.checkpoints.listCheckpoints(p)).filter((c) => c.metadata.source_tool === 'rollback').length, 0, 'no safety checkpoint is kept');
        });
        it('a decision whose checkpoints fence no tool call (manual ones) counts its whole window, and still keeps later edits on other lines', async () => {
            const { root, s } = start({ 'm.txt': M0 });
            const p = (await s.plans.createPlan({ title: 'manual' })).plan_id;
            await s.checkpoints.createCheckpoint(p, {});
            const B = await s.corrections.recordDecision(p, { title: 'B', dependsOn: [] });
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5', '6', '7'));
            (0, sandboxFixtures_1.write)(root, 'n.txt', 'new in the window');
            await s.checkpoints.createCheckpoint(p, { decisionId: B.decision_id });
            (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5u', '6', '7'));
            await s.corrections.executeRevert(p, B.decision_id, 'keep_independent');
            assert.equal(read(root, 'm.txt'), lines('1', '2', '3', '4', '5u', '6', '7'));
            assert.equal(read(root, 'n.txt'), undefined);
        });
    });
    it('a decision’s work is its own tool calls: another decision’s call between them, and the stretches between, are not taken out', () => {
        let n = 0;
        const cp = (type, decision) => {
            n += 1;
            return { checkpoint_id: `C${String(n).padStart(25, '0')}`, checkpoint_type: type, decision_id: decision, created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), sandbox_ref: String(n).padStart(40, '0'), metadata: { source_tool: 'Edit' } };
        };
        const dec = (id) => ({ decision_id: id, created_at: '2026-01-01T00:00:00.000Z' });
        // 1 start, B: 2 pre 3 post, D: 4 pre 5 post, B: 6 pre 7 post, 8 a manual checkpoint of the user's
        const list = [cp('manual', null), cp('pre_write', 'B'), cp('post_step', 'B'), cp('pre_write', 'D'), cp('post_step', 'D'), cp('pre_write', 'B'), cp('post_step', 'B'), cp('manual', null)];
        const spans = (calls) => calls.map((c) => `${Number(c.from.checkpoint_id.slice(1))}-${c.to ? Number(c.to.checkpoint_id.slice(1)) : 'now'}`);
        const calls = (0, correctionToolCalls_1.correctionToolCalls)(list, [dec('B')]);
        assert.deepEqual(spans(calls), ['2-3', '6-7']);
        assert.deepEqual(spans((0, correctionToolCalls_1.stretchesBetween)(list, list[1], calls)), ['3-6', '7-now'], 'kept: D’s call and what anyone changed between');
        assert.deepEqual(spans((0, correctionToolCalls_1.correctionToolCalls)(list, [dec('B'), dec('D')])), ['2-3', '4-5', '6-7'], 'both decisions’ calls; the stretches between still stay');
        // Checkpoints that fence no tool call (manual ones aligned to it): its whole window.
        const manual = [cp('manual', null), cp('manual', 'M'), cp('manual', null), cp('manual', 'M')];
        assert.deepEqual(spans((0, correctionToolCalls_1.correctionToolCalls)(manual, [{ ...dec('M'), created_at: manual[1].created_at }])), [`${n - 3}-${n}`]);
    });
    describe('when the checkpoints it needs are gone (deleted, or pruned before retention kept them)', () => {
        const aligned = async (s, p, d) => (await s.checkpoints.listCheckpoints(p)).filter((c) => c.decision_id === d.decision_id);
        it('keeping independent work, a correction is refused with the decision whose work is not known, and changes nothing', async () => {
            const { root, s, p, B, C, end } = await flow();
            for (const c of await aligned(s, p, C))
                await s.checkpoints.deleteCheckpoint(p, c.checkpoint_id);
            const refusal = (id, extra = '') => (e) => e instanceof errors_1.BusinessRuleViolation && e.message.startsWith(`Correction blocked: cannot revert decision ${id}${extra}: its checkpoints were pruned or never taken`) && /Nothing was changed/.test(e.message);
            await assert.rejects(s.corrections.analyzeImpact(p, B.decision_id, 'keep_independent'), refusal(C.decision_id, ` (it builds on decision ${B.decision_id})`));
            await assert.rejects(s.corrections.executeRevert(p, B.decision_id, 'keep_independent'), refusal(C.decision_id, ` (it builds on decision ${B.decision_id})`));
            // Only its pre_write left: the window of its work is one checkpoint.
            const [, postB] = await aligned(s, p, B);
            await s.checkpoints.deleteCheckpoint(p, postB.checkpoint_id);
            await assert.rejects(s.corrections.executeRevert(p, B.decision_id, 'keep_independent'), refusal(B.decision_id));
            assert.deepEqual(files(root), end);
            assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
            assert.equal((await s.corrections.listCorrections(p)).length, 0);
        });
        it('the undo of a correction whose safety checkpoint is gone is refused, and changes nothing', async () => {
            const { root, s, p, B } = await flow();
            const { correction } = await s.corrections.executeRevert(p, B.decision_id, 'keep_independent');
            const corrected = files(root);
            await s.checkpoints.deleteCheckpoint(p, correction.undo_checkpoint_id);
            const refusal = (e) => e instanceof errors_1.BusinessRuleViolation &&
                e.message === `Undo blocked: the safety checkpoint ${correction.undo_checkpoint_id} of correction ${correction.correction_id} is gone (pruned or deleted), so the files from before the correction cannot be brought back. Nothing was changed.`;
            await assert.rejects(s.corrections.previewUndo(p, correction), refusal);
            await assert.rejects(s.corrections.undoCorrection(p, correction.correction_id), refusal);
            assert.deepEqual(files(root), corrected);
            assert.deepEqual(await states(s, p), ['A:active', 'B:reverted', 'C:reverted', 'D:active']);
            assert.equal((await s.corrections.findCorrection(p, correction.correction_id))?.state, 'applied');
        });
    });
    describe('the BFS', () => {
        async function graph(edges) {
            const { s } = start({ 'a.txt': 'a' });
            const plan = await s.plans.createPlan({ title: 'graph' });
            await s.checkpoints.createCheckpoint(plan.plan_id);
            const byName = {};
            for (const [name, on] of Object.entries(edges))
                byName[name] = await s.corrections.recordDecision(plan.plan_id, { title: name, dependsOn: on.map((n) => byName[n].decision_id) });
            const order = async (name) => (await s.corrections.analyzeImpact(plan.plan_id, byName[name].decision_id)).reverted.map((r) => `${r.decision.title}${r.depth}`);
            return { s, p: plan.plan_id, byName, order };
        }
        it('goes over chains and diamonds once per decision, at its smallest depth', async () => {
            const { order } = await graph({ A: [], B: ['A'], C: ['A'], D: ['B', 'C'], E: ['D'], F: ['A', 'E'] });
            assert.deepEqual(await order('A'), ['A0', 'B1', 'C1', 'F1', 'D2', 'E3']);
            assert.deepEqual(await order('C'), ['C0', 'D1', 'E2', 'F3']);
        });
        it('with several roots reaches the shared dependent from either, and not the other root', async () => {
            const { order } = await graph({ A: [], X: [], D: ['A', 'X'], E: ['X'] });
            assert.deepEqual(await order('A'), ['A0', 'D1']);
            assert.deepEqual(await order('X'), ['X0', 'D1', 'E1']);
        });
        it('skips a branch reverted before, refuses to correct a reverted decision, and to build on one', async () => {
            const { s, p, byName, order } = await graph({ A: [], B: ['A'], C: ['B'], D: ['A'] });
            await s.corrections.executeRevert(p, byName.B.decision_id);
            assert.deepEqual(await order('A'), ['A0', 'D1']);
            await assert.rejects(s.corrections.analyzeImpact(p, byName.C.decision_id), (e) => e instanceof errors_1.BusinessRuleViolation && /already reverted/.test(e.message));
            await assert.rejects(s.corrections.recordDecision(p, { title: 'E', dependsOn: [byName.B.decision_id] }), (e) => e instanceof errors_1.BusinessRuleViolation && /was reverted/.test(e.message));
        });
        it('ends on a cycle written by another client', () => {
            const d = (title, on, id = ids.next()) => ({
                decision_id: id, plan_id: ids.next(), title, rationale: null, state: 'active', created_at: new Date().toISOString(), reverted_at: null, reverted_by: null, depends_on: on,
            });
            const [ia, ib] = [ids.next(), ids.next()];
            const a = d('A', [ib], ia);
            const b = d('B', [ia], ib);
            assert.deepEqual((0, decisionGraph_1.revertOrder)([a, b], a).map((r) => `${r.decision.title}${r.depth}`), ['A0', 'B1']);
        });
    });
    describe('guards, in the reference’s order', () => {
        it('applied plan, then missing sandbox, then decision not found, then decision of another plan; then no checkpoint to go back to', async () => {
            const { root, s } = start({ 'sub/x.txt': 'x' });
            const unknown = ids.next();
            const applied = await s.plans.createPlan({ title: 'applied' });
            await s.plans.applyPlan(applied.plan_id);
            await assert.rejects(s.corrections.executeRevert(applied.plan_id, unknown), (e) => e instanceof errors_1.BusinessRuleViolation && e.message === 'Rollback blocked: plan is already applied');
            const gone = await s.plans.createPlan({ title: 'gone', sandbox: 'sub' });
            (0, node_fs_1.rmSync)(path.join(root, 'sub'), { recursive: true });
            await assert.rejects(s.corrections.executeRevert(gone.plan_id, unknown), (e) => e instanceof errors_1.BusinessRuleViolation && e.message === 'Rollback blocked: sandbox is missing');
            const plan = await s.plans.createPlan({ title: 'p' });
            await assert.rejects(s.corrections.executeRevert(plan.plan_id, unknown), (e) => e instanceof errors_1.NotFoundError && e.message === `Not found: decision ${unknown}`);
            const other = await s.plans.createPlan({ title: 'other' });
            const foreign = await s.corrections.recordDecision(other.plan_id, { title: 'theirs' });
            await assert.rejects(s.corrections.executeRevert(plan.plan_id, foreign.decision_id), (e) => e instanceof errors_1.ValidationError && /^Validation Error: decision .* belongs to plan/.test(e.message));
            const first = await s.corrections.recordDecision(plan.plan_id, { title: 'before any checkpoint' });
            await assert.rejects(s.corrections.executeRevert(plan.plan_id, first.decision_id), (e) => e instanceof errors_1.BusinessRuleViolation && /no checkpoint to restore the files to/.test(e.message));
            assert.deepEqual(await states(s, plan.plan_id), ['before any checkpoint:active']);
        });
        it('without aligned pre_write, the target is the newest checkpoint taken before the decision', async () => {
            const { root, s } = start({ 'a.txt': 'a' });
            const plan = await s.plans.createPlan({ title: 'p' });
            await s.checkpoints.createCheckpoint(plan.plan_id);
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'a2');
            const { checkpoint: newest } = await s.checkpoints.createCheckpoint(plan.plan_id);
            const d = await s.corrections.recordDecision(plan.plan_id, { title: 'late' });
            (0, sandboxFixtures_1.write)(root, 'a.txt', 'a3');
            await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id });
            const impact = await s.corrections.analyzeImpact(plan.plan_id, d.decision_id);
            assert.equal(impact.target_checkpoint?.checkpoint_id, newest.checkpoint_id);
        });
    });
    it('without a checkpoint service: marks the decisions, touches no file, and undo makes them active again', async () => {
        const { root, s, p, B, end } = await flow();
        const deps = { store: s.store, clock: systemClock_1.systemClock, ids, logger: new storeFixtures_1.RecordingLogger() };
        const bare = new correctionService_1.CorrectionService(deps);
        const outcome = await bare.executeRevert(p, B.decision_id);
        assert.equal(outcome.rollback, null);
        assert.equal(outcome.correction.target_checkpoint_id, null);
        assert.deepEqual(files(root), end);
        assert.deepEqual(await states(s, p), ['A:active', 'B:reverted', 'C:reverted', 'D:active']);
        await bare.undoCorrection(p, outcome.correction.correction_id);
        assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
    });
    it('when the decisions cannot be marked after the files were restored, the files are put back: both stay as they were', async () => {
        const { root, s, p, B, end } = await flow();
        // The real store, whose transaction fails where the correction is recorded (a full disk, say).
        const failing = {
            location: s.store.location,
            read: (work) => s.store.read(work),
            write: (work) => s.store.write((uow) => work({ ...uow, corrections: { ...uow.corrections, get: (id) => uow.corrections.get(id), listForPlan: (id) => uow.corrections.listForPlan(id), markUndone: (id, at) => uow.corrections.markUndone(id, at), markApplied: (id) => uow.corrections.markApplied(id), insert: () => { throw new errors_1.StoreError('disk full'); } } })),
            close: () => undefined,
        };
        const service = new correctionService_1.CorrectionService({ store: failing, clock: systemClock_1.systemClock, ids, logger: new storeFixtures_1.RecordingLogger() }, s.checkpoints);
        await assert.rejects(service.executeRevert(p, B.decision_id), (e) => e instanceof errors_1.StoreError && /disk full/.test(e.message));
        assert.deepEqual(files(root), end);
        assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
    });
    it('a failed file restore leaves the decisions active', async () => {
        const { root, s, p, B, end } = await flow();
        // b.txt goes, is ignored from then on, and comes back: the restore would overwrite a file no snapshot holds.
        (0, node_fs_1.rmSync)(path.join(root, 'b.txt'));
        (0, sandboxFixtures_1.write)(root, '.gitignore', 'b.txt\n');
        await s.checkpoints.createCheckpoint(p);
        (0, sandboxFixtures_1.write)(root, 'b.txt', 'precious');
        await assert.rejects(s.corrections.executeRevert(p, B.decision_id), (e) => e instanceof errors_1.BusinessRuleViolation && /not captured/.test(e.message));
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'precious');
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'd.txt'), 'utf8'), end['d.txt']);
        assert.deepEqual(await states(s, p), ['A:active', 'B:active', 'C:active', 'D:active']);
    });
});
//# sourceMappingURL=correctionService.test.js.map