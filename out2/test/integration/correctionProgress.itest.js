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
// Long corrections in a real extension host (issue 25, item 7): Revert Decision and Undo Correction
// of a decision that changed many files report "N of M files restored" as a rollback does, and a
// Cancel before the first write changes nothing: no file, no decision, no checkpoint, no record.
// The Cancel is answered through the test seam at the moment the notification's button is read.
const assert = __importStar(require("node:assert/strict"));
const node_crypto_1 = require("node:crypto");
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const composition_1 = require("../../src/composition");
const commandIds_1 = require("../../src/extension/commandIds");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const extensionUnderTest_1 = require("./extensionUnderTest");
const FILES = 1500;
async function progress(arg) {
    return (await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PROGRESS_COMMAND, arg)) ?? [];
}
function treeHash(dir) {
    const h = (0, node_crypto_1.createHash)('sha256');
    for (const name of fs.readdirSync(dir).sort())
        h.update(`${name}\0${fs.readFileSync(path.join(dir, name))}\0`);
    return h.digest('hex');
}
/**
 * Runs `command` and asserts that the view was told to reload while the operation wrote (its
 * record on disk: the plan's row says "in progress") and once it had ended (its files as `after`,
 * its record gone), before the command returned. The file watcher's report of the record comes
 * seconds after a large write, or never (VS Code throttles a burst's events, then drops them):
 * the plan's row said "rollback in progress" after the panel said done.
 */
async function reloadsTreeAroundOperation(api, record, dir, after, command) {
    let reloadedWhileWriting = false;
    let reloadedAfterEnd = false;
    const sub = api.onDidChangeTree(() => {
        if (fs.existsSync(record))
            reloadedWhileWriting = true;
        else if (treeHash(dir) === after)
            reloadedAfterEnd = true;
    });
    try {
        const result = await command();
        assert.deepEqual({ reloadedWhileWriting, reloadedAfterEnd }, { reloadedWhileWriting: true, reloadedAfterEnd: true }, 'the view was not told to reload as the operation began writing and when it ended');
        return result;
    }
    finally {
        sub.dispose();
    }
}
describe('Revert Decision and Undo Correction of a large change: counts and Cancel', function () {
    this.timeout(180_000);
    let api;
    let root;
    before(async () => {
        ({ api, root } = await (0, extensionUnderTest_1.activateExtension)());
        await progress({ cancel: false });
        await (0, extensionUnderTest_1.dialogs)();
    });
    let made;
    after(async () => {
        await progress({ cancel: false });
        await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, { closePanel: true });
        // The other suites share this workspace: its 1,500 files and the plan go.
        if (made) {
            const extensionPath = vscode.extensions.getExtension(extensionUnderTest_1.EXTENSION_ID).extensionPath;
            const outside = (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: path.join(extensionPath, 'dist'), logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } });
            try {
                await outside.plans.deletePlan(made);
            }
            finally {
                outside.dispose();
            }
        }
        fs.rmSync(path.join(root, 'correction-progress'), { recursive: true, force: true });
    });
    it('reports "N of 1,500 files restored" and a Cancel before the first write leaves files, decisions and checkpoints as they were', async () => {
        const dir = path.join(root, 'correction-progress');
        fs.mkdirSync(dir, { recursive: true });
        for (let i = 0; i < FILES; i++)
            fs.writeFileSync(path.join(dir, `file${i}.txt`), `v1 ${i}\n`);
        const original = treeHash(dir);
        const created = await vscode.commands.executeCommand(commandIds_1.Commands.createPlan, { title: 'Large correction', sandbox: 'correction-progress' });
        assert.ok(created);
        const planId = created;
        made = created;
        const record = path.join(root, '.cleveragents', 'operations', `${planId}.json`);
        const decision = await api.recordDecision(planId, { title: 'Rewrite every file' });
        await api.runToolCall({ planId, scope: 'both', toolName: 'rewrite', decisionId: decision.decision_id }, () => {
            for (let i = 0; i < FILES; i++)
                fs.writeFileSync(path.join(dir, `file${i}.txt`), `v2 ${i}\n`);
        });
        const rewritten = treeHash(dir);
        const checkpoints = async () => (await api.listCheckpoints(planId)).map((c) => c.checkpoint_id);
        const state = async () => (await api.listDecisions(planId)).map((d) => d.state);
        const before = await checkpoints();
        // Cancel before the first write: nothing changes.
        await progress({ cancel: true });
        const cancelled = await vscode.commands.executeCommand(commandIds_1.Commands.revertDecision, { planId, decisionId: decision.decision_id, skipConfirmation: true });
        assert.equal(cancelled, undefined);
        assert.deepEqual((await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'info').map((d) => d.message), ['Revert cancelled before any file was written: nothing was changed.']);
        assert.equal(treeHash(dir), rewritten, 'a cancelled revert wrote files');
        assert.deepEqual(await state(), ['active']);
        assert.deepEqual(await checkpoints(), before, 'a cancelled revert left a checkpoint');
        const heardCancelled = await progress({ cancel: false });
        assert.deepEqual(heardCancelled.map((h) => h.message), ['saving the current files first']);
        // The revert, with its counts.
        const reverted = await reloadsTreeAroundOperation(api, record, dir, original, () => vscode.commands.executeCommand(commandIds_1.Commands.revertDecision, { planId, decisionId: decision.decision_id, skipConfirmation: true }));
        assert.ok(reverted);
        assert.equal(fs.readFileSync(path.join(dir, 'file1234.txt'), 'utf8'), 'v1 1234\n');
        const heard = await progress();
        assert.ok(heard.every((h) => h.title === 'Reverting the decision'), JSON.stringify(heard.slice(0, 3)));
        const messages = heard.map((h) => h.message);
        assert.equal(messages[0], 'saving the current files first');
        assert.equal(messages[1], '0 of 1,500 files restored');
        assert.equal(messages.at(-1), '1,500 of 1,500 files restored');
        assert.ok(messages.slice(1).every((m) => /^[\d,]+ of 1,500 files restored/.test(m)), JSON.stringify(messages));
        assert.deepEqual(await state(), ['reverted']);
        const reverted1 = treeHash(dir);
        const afterRevert = await checkpoints();
        // Undo Correction: cancelled first, then done, counted the same way.
        const correctionId = reverted.correction_summary.correction_id;
        await progress({ cancel: true });
        assert.equal(await vscode.commands.executeCommand(commandIds_1.Commands.undoCorrection, { planId, correctionId, skipConfirmation: true }), undefined);
        assert.deepEqual((await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'info').map((d) => d.message), ['Undo Correction cancelled before any file was written: nothing was changed.']);
        assert.equal(treeHash(dir), reverted1, 'a cancelled undo wrote files');
        assert.deepEqual(await state(), ['reverted']);
        assert.deepEqual(await checkpoints(), afterRevert, 'a cancelled undo left a checkpoint');
        await progress({ cancel: false });
        assert.ok(await reloadsTreeAroundOperation(api, record, dir, rewritten, () => vscode.commands.executeCommand(commandIds_1.Commands.undoCorrection, { planId, correctionId, skipConfirmation: true })));
        assert.equal(treeHash(dir), rewritten);
        assert.deepEqual(await state(), ['active']);
        const undoMessages = (await progress()).filter((h) => h.title === 'Undoing the correction').map((h) => h.message);
        assert.equal(undoMessages.at(-1), '1,500 of 1,500 files restored');
    });
    it('the undo of a rollback of the same 1,500 files is counted too, and a Cancel before its first write leaves the rolled-back files', async () => {
        assert.ok(made, 'the suite’s first test made the plan');
        const planId = made;
        const dir = path.join(root, 'correction-progress');
        const rewritten = treeHash(dir);
        const first = (await api.listCheckpoints(planId)).find((c) => c.checkpoint_type === 'pre_write');
        assert.ok(await vscode.commands.executeCommand(commandIds_1.Commands.rollback, { planId, checkpointId: first.checkpoint_id, skipConfirmation: true }));
        const rolledBack = treeHash(dir);
        assert.notEqual(rolledBack, rewritten);
        await progress();
        const checkpoints = (await api.listCheckpoints(planId)).map((c) => c.checkpoint_id);
        await progress({ cancel: true });
        assert.equal(await vscode.commands.executeCommand(commandIds_1.Commands.undoRollback, { planId, skipConfirmation: true }), undefined);
        assert.deepEqual((await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'info').map((d) => d.message), ['Undo Rollback cancelled before any file was written: nothing was changed.']);
        assert.equal(treeHash(dir), rolledBack, 'a cancelled undo wrote files');
        assert.deepEqual((await api.listCheckpoints(planId)).map((c) => c.checkpoint_id), checkpoints, 'a cancelled undo left a checkpoint');
        await progress({ cancel: false });
        assert.ok(await vscode.commands.executeCommand(commandIds_1.Commands.undoRollback, { planId, skipConfirmation: true }));
        assert.equal(treeHash(dir), rewritten);
        const heard = await progress();
        assert.ok(heard.every((h) => h.title === 'Undoing the rollback'), JSON.stringify(heard.slice(0, 2)));
        assert.equal(heard.at(-1)?.message, '1,500 of 1,500 files restored');
    });
});
//# sourceMappingURL=correctionProgress.itest.js.map