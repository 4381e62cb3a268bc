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
// Rollback from VS Code in a real extension host: the command with its modal answered (through the
// test-mode dialog seam), the guards' messages, unsaved editors, the panel's messages, the diff
// documents, undo, Copy as JSON, the comparisons, the API for agents and the status bar.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const checkpointUris_1 = require("../../src/extension/checkpointDocuments/checkpointUris");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const interruptedRollback_1 = require("../unit/helpers/interruptedRollback");
const until_1 = require("./until");
const extensionUnderTest_1 = require("./extensionUnderTest");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const EVIL = '<img src=x onerror=alert(1)>.txt';
async function panel(arg) {
    const probe = await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, arg);
    assert.ok(probe, 'the testing command is not registered: does the extension run in test mode?');
    return probe;
}
/** Closes the editors but the rollback panel (a webview tab), whose messages the tests send. */
async function closeEditors() {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => !(t.input instanceof vscode.TabInputWebview));
    await vscode.window.tabGroups.close(tabs);
}
function editorTabs() {
    return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => !(t.input instanceof vscode.TabInputWebview));
}
/** Every row of the tree, depth first. */
function tree(rows) {
    return rows.flatMap((r) => [r, ...tree(r.children)]);
}
describe('Rollback from VS Code', function () {
    this.timeout(60_000);
    let api;
    let root;
    let outside;
    let counter = 0;
    const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');
    const exists = (rel) => fs.existsSync(path.join(root, rel));
    /** A plan working in place in a fresh folder with these files. */
    async function sandbox(files, title) {
        counter += 1;
        const dir = `rb-${counter}`;
        for (const [name, text] of Object.entries(files)) {
            fs.mkdirSync(path.dirname(path.join(root, dir, name)), { recursive: true });
            fs.writeFileSync(path.join(root, dir, name), text);
        }
        const plan = await outside.plans.createPlan({ title: title ?? `Rollback test ${counter}`, sandbox: dir });
        return { plan, dir, rel: (p) => `${dir}/${p}` };
    }
    /** A sandbox with a checkpoint, then changed: a.txt modified, b.txt deleted, c.txt and the evil file added. */
    async function changedSandbox() {
        const s = await sandbox({ 'a.txt': 'alpha\n', 'b.txt': 'bravo\n', 'sub/d.txt': 'delta\n' });
        const cp = await api.createCheckpoint(s.plan.plan_id, { reason: 'Before the agent' });
        fs.writeFileSync(path.join(root, s.rel('a.txt')), 'ALPHA changed\n');
        fs.rmSync(path.join(root, s.rel('b.txt')));
        fs.writeFileSync(path.join(root, s.rel('c.txt')), 'charlie\n');
        fs.writeFileSync(path.join(root, s.rel(EVIL)), 'evil\n');
        return { ...s, checkpointId: cp.checkpoint_id };
    }
    before(async () => {
        ({ api, root } = await (0, extensionUnderTest_1.activateExtension)());
        outside = (0, extensionUnderTest_1.outsideServices)(root);
        await (0, extensionUnderTest_1.dialogs)(); // forget what earlier suites showed
    });
    after(async () => {
        await panel({ closePanel: true });
        outside?.dispose();
    });
    describe('Roll Back to Checkpoint', () => {
        it('names the other plan over the same folder whose later change it would undo, with the file, and the checkpoint by its label', async () => {
            const s = await sandbox({ 'src/todo.js': 'todo\n', 'test/todo.test.js': 'test\n' }, 'Add due dates');
            const tidy = await outside.plans.createPlan({ title: 'Tidy the tests', sandbox: s.dir });
            await api.createCheckpoint(tidy.plan_id, { reason: 'start tidying' });
            const cp = await api.createCheckpoint(s.plan.plan_id, { reason: 'before due module' });
            fs.writeFileSync(path.join(root, s.rel('src/due.js')), 'due\n');
            await api.createCheckpoint(s.plan.plan_id, { reason: 'due module' });
            fs.writeFileSync(path.join(root, s.rel('test/todo.test.js')), 'tidied\n');
            await api.createCheckpoint(tidy.plan_id, { reason: 'tidied' });
            await (0, extensionUnderTest_1.dialogs)([null]);
            const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: cp.checkpoint_id });
            assert.equal(outcome, undefined, 'cancelled');
            const [confirm] = await (0, extensionUnderTest_1.dialogs)();
            assert.equal(confirm?.message, 'Roll back “Add due dates” to “before due module”?');
            assert.match(confirm?.detail ?? '', /\nThis also undoes later work of another plan on the same files:\n• plan “Tidy the tests”, 1 path: test\/todo\.test\.js\n/);
            assert.ok(!(confirm?.detail ?? '').includes(cp.checkpoint_id), 'no raw id');
            assert.equal(read(s.rel('test/todo.test.js')), 'tidied\n', 'nothing changed');
        });
        it('asks with a modal that counts and lists the changes, then rolls back and shows the result panel', async () => {
            const s = await changedSandbox();
            await (0, extensionUnderTest_1.dialogs)(['Roll Back']);
            const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            assert.ok(outcome, 'the command returned nothing');
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.equal(shown.length, 1, JSON.stringify(shown));
            const [confirm] = shown;
            assert.equal(confirm.kind, 'confirm');
            assert.equal(confirm.message, `Roll back “${s.plan.title}” to “Before the agent”?`);
            assert.deepEqual(confirm.actions, ['Roll Back', 'Show Changes First']);
            const detail = confirm.detail ?? '';
            assert.ok(detail.startsWith('1 file will be added, 1 modified and 2 deleted.'), detail);
            for (const line of [/^delete\s+<img src=x onerror=alert\(1\)>\.txt$/m, /^restore\s+a\.txt$/m, /^add\s+b\.txt$/m, /^delete\s+c\.txt$/m])
                assert.match(detail, line);
            assert.ok(detail.includes('exactly “Before the agent” (taken just now)') && !detail.includes(s.checkpointId), 'the checkpoint by its name and time, not its id');
            assert.equal(read(s.rel('a.txt')), 'alpha\n');
            assert.equal(read(s.rel('b.txt')), 'bravo\n');
            assert.equal(exists(s.rel('c.txt')), false);
            assert.equal(exists(s.rel(EVIL)), false);
            assert.equal(read(s.rel('sub/d.txt')), 'delta\n');
            assert.equal(outcome.result.restored_files_count, 4);
            assert.equal(outcome.result.from_checkpoint_id, s.checkpointId);
            const { state, html } = await panel();
            assert.ok(state && html);
            assert.equal(state.mode, 'rollback');
            assert.equal(state.plan.id, s.plan.plan_id);
            assert.equal(state.from.id, s.checkpointId);
            assert.equal(state.rollback?.undoCheckpointId, outcome.undo_checkpoint_id);
            assert.deepEqual(state.changes.map((c) => `${c.change} ${c.path}`), [`deleted ${EVIL}`, 'modified a.txt', 'added b.txt', 'deleted c.txt']);
            // the page: a CSP with a nonce, the script by that nonce, no data in the HTML itself
            const nonce = /'nonce-([^']+)'/.exec(html)?.[1];
            assert.ok(nonce, html);
            assert.ok(html.includes(`<script nonce="${nonce}" src=`));
            assert.ok(!html.includes('onerror') && !html.includes(s.plan.title));
        });
        it('changes nothing when the modal is cancelled', async () => {
            const s = await changedSandbox();
            const before = (await api.listCheckpoints(s.plan.plan_id)).length;
            await (0, extensionUnderTest_1.dialogs)([null]);
            const result = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            assert.equal(result, undefined);
            assert.equal((await (0, extensionUnderTest_1.dialogs)()).length, 1);
            assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
            assert.equal(exists(s.rel('c.txt')), true);
            assert.equal((await api.listCheckpoints(s.plan.plan_id)).length, before, 'a cancelled rollback took a checkpoint');
        });
        it('"Show Changes First" opens the preview; its Roll Back button rolls back without asking the same again', async () => {
            const s = await changedSandbox();
            await (0, extensionUnderTest_1.dialogs)(['Show Changes First']);
            assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId }), undefined);
            let probe = await panel();
            assert.equal(probe.state?.mode, 'preview');
            assert.equal(probe.state?.changes.length, 4);
            assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n', 'the preview touched the sandbox');
            await (0, extensionUnderTest_1.dialogs)();
            probe = await panel({ message: { type: 'rollback' } });
            assert.equal((await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'confirm').length, 0, 'the preview was the question; no unsaved editors, so none about them');
            assert.equal(probe.state?.mode, 'rollback');
            assert.equal(read(s.rel('a.txt')), 'alpha\n');
        });
        it('a preview that no longer matches the files asks once before rolling back; Compare with Current offers Roll Back to This Checkpoint', async () => {
            const s = await changedSandbox();
            await (0, extensionUnderTest_1.dialogs)(['Show Changes First']);
            await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            await (0, extensionUnderTest_1.dialogs)();
            fs.writeFileSync(path.join(root, s.rel('late.txt')), 'written after the preview\n');
            await (0, extensionUnderTest_1.dialogs)([null]);
            await panel({ message: { type: 'rollback' } });
            const asked = (await (0, extensionUnderTest_1.dialogs)()).filter((d) => d.kind === 'confirm');
            assert.equal(asked.length, 1, 'the list changed: asked');
            assert.match(asked[0].detail ?? '', /late\.txt/);
            assert.equal(read(s.rel('late.txt')), 'written after the preview\n', 'cancelled');
            await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.compareWithCurrent, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            const compared = await panel();
            assert.equal(compared.state?.mode, 'compareCurrent');
            await (0, extensionUnderTest_1.dialogs)(['Roll Back']);
            const done = await panel({ message: { type: 'rollback' } });
            const once = await (0, extensionUnderTest_1.dialogs)();
            assert.equal(once.filter((d) => d.kind === 'confirm').length, 1, `asked once: ${JSON.stringify(once)}`);
            assert.equal(done.state?.mode, 'rollback');
            assert.equal(exists(s.rel('late.txt')), false);
        });
        it('skips the modal with the rollback.confirm setting (like --yes) or skipConfirmation', async () => {
            const config = vscode.workspace.getConfiguration('cleveragents.checkpoints');
            await config.update('rollback.confirm', false, vscode.ConfigurationTarget.Global);
            try {
                const s = await changedSandbox();
                const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
                assert.equal(outcome?.result.restored_files_count, 4);
                assert.deepEqual(await (0, extensionUnderTest_1.dialogs)(), [], 'a dialog showed although rollback.confirm is off');
            }
            finally {
                await config.update('rollback.confirm', undefined, vscode.ConfigurationTarget.Global);
            }
            const s = await changedSandbox();
            const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId, skipConfirmation: true });
            assert.equal(outcome?.result.restored_files_count, 4);
            assert.deepEqual(await (0, extensionUnderTest_1.dialogs)(), []);
        });
        it('says "Nothing to roll back" when the sandbox already matches', async () => {
            const s = await sandbox({ 'a.txt': 'same\n' });
            const cp = await api.createCheckpoint(s.plan.plan_id);
            assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: cp.checkpoint_id }), undefined);
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.deepEqual(shown.map((d) => d.kind), ['info']);
            assert.match(shown[0].message, /^Nothing to roll back: the files of .* already match/);
        });
    });
    describe('guards: the spec\'s messages, and nothing changes', () => {
        async function refused(args, expected, check) {
            await (0, extensionUnderTest_1.dialogs)(['Roll Back']); // would be answered if one were asked
            const result = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, args);
            assert.equal(result, undefined);
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.deepEqual(shown.map((d) => d.kind), ['error'], JSON.stringify(shown));
            assert.match(shown[0].message, expected);
            await check();
        }
        it('Rollback blocked: plan is already applied', async () => {
            const s = await changedSandbox();
            await outside.plans.applyPlan(s.plan.plan_id);
            const count = (await api.listCheckpoints(s.plan.plan_id)).length;
            await refused({ planId: s.plan.plan_id, checkpointId: s.checkpointId }, /^Rollback blocked: plan is already applied$/, async () => {
                assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
                assert.equal((await api.listCheckpoints(s.plan.plan_id)).length, count);
            });
        });
        it('Rollback blocked: sandbox is missing', async () => {
            const s = await changedSandbox();
            fs.rmSync(path.join(root, s.dir), { recursive: true });
            await refused({ planId: s.plan.plan_id, checkpointId: s.checkpointId }, /^Rollback blocked: sandbox is missing$/, () => {
                assert.equal(exists(s.dir), false, 'the rollback recreated the sandbox');
            });
        });
        it('Not found: checkpoint', async () => {
            const s = await changedSandbox();
            await refused({ planId: s.plan.plan_id, checkpointId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }, /^Not found: checkpoint 01ARZ3NDEKTSV4RRFFQ69G5FAV$/, () => {
                assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
            });
        });
        it('Validation Error: the checkpoint belongs to another plan', async () => {
            const s = await changedSandbox();
            const other = await changedSandbox();
            await refused({ planId: s.plan.plan_id, checkpointId: other.checkpointId }, /^Validation Error: checkpoint .* belongs to plan/, () => {
                assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
                assert.equal(read(other.rel('a.txt')), 'ALPHA changed\n');
            });
        });
        it('Validation Error: arguments that are not ids', async () => {
            await refused({ planId: '../../etc', checkpointId: 'HEAD' }, /^Validation Error: arguments of cleveragents\.checkpoints\.rollback/, () => undefined);
        });
    });
    describe('unsaved editors on paths the rollback changes', () => {
        /** Opens the file in an editor and types into it without saving. */
        async function openWithUnsavedEdit(file) {
            const doc = await vscode.workspace.openTextDocument(file);
            const editor = await vscode.window.showTextDocument(doc);
            assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'UNSAVED ')));
            assert.equal(doc.isDirty, true);
            return doc;
        }
        it('are asked about before anything is touched: Cancel leaves everything as it was', async () => {
            const s = await changedSandbox();
            const doc = await openWithUnsavedEdit(path.join(root, s.rel('a.txt')));
            try {
                const count = (await api.listCheckpoints(s.plan.plan_id)).length;
                await (0, extensionUnderTest_1.dialogs)(['Roll Back', null]);
                assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId }), undefined);
                const shown = await (0, extensionUnderTest_1.dialogs)();
                assert.deepEqual(shown.map((d) => d.kind), ['confirm', 'confirm']);
                assert.equal(shown[1].message, '1 file the rollback changes has unsaved changes.');
                assert.equal(shown[1].detail?.split('\n')[0], 'a.txt', 'the paths, one a line');
                assert.deepEqual(shown[1].actions, ['Save and Continue', 'Discard and Continue']);
                assert.equal(doc.isDirty, true);
                assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
                assert.equal((await api.listCheckpoints(s.plan.plan_id)).length, count);
            }
            finally {
                await vscode.commands.executeCommand('workbench.action.files.revert');
                await closeEditors();
            }
        });
        it('"Save and Continue" saves first, so the safety checkpoint keeps the edits', async () => {
            const s = await changedSandbox();
            const doc = await openWithUnsavedEdit(path.join(root, s.rel('a.txt')));
            await (0, extensionUnderTest_1.dialogs)(['Roll Back', 'Save and Continue']);
            const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            assert.ok(outcome);
            const kept = await outside.checkpoints.readFileAt(s.plan.plan_id, outcome.undo_checkpoint_id, 'a.txt');
            assert.equal(Buffer.from(kept ?? []).toString('utf8'), 'UNSAVED ALPHA changed\n');
            assert.equal(read(s.rel('a.txt')), 'alpha\n');
            // the open editor shows the restored file, not a stale buffer
            await (0, until_1.until)('the editor to show the restored a.txt', () => doc.getText() === 'alpha\n' && !doc.isDirty);
            await closeEditors();
        });
        it('"Discard and Continue" drops the edits, then rolls back', async () => {
            const s = await changedSandbox();
            const doc = await openWithUnsavedEdit(path.join(root, s.rel('a.txt')));
            await (0, extensionUnderTest_1.dialogs)(['Roll Back', 'Discard and Continue']);
            const outcome = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.rollback, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            assert.ok(outcome);
            const kept = await outside.checkpoints.readFileAt(s.plan.plan_id, outcome.undo_checkpoint_id, 'a.txt');
            assert.equal(Buffer.from(kept ?? []).toString('utf8'), 'ALPHA changed\n');
            await (0, until_1.until)('the editor to show the restored a.txt', () => doc.getText() === 'alpha\n' && !doc.isDirty);
            await closeEditors();
        });
        it('refuse the API\'s unconfirmed rollback (nobody to ask)', async () => {
            const s = await changedSandbox();
            await openWithUnsavedEdit(path.join(root, s.rel('a.txt')));
            try {
                await assert.rejects(api.rollback(s.plan.plan_id, s.checkpointId), (e) => {
                    assert.equal(e.type, 'BusinessRuleViolation');
                    assert.match(e.message, /^Rollback blocked: 1 file the rollback would change has unsaved changes in an editor: a\.txt\. Save or revert it first\.$/);
                    return true;
                });
                assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
            }
            finally {
                await vscode.commands.executeCommand('workbench.action.files.revert');
                await closeEditors();
            }
        });
    });
    describe('the result panel', () => {
        let s;
        let envelope;
        before(async () => {
            s = await changedSandbox();
            const done = await api.rollback(s.plan.plan_id, s.checkpointId, { showPanel: true });
            assert.ok(done);
            envelope = done;
        });
        it('opens a path in VS Code\'s diff editor: before and after the rollback, read-only', async () => {
            await closeEditors();
            await panel({ message: { type: 'openDiff', path: 'a.txt' } });
            const tab = await (0, until_1.until)('a diff editor', () => {
                const t = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((x) => x.input instanceof vscode.TabInputTextDiff);
                return t;
            });
            const input = tab.input;
            assert.equal(input.original.scheme, checkpointUris_1.CHECKPOINT_SCHEME);
            assert.equal(input.modified.scheme, checkpointUris_1.CHECKPOINT_SCHEME);
            assert.equal(tab.label, 'a.txt (before ↔ after rollback)');
            assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'ALPHA changed\n');
            assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), 'alpha\n');
            const q = new URLSearchParams(input.original.query);
            assert.equal(q.get('plan'), s.plan.plan_id);
            assert.ok(input.original.path.endsWith('/a.txt'));
        });
        it('shows the empty side for added and deleted paths, and the evil file name as a path', async () => {
            await closeEditors();
            await panel({ message: { type: 'openDiff', path: EVIL } });
            const tab = await (0, until_1.until)('a diff editor', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((x) => x.input instanceof vscode.TabInputTextDiff));
            const input = tab.input;
            assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'evil\n');
            assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), '');
            assert.equal(input.original.path, `/${EVIL}`);
        });
        it('ignores messages that are not valid or name a path it does not list', async () => {
            await closeEditors();
            await (0, extensionUnderTest_1.dialogs)();
            for (const message of [{ type: 'openDiff', path: 'sub/d.txt' }, { type: 'openDiff', path: '../../etc/passwd' }, { type: 'exec', command: 'x' }, 'openAll', null]) {
                await panel({ message });
            }
            await sleep(300);
            assert.deepEqual(editorTabs().map((t) => t.label), []);
            assert.deepEqual(await (0, extensionUnderTest_1.dialogs)(), []);
        });
        it('the content provider refuses URIs it did not make', async () => {
            const ok = (0, checkpointUris_1.formatCheckpointLocation)({ folder: vscode.workspace.workspaceFolders[0].uri.toString(), planId: s.plan.plan_id, checkpointId: s.checkpointId, path: 'a.txt' });
            assert.equal((await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: checkpointUris_1.CHECKPOINT_SCHEME, ...ok }))).getText(), 'alpha\n');
            const bad = [
                { ...ok, path: '/../../etc/passwd' },
                { ...ok, query: ok.query.replace(s.checkpointId, 'HEAD~1') },
                { ...ok, query: ok.query.replace(encodeURIComponent(vscode.workspace.workspaceFolders[0].uri.toString()), encodeURIComponent('file:///etc')) },
            ];
            for (const b of bad) {
                await assert.rejects(Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: checkpointUris_1.CHECKPOINT_SCHEME, ...b }))), () => true, JSON.stringify(b));
            }
        });
        it('"Open All" opens the changes in one multi-file diff editor', async () => {
            await closeEditors();
            await panel({ message: { type: 'openAll' } });
            const tab = await (0, until_1.until)('the multi-diff editor', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.startsWith('Rollback of')));
            assert.equal(tab.label, `Rollback of ${s.plan.title} to Before the agent (4 files)`);
            assert.deepEqual(await (0, extensionUnderTest_1.dialogs)(), []);
            await closeEditors();
        });
        it('"Copy as JSON" copies the envelope the CLI prints', async () => {
            const probe = await panel({ message: { type: 'copyJson' } });
            const copied = JSON.parse(probe.copied ?? 'null');
            assert.deepEqual(copied, envelope);
            assert.equal(copied.rollback_summary.plan_id, s.plan.plan_id);
            assert.deepEqual(copied.messages, ['Rollback completed successfully.']);
        });
        it('"Undo Rollback" restores the safety checkpoint after the same confirmation', async () => {
            await (0, extensionUnderTest_1.dialogs)(['Undo Rollback']);
            const probe = await panel({ message: { type: 'undo' } });
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.equal(shown.length, 1);
            assert.equal(shown[0].message, `Undo the rollback of “${s.plan.title}”?`);
            assert.ok(shown[0].detail?.startsWith('2 files will be added, 1 modified and 1 deleted.'), shown[0].detail);
            assert.equal(probe.state?.mode, 'undo');
            assert.equal(read(s.rel('a.txt')), 'ALPHA changed\n');
            assert.equal(exists(s.rel('b.txt')), false);
            assert.equal(read(s.rel('c.txt')), 'charlie\n');
            assert.equal(read(s.rel(EVIL)), 'evil\n');
        });
        it('the Undo Rollback command undoes the plan\'s last rollback', async () => {
            const t = await changedSandbox();
            await api.rollback(t.plan.plan_id, t.checkpointId);
            assert.equal(read(t.rel('a.txt')), 'alpha\n');
            await (0, extensionUnderTest_1.dialogs)(['Undo Rollback']);
            const undone = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.undoRollback, { planId: t.plan.plan_id });
            assert.ok(undone);
            assert.equal(read(t.rel('a.txt')), 'ALPHA changed\n');
            assert.equal((await (0, extensionUnderTest_1.dialogs)()).length, 1);
        });
        it('"Undo Rollback" whose safety checkpoint is gone says so, and changes nothing', async () => {
            const t = await changedSandbox();
            const done = await api.rollback(t.plan.plan_id, t.checkpointId, { showPanel: true });
            assert.ok(done);
            const safety = done.post_rollback_state.undo_checkpoint_id;
            await outside.checkpoints.deleteCheckpoint(t.plan.plan_id, safety);
            await (0, extensionUnderTest_1.dialogs)(['Undo Rollback']); // would be answered if one were asked
            await panel({ message: { type: 'undo' } });
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.deepEqual(shown.map((d) => d.kind), ['error'], JSON.stringify(shown));
            assert.match(shown[0].message, new RegExp(`^Undo blocked: the safety checkpoint ${safety} of this rollback is gone \\(pruned or deleted\\)`));
            assert.equal(read(t.rel('a.txt')), 'alpha\n');
            assert.equal(exists(t.rel('c.txt')), false);
        });
    });
    describe('Compare with Current / Previous', () => {
        it('shows what changed since a checkpoint, and the diff against the file on disk', async () => {
            const s = await changedSandbox();
            const state = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.compareWithCurrent, { planId: s.plan.plan_id, checkpointId: s.checkpointId });
            assert.equal(state?.mode, 'compareCurrent');
            assert.deepEqual(state.changes.map((c) => `${c.change} ${c.path}`), [`added ${EVIL}`, 'modified a.txt', 'deleted b.txt', 'added c.txt']);
            await closeEditors();
            await panel({ message: { type: 'openDiff', path: 'a.txt' } });
            const tab = await (0, until_1.until)('a diff editor', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((x) => x.input instanceof vscode.TabInputTextDiff));
            const input = tab.input;
            assert.equal(input.original.scheme, checkpointUris_1.CHECKPOINT_SCHEME);
            assert.equal(input.modified.scheme, 'file');
            assert.equal(input.modified.fsPath, path.join(root, s.rel('a.txt')));
            await closeEditors();
        });
        it('compares a checkpoint with the one before it; the first has none', async () => {
            const s = await sandbox({ 'a.txt': 'one\n' });
            const first = await api.createCheckpoint(s.plan.plan_id, { reason: 'First' });
            fs.writeFileSync(path.join(root, s.rel('a.txt')), 'two\n');
            fs.writeFileSync(path.join(root, s.rel('new.txt')), 'new\n');
            const second = await api.createCheckpoint(s.plan.plan_id, { reason: 'Second' });
            const state = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.compareWithPrevious, { planId: s.plan.plan_id, checkpointId: second.checkpoint_id });
            assert.equal(state?.mode, 'comparePrevious');
            assert.equal(state.from.id, first.checkpoint_id);
            assert.equal(state.to?.id, second.checkpoint_id);
            assert.deepEqual(state.changes.map((c) => `${c.change} ${c.path}`), ['modified a.txt', 'added new.txt']);
            assert.equal(await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.compareWithPrevious, { planId: s.plan.plan_id, checkpointId: first.checkpoint_id }), undefined);
            const shown = await (0, extensionUnderTest_1.dialogs)();
            assert.match(shown.at(-1)?.message ?? '', /is the plan's first checkpoint/);
        });
    });
    describe('the API for agents', () => {
        it('runToolCall takes a pre_write before and a post_step after, with the tool as source_tool', async () => {
            const s = await sandbox({ 'a.txt': 'before\n' });
            let seenInside = [];
            const result = await api.runToolCall({ planId: s.plan.plan_id, scope: 'both', toolName: 'write_file' }, async ({ preWrite }) => {
                seenInside = (await api.listCheckpoints(s.plan.plan_id)).map((c) => c.checkpoint_type);
                assert.equal(preWrite?.checkpoint_type, 'pre_write');
                fs.writeFileSync(path.join(root, s.rel('a.txt')), 'after\n');
                return 42;
            });
            assert.equal(result, 42);
            assert.deepEqual(seenInside, ['pre_write'], 'the pre_write was not taken before the tool ran');
            const list = await api.listCheckpoints(s.plan.plan_id);
            assert.deepEqual(list.map((c) => [c.checkpoint_type, c.metadata.source_tool, c.metadata.phase, c.metadata.extra.outcome]), [
                ['pre_write', 'write_file', 'execute', undefined],
                ['post_step', 'write_file', 'execute', 'succeeded'],
            ]);
            const pre = await outside.checkpoints.readFileAt(s.plan.plan_id, list[0].checkpoint_id, 'a.txt');
            const post = await outside.checkpoints.readFileAt(s.plan.plan_id, list[1].checkpoint_id, 'a.txt');
            assert.equal(Buffer.from(pre ?? []).toString(), 'before\n');
            assert.equal(Buffer.from(post ?? []).toString(), 'after\n');
        });
        it('each scope takes exactly its checkpoints', async () => {
            const s = await sandbox({ 'a.txt': 'x\n' });
            for (const scope of ['none', 'pre_write', 'post_step'])
                await api.runToolCall({ planId: s.plan.plan_id, scope, toolName: `tool-${scope}` }, () => undefined);
            assert.deepEqual((await api.listCheckpoints(s.plan.plan_id)).map((c) => `${c.checkpoint_type}:${c.metadata.source_tool}`), ['pre_write:tool-pre_write', 'post_step:tool-post_step']);
        });
        it('a failing tool still gets its post_step (outcome failed) and its error comes back', async () => {
            const s = await sandbox({ 'a.txt': 'x\n' });
            await assert.rejects(api.runToolCall({ planId: s.plan.plan_id, scope: 'both', toolName: 'flaky' }, () => {
                throw new Error('tool broke');
            }), /tool broke/);
            assert.deepEqual((await api.listCheckpoints(s.plan.plan_id)).map((c) => `${c.checkpoint_type}:${c.metadata.extra.outcome ?? ''}`), ['pre_write:', 'post_step:failed']);
        });
        it('a pre_write that cannot be taken stops the tool call', async () => {
            const s = await sandbox({ 'a.txt': 'x\n' });
            await outside.plans.applyPlan(s.plan.plan_id);
            let ran = false;
            await assert.rejects(api.runToolCall({ planId: s.plan.plan_id, scope: 'pre_write', toolName: 't' }, () => {
                ran = true;
            }), /Checkpoint blocked: plan is already applied/);
            assert.equal(ran, false);
        });
        it('validates every argument', async () => {
            const s = await sandbox({ 'a.txt': 'x\n' });
            await assert.rejects(api.runToolCall({ planId: s.plan.plan_id, scope: 'always', toolName: 't' }, () => 1), /Validation Error: tool call: scope/);
            await assert.rejects(api.runToolCall({ planId: s.plan.plan_id, scope: 'none', toolName: '  ' }, () => 1), /Validation Error: tool call: toolName/);
            await assert.rejects(api.createCheckpoint('nope'), /Validation Error: plan id/);
            await assert.rejects(api.createCheckpoint(s.plan.plan_id, { type: 'weird' }), /Validation Error: checkpoint options/);
            await assert.rejects(api.rollback(s.plan.plan_id, 'x'), /Validation Error: checkpoint id/);
            await assert.rejects(api.rollback(s.plan.plan_id, s.plan.plan_id, { yes: true }), /Validation Error: rollback options/);
        });
        it('preview and rollback return the spec\'s shapes', async () => {
            const s = await changedSandbox();
            assert.deepEqual(await api.preview(s.plan.plan_id, s.checkpointId), [
                { path: EVIL, change: 'deleted' },
                { path: 'a.txt', change: 'modified' },
                { path: 'b.txt', change: 'added' },
                { path: 'c.txt', change: 'deleted' },
            ]);
            const envelope = await api.rollback(s.plan.plan_id, s.checkpointId);
            assert.ok(envelope);
            assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
            assert.equal(envelope.impact.files_affected, 4);
            assert.equal(read(s.rel('a.txt')), 'alpha\n');
        });
    });
    describe('an interrupted operation, through the API', () => {
        let counterDir = 0;
        const interrupted = async () => {
            counterDir += 1;
            const sandboxDir = `interrupted-${counterDir}`;
            const { planId } = await (0, interruptedRollback_1.makeInterruptedRollback)(root, outside, { sandbox: sandboxDir });
            return { planId, file: (name) => fs.readFileSync(path.join(root, sandboxDir, name), 'utf8') };
        };
        it('is reported, blocks writes, and recover finishes it (or undoes it)', async () => {
            const { planId, file } = await interrupted();
            const op = await api.interruptedOperation(planId);
            assert.ok(op);
            assert.deepEqual(Object.keys(op), ['type', 'plan_id', 'target_checkpoint_id', 'undo_checkpoint_id', 'started_at', 'process']);
            assert.equal(op.type, 'rollback');
            await assert.rejects(api.createCheckpoint(planId), /Checkpoint blocked: plan \w+ has an interrupted rollback/);
            const row = (tree(await api.describeTree())).find((r) => r.id.includes(planId));
            assert.match(row?.description ?? '', /^interrupted rollback/);
            await assert.rejects(api.recover(planId, { yes: true }), /Validation Error: recovery options/);
            const result = await api.recover(planId);
            assert.equal(result.mode, 'finish');
            assert.deepEqual([file('a.txt'), file('b.txt')], ['one\n', 'one\n']);
            assert.equal(await api.interruptedOperation(planId), null);
            await assert.rejects(api.recover(planId), /Recover blocked: plan \w+ has no interrupted operation/);
            const second = await interrupted();
            assert.equal((await api.recover(second.planId, { undo: true })).mode, 'undo');
            assert.deepEqual([second.file('a.txt'), second.file('b.txt')], ['two\n', 'two\n']);
        });
        it('the tree reloads when another process recovers it (no database write)', async () => {
            const { planId } = await interrupted();
            await sleep(1500); // let the database events of the setup pass
            const reloaded = new Promise((resolve) => {
                const sub = api.onDidChangeTree(() => {
                    sub.dispose();
                    resolve();
                });
            });
            await outside.recovery.recover(planId, 'finish');
            await (0, until_1.until)('the tree to reload after the record went away', () => Promise.race([reloaded.then(() => true), sleep(100).then(() => false)]));
            const row = tree(await api.describeTree()).find((r) => r.id.includes(planId));
            assert.match(row?.description ?? '', /^draft · /);
        });
    });
    describe('status bar', () => {
        it('shows the active plan and its checkpoint count; clicking it takes a manual checkpoint', async () => {
            // Automatic checkpoints off for this test: on, they start watching the executing plan a moment
            // after its state changed (the item then ends in ` · $(eye) auto`) and may take a checkpoint
            // of the files sandbox() just wrote, so what the item said depended on timing.
            const config = vscode.workspace.getConfiguration('cleveragents.checkpoints');
            const previous = config.inspect('autoCheckpoint.enabled')?.globalValue;
            await config.update('autoCheckpoint.enabled', false, vscode.ConfigurationTarget.Global);
            try {
                await (0, until_1.until)('automatic checkpoints to be off', async () => !(await panel({ refreshAuto: true })).autoCheckpoints);
                const s = await sandbox({ 'a.txt': 'x\n' }, 'Status bar plan');
                await outside.plans.setState(s.plan.plan_id, 'executing');
                await api.createCheckpoint(s.plan.plan_id);
                let probe = await panel({ refreshStatusBar: true });
                assert.match(probe.statusBar ?? '', /^\$\(history\) Status bar plan · 1$/);
                const id = await vscode.commands.executeCommand(rollbackCommandIds_1.RollbackCommands.checkpointActivePlan);
                const list = await api.listCheckpoints(s.plan.plan_id);
                assert.equal(list.length, 2);
                assert.equal(list[1].checkpoint_id, id);
                assert.equal(list[1].checkpoint_type, 'manual');
                probe = await panel({ refreshStatusBar: true });
                assert.match(probe.statusBar ?? '', /^\$\(history\) Status bar plan · 2$/);
                await outside.plans.setState(s.plan.plan_id, 'completed');
            }
            finally {
                await config.update('autoCheckpoint.enabled', previous, vscode.ConfigurationTarget.Global);
            }
        });
    });
});
//# sourceMappingURL=rollback.itest.js.map