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
// Decisions and their correction through the extension's API, in a real extension host: the flow
// A → B (on A) → C (on B) → D (independent), correcting B in both modes, undo, and restoring chosen paths.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../../src/extension/commandIds");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const until_1 = require("./until");
const extensionUnderTest_1 = require("./extensionUnderTest");
async function panel(arg) {
    const probe = await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, arg);
    assert.ok(probe, 'the testing command is not registered: does the extension run in test mode?');
    return probe;
}
function findRow(rows, label) {
    for (const r of rows) {
        if (r.label === label)
            return r;
        const inner = findRow(r.children, label);
        if (inner)
            return inner;
    }
    return undefined;
}
describe('Decisions and correction (API)', function () {
    this.timeout(60_000);
    let api;
    let root;
    let counter = 0;
    before(async () => {
        ({ api, root } = await (0, extensionUnderTest_1.activateExtension)());
    });
    async function flow() {
        counter += 1;
        const dir = path.join(root, `decisions-${counter}`);
        const put = (name, text) => fs.writeFileSync(path.join(dir, name), text);
        fs.mkdirSync(dir, { recursive: true });
        put('a.txt', 'a');
        put('b.txt', 'b');
        put('d.txt', 'd');
        const p = await vscode.commands.executeCommand(commandIds_1.Commands.createPlan, { title: `Decisions ${counter}`, sandbox: `decisions-${counter}` });
        assert.ok(p, 'createPlan returned no plan');
        const decide = async (title, on, edit) => {
            const d = await api.recordDecision(p, { title, dependsOn: on });
            await api.runToolCall({ planId: p, scope: 'both', toolName: `edit-${title}`, decisionId: d.decision_id }, edit);
            return d.decision_id;
        };
        const A = await decide('A', [], () => put('a.txt', 'a+A'));
        const B = await decide('B', [A], () => put('b.txt', 'b+B'));
        const C = await decide('C', [B], () => put('a.txt', 'a+A+C'));
        const D = await decide('D', [], () => put('d.txt', 'd+D'));
        const read = () => ['a.txt', 'b.txt', 'd.txt'].map((n) => fs.readFileSync(path.join(dir, n), 'utf8'));
        return { p, A, B, C, D, read, title: `Decisions ${counter}` };
    }
    const states = async (api, p) => (await api.listDecisions(p)).map((d) => `${d.title}:${d.state}:${d.checkpoint_ids.length}`);
    it('correct B: B and C reverted, A and D active, files at the pre_write of B; undo restores all', async () => {
        const { p, B, C, read } = await flow();
        const preview = await api.previewCorrection(p, B);
        assert.deepEqual(preview.correction_preview.reverted_decisions.map((r) => [r.decision_id, r.depth]), [[B, 0], [C, 1]]);
        const env = await api.correctDecision(p, B);
        assert.deepEqual(env.correction_summary.reverted_decisions, [B, C]);
        assert.deepEqual(read(), ['a+A', 'b', 'd']);
        assert.deepEqual(await states(api, p), ['A:active:2', 'B:reverted:2', 'C:reverted:2', 'D:active:2']);
        await api.undoCorrection(p, env.correction_summary.correction_id);
        assert.deepEqual(read(), ['a+A+C', 'b+B', 'd+D']);
        assert.deepEqual(await states(api, p), ['A:active:2', 'B:active:2', 'C:active:2', 'D:active:2']);
    });
    it('keepIndependent keeps D’s edits; restorePaths restores one file; bad input is refused', async () => {
        const { p, B, read } = await flow();
        await api.correctDecision(p, B, { keepIndependent: true });
        assert.deepEqual(read(), ['a+A', 'b', 'd+D']);
        const first = (await api.listCheckpoints(p))[0];
        const restored = await api.restorePaths(p, first.checkpoint_id, ['d.txt']);
        assert.deepEqual(restored.changes_reverted, ['d.txt']);
        assert.deepEqual(read(), ['a+A', 'b', 'd']);
        await assert.rejects(api.restorePaths(p, first.checkpoint_id, ['../x']), /Validation Error/);
        await assert.rejects(api.correctDecision(p, B), /already reverted/);
    });
    describe('in the tree and the rollback panel', () => {
        after(async () => {
            await panel({ closePanel: true });
        });
        it('the plan shows its decisions, dependents nested; Revert Decision… asks with the decisions and the files, the panel is headed by the correction, Undo Correction undoes it', async () => {
            const { p, A, B, C, read, title } = await flow();
            const full = api;
            const planRow = await (0, until_1.until)('the plan in the tree', async () => findRow(await full.describeTree(), title));
            const labels = planRow.children.map((r) => r.label);
            assert.deepEqual(labels.slice(0, 2), ['A', 'D'], JSON.stringify(labels));
            const a = planRow.children[0];
            assert.equal(a.contextValue, 'decision');
            const decisionsOf = (row) => row.children.filter((r) => r.contextValue?.startsWith('decision')).map((r) => r.label);
            assert.deepEqual(decisionsOf(a), ['B']);
            assert.deepEqual(decisionsOf(a.children[0]), ['C']);
            // the plan's first checkpoint (taken when Create Plan made it) belongs to no decision: it stays under the plan
            assert.deepEqual(planRow.children.slice(2).map((r) => r.label), ['Plan created'], 'every other checkpoint is grouped under its decision');
            const aligned = a.children.filter((r) => r.contextValue?.startsWith('checkpoint'));
            assert.deepEqual(aligned.map((r) => r.label), ['After edit-A', 'Before edit-A'], 'A’s checkpoints under A, newest first');
            assert.ok(aligned.every((r) => /^just now · /.test(r.description ?? '')), 'the time first in the row');
            await (0, extensionUnderTest_1.dialogs)();
            await (0, extensionUnderTest_1.dialogs)(['Revert']);
            const env = await vscode.commands.executeCommand(commandIds_1.Commands.revertDecision, { planId: p, decisionId: B });
            assert.ok(env, 'the command returned nothing');
            const [confirm] = await (0, extensionUnderTest_1.dialogs)();
            assert.equal(confirm.message, 'Revert “B” and 1 decision built on it?');
            assert.deepEqual(confirm.actions, ['Revert', 'Show Changes First']);
            assert.match(confirm.detail ?? '', /^These decisions will be marked reverted:\n• B\n {4}• C\n/);
            assert.match(confirm.detail ?? '', /0 files will be added, 3 modified and 0 deleted\./);
            assert.deepEqual(env.correction_summary.reverted_decisions, [B, C]);
            assert.deepEqual(read(), ['a+A', 'b', 'd']);
            const { state } = await panel();
            assert.equal(state?.correction?.id, env.correction_summary.correction_id);
            assert.deepEqual(state?.correction?.reverted.map((r) => [r.id, r.depth]), [[B, 0], [C, 1]]);
            const reverted = await (0, until_1.until)('B dimmed as reverted', async () => {
                const row = findRow(await full.describeTree(), title);
                return row && findRow(row.children, 'B')?.contextValue === 'decision.reverted' ? row : undefined;
            });
            assert.equal(findRow(reverted.children, 'A')?.contextValue, 'decision');
            await (0, extensionUnderTest_1.dialogs)(['Undo Correction']);
            await panel({ message: { type: 'undoCorrection' } });
            assert.deepEqual(read(), ['a+A+C', 'b+B', 'd+D']);
            assert.deepEqual((await api.listDecisions(p)).map((d) => d.state), ['active', 'active', 'active', 'active']);
            const after = await panel();
            assert.equal(after.state?.mode, 'undo');
            assert.equal(after.state?.correction?.undone, true);
            void A;
        });
        it('Show Changes First changes nothing; Restore this file in the panel restores one path after asking', async () => {
            const { p, B, read } = await flow();
            await (0, extensionUnderTest_1.dialogs)();
            await (0, extensionUnderTest_1.dialogs)(['Show Changes First']);
            const none = await vscode.commands.executeCommand(commandIds_1.Commands.revertDecision, { planId: p, decisionId: B, keepIndependent: true });
            assert.equal(none, undefined);
            assert.deepEqual(read(), ['a+A+C', 'b+B', 'd+D']);
            const { state } = await panel();
            assert.equal(state?.mode, 'compareCurrent');
            assert.deepEqual(state?.changes.map((c) => c.path), ['a.txt', 'b.txt']);
            await (0, extensionUnderTest_1.dialogs)(['Restore']);
            await panel({ message: { type: 'restorePath', path: 'b.txt' } });
            const [ask] = (await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'confirm');
            assert.match(ask.message, /^Restore “b\.txt” of “Decisions \d+” from /);
            assert.deepEqual(read(), ['a+A+C', 'b', 'd+D']);
            assert.deepEqual((await panel()).state?.changes.map((c) => c.path), ['a.txt']);
        });
    });
});
//# sourceMappingURL=decisions.itest.js.map