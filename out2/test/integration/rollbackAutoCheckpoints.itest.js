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
// Automatic checkpoints around bursts of writes, in a real extension host: saves and file
// operations through VS Code (announced: a pre_write before them) and writes from outside (seen
// by the file watcher), while a plan is executing and the opt-in setting is on.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../../src/extension/commandIds");
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const extensionUnderTest_1 = require("./extensionUnderTest");
const until_1 = require("./until");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const DEBOUNCE_MS = 400;
const MIN_INTERVAL_MS = 800;
/** A quiet time no test waits out (the setting's maximum): the test ends the burst itself. */
const NEVER_SETTLES_MS = 600_000;
describe('Automatic checkpoints', function () {
    this.timeout(60_000);
    let api;
    let root;
    let outside;
    let planId;
    const dir = 'auto-sandbox';
    const file = (name) => path.join(root, dir, name);
    const uri = (name) => vscode.Uri.file(file(name));
    const config = () => vscode.workspace.getConfiguration('cleveragents.checkpoints');
    const probe = (arg) => vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, arg);
    const auto = (list) => list.filter((c) => c.metadata.source_tool === 'auto-checkpoint');
    const text = async (c, name) => Buffer.from((await outside.checkpoints.readFileAt(planId, c.checkpoint_id, name)) ?? []).toString('utf8');
    /** Waits until the plan's automatic checkpoints stop coming (two debounce periods and the interval without one). */
    async function settled() {
        let last = -1;
        for (;;) {
            await sleep(2 * DEBOUNCE_MS + MIN_INTERVAL_MS);
            const list = auto(await api.listCheckpoints(planId));
            if (list.length === last)
                return list;
            last = list.length;
        }
    }
    /**
     * Writes a file from outside VS Code, as a tool does. `seen` resolves when a file watcher reports
     * it: the extension's own watcher hears the same event at the same moment, which under load may
     * be well after its burst's quiet time.
     */
    function writeFromOutside(name, content) {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(path.join(root, dir)), name));
        const seen = new Promise((resolve) => {
            watcher.onDidCreate(() => resolve());
            watcher.onDidChange(() => resolve());
        }).finally(() => watcher.dispose());
        fs.writeFileSync(file(name), content);
        return { seen };
    }
    before(async () => {
        ({ api, root } = await (0, extensionUnderTest_1.activateExtension)());
        outside = (0, extensionUnderTest_1.outsideServices)(root);
        fs.mkdirSync(path.join(root, dir), { recursive: true });
        fs.writeFileSync(file('notes.txt'), 'first\n');
        fs.writeFileSync(file('.gitignore'), 'node_modules/\n');
        // On by default: switched off first, so that the first test sees writes while off.
        await config().update('autoCheckpoint.enabled', false, vscode.ConfigurationTarget.Global);
        const plan = await outside.plans.createPlan({ title: 'Agent at work', sandbox: dir });
        planId = plan.plan_id;
        await outside.plans.setState(planId, 'executing');
        await (0, extensionUnderTest_1.setAutoCheckpointTimings)(DEBOUNCE_MS, MIN_INTERVAL_MS);
    });
    after(async () => {
        await (0, extensionUnderTest_1.resetAutoCheckpointSettings)();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        outside?.dispose();
    });
    it('are on by default; switched off, writes take no checkpoint and the tree says so in a row whose button turns them on', async () => {
        assert.equal(config().inspect('autoCheckpoint.enabled')?.defaultValue, true);
        assert.equal((await probe({})).autoCheckpoints, false);
        fs.writeFileSync(file('notes.txt'), 'first, edited while off\n');
        await sleep(2 * DEBOUNCE_MS + MIN_INTERVAL_MS);
        assert.deepEqual(await api.listCheckpoints(planId), []);
        const [row] = await api.describeTree();
        assert.deepEqual([row.label, row.description, row.contextValue], ['Automatic checkpoints are off', 'Turn On', 'message.autoCheckpointsOff']);
        await vscode.commands.executeCommand(commandIds_1.Commands.turnOnAutoCheckpoints);
        assert.equal(config().inspect('autoCheckpoint.enabled')?.globalValue, true);
        assert.equal((await api.describeTree()).some((r) => r.contextValue === 'message.autoCheckpointsOff'), false, 'the row is gone');
        // off again, so that the next test starts as before: from off, with the writes made while off
        await config().update('autoCheckpoint.enabled', false, vscode.ConfigurationTarget.Global);
        await probe({ refreshAuto: true });
    });
    it('a burst of saves and file operations: one pre_write before the first write, one post_step after the last', async () => {
        // The burst is ended by the test, not by a quiet time: under load a write's events (the
        // watcher's, and the test's own next step) can come later than any quiet time, and the burst
        // would split in two. Ended with flush (as at deactivation) once the extension heard every write.
        await (0, extensionUnderTest_1.setAutoCheckpointTimings)(NEVER_SETTLES_MS, MIN_INTERVAL_MS);
        try {
            await config().update('autoCheckpoint.enabled', true, vscode.ConfigurationTarget.Global);
            assert.equal((await probe({ refreshAuto: true })).autoCheckpoints, true);
            // 1. a file created through VS Code (onWillCreateFiles: the pre_write is taken before it)
            const edit = new vscode.WorkspaceEdit();
            edit.createFile(uri('created.txt'), { contents: Buffer.from('created by the agent\n') });
            assert.ok(await vscode.workspace.applyEdit(edit));
            // 2. an edited and saved document (onWillSaveTextDocument)
            const doc = await vscode.workspace.openTextDocument(uri('notes.txt'));
            const editor = await vscode.window.showTextDocument(doc);
            for (let i = 0; i < 3; i++) {
                await editor.edit((e) => e.insert(new vscode.Position(0, 0), `line ${i}\n`));
                assert.ok(await doc.save());
            }
            // 3. a write from outside VS Code, seen by the watcher: the burst ends once its event came
            await writeFromOutside('tool-output.txt', 'written by a tool\n').seen;
            await probe({ flushAuto: true });
            const list = auto(await api.listCheckpoints(planId));
            assert.deepEqual(list.map((c) => c.checkpoint_type), ['pre_write', 'post_step'], JSON.stringify(list.map((c) => c.metadata)));
            const [pre, post] = list;
            assert.equal(pre.metadata.reason, 'Automatic: before writes');
            assert.equal(pre.metadata.phase, 'execute');
            // the pre_write holds the tree before the burst, the post_step after it
            assert.equal(await text(pre, 'notes.txt'), 'first, edited while off\n');
            assert.equal(await text(pre, 'created.txt'), '');
            assert.equal(await text(pre, 'tool-output.txt'), '');
            assert.equal(await text(post, 'notes.txt'), 'line 2\nline 1\nline 0\nfirst, edited while off\n');
            assert.equal(await text(post, 'created.txt'), 'created by the agent\n');
            assert.equal(await text(post, 'tool-output.txt'), 'written by a tool\n');
            await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        }
        finally {
            // The next tests wait for bursts to settle by themselves.
            await (0, extensionUnderTest_1.setAutoCheckpointTimings)(DEBOUNCE_MS, MIN_INTERVAL_MS);
            await probe({ refreshAuto: true });
        }
    });
    it('writes seen only by the watcher get a post_step; nothing when the tree did not change', async () => {
        const before = auto(await api.listCheckpoints(planId)).length;
        await writeFromOutside('tool-output.txt', 'written again by a tool\n').seen;
        await (0, until_1.until)('the post_step of a write seen by the watcher', async () => auto(await api.listCheckpoints(planId)).length > before, 30_000);
        let list = await settled();
        assert.equal(list.length, before + 1);
        assert.equal(list.at(-1)?.checkpoint_type, 'post_step');
        assert.equal(await text(list.at(-1), 'tool-output.txt'), 'written again by a tool\n');
        // the same content written again: a burst, but no checkpoint of an unchanged tree
        await writeFromOutside('tool-output.txt', 'written again by a tool\n').seen;
        list = await settled();
        assert.equal(list.length, before + 1);
    });
    it('the extension\'s own data and ignored files never start a burst that takes a checkpoint', async () => {
        const before = auto(await api.listCheckpoints(planId)).length;
        await api.createCheckpoint(planId, { reason: 'manual, writes the database' });
        fs.mkdirSync(path.join(root, dir, 'node_modules'), { recursive: true });
        fs.writeFileSync(path.join(root, dir, 'node_modules', 'dep.js'), 'ignored\n');
        const list = await settled();
        assert.equal(list.length, before);
    });
    it('stop when the plan is no longer executing', async () => {
        await outside.plans.setState(planId, 'completed');
        await probe({ refreshAuto: true });
        const before = (await api.listCheckpoints(planId)).length;
        fs.writeFileSync(file('late.txt'), 'after the plan finished\n');
        await settled();
        assert.equal((await api.listCheckpoints(planId)).length, before);
    });
});
//# sourceMappingURL=rollbackAutoCheckpoints.itest.js.map