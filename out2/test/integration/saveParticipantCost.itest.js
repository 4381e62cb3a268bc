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
// What an automatic pre_write costs a save, in a real extension host. VS Code waits for the
// extension's onWillSaveTextDocument work at most 1.5 s; past that, the save goes ahead without it
// (and a listener that misses the budget three times is ignored for the rest of the session). So
// the test reports the figure (never asserts a time: these machines are shared) and checks what
// must hold whatever the time: the pre_write has the file as it was before the save. The save
// waits only for its file's capture; the pre_write is taken after it, so a second file saved right
// after the first (while that pre_write may still be pending) must be in it as it was too.
//
// The sandbox is 2,000 generated files, or a copy of the folder named by
// CLEVERAGENTS_SAVE_COST_SOURCE (a real project; its .git and .cleveragents are left out); CLEVERAGENTS_SAVE_COST_FILES
// and CLEVERAGENTS_SAVE_COST_CHANGED set the generated size and how many files change before the save.
// CLEVERAGENTS_SAVE_COST_MARKDOWN=docs/PERFORMANCE.md writes what it reports into that page, between
// the markers `<!-- bench-save-host:start -->` and `<!-- bench-save-host:end -->`, with the date, the
// machine and the command: the docs show the figures a run printed, never typed ones.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const node_perf_hooks_1 = require("node:perf_hooks");
const vscode = __importStar(require("vscode"));
const rollbackCommandIds_1 = require("../../src/extension/rollback/rollbackCommandIds");
const benchMarkdown_1 = require("../../scripts/benchMarkdown");
const extensionUnderTest_1 = require("./extensionUnderTest");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const DEBOUNCE_MS = 300;
const MIN_INTERVAL_MS = 600;
const SOURCE = process.env.CLEVERAGENTS_SAVE_COST_SOURCE;
const FILES = Number(process.env.CLEVERAGENTS_SAVE_COST_FILES ?? 2000);
const CHANGED = Number(process.env.CLEVERAGENTS_SAVE_COST_CHANGED ?? 20);
const MARKDOWN = process.env.CLEVERAGENTS_SAVE_COST_MARKDOWN;
const SAVE_HOST_MARKERS = { start: '<!-- bench-save-host:start -->', end: '<!-- bench-save-host:end -->' };
/** The section of the docs that holds a run's report: when, on what, by which command, then its lines. */
function reportSection(lines, load) {
    const now = new Date().toISOString();
    const env = [`CLEVERAGENTS_SAVE_COST_FILES=${FILES}`, ...(SOURCE ? [`CLEVERAGENTS_SAVE_COST_SOURCE=${path.basename(SOURCE)}`] : []), `CLEVERAGENTS_SAVE_COST_MARKDOWN=${MARKDOWN}`];
    return [
        SAVE_HOST_MARKERS.start,
        `Written by test/integration/saveParticipantCost.itest.ts on ${now.slice(0, 10)} (${now.slice(11, 16)} UTC), VS Code ${vscode.version} (code-server):`,
        '',
        `- machine: ${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown processor'}`,
        `- load average (1 min) at the start and the end: ${load[0].toFixed(1)}, ${load[1].toFixed(1)}`,
        `- command: \`${env.join(' ')} node scripts/runIntegrationTests.mjs --build --grep "cost of an automatic pre_write"\``,
        '',
        ...lines.map((l) => `- ${l}`),
        SAVE_HOST_MARKERS.end,
    ].join('\n');
}
/** Every file under `dir` (relative, `/`-separated; with `links`, symlinks too), .git and the extension's data left out. */
function filesUnder(dir, prefix = '', links = false) {
    return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
        const rel = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory())
            return e.name === '.git' || e.name === '.cleveragents' ? [] : filesUnder(dir, rel, links);
        return e.isFile() || (links && e.isSymbolicLink()) ? [rel] : [];
    });
}
describe('The cost of an automatic pre_write to a save (VS Code waits 1.5 s)', function () {
    this.timeout(600_000);
    let api;
    let outside;
    let sandbox;
    let planId;
    const config = () => vscode.workspace.getConfiguration('cleveragents.checkpoints');
    const refreshAuto = () => vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, { refreshAuto: true });
    const reported = [];
    const loadAtStart = os.loadavg()[0];
    const report = (line) => {
        reported.push(line);
        console.log(`      ${line}`);
    };
    before(async () => {
        const { api: activated, root } = await (0, extensionUnderTest_1.activateExtension)();
        api = activated;
        outside = (0, extensionUnderTest_1.outsideServices)(root);
        sandbox = path.join(root, 'save-cost');
        if (SOURCE) {
            fs.cpSync(SOURCE, sandbox, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true, filter: (src) => !['.git', '.cleveragents'].includes(path.basename(src)) });
            // the watcher reports a copy of thousands of files for a while: let that pass before anything listens
            await sleep(10_000);
        }
        else {
            for (let i = 0; i < FILES; i++) {
                const file = path.join(sandbox, `dir${i % 40}`, `file${i}.ts`);
                fs.mkdirSync(path.dirname(file), { recursive: true });
                fs.writeFileSync(file, `export const value${i} = ${i};\n${'// filler line of a source file\n'.repeat(30)}`);
                // a project's files are older than its first checkpoint: none is "racily clean" for git
                // (written in the same second as the index), which git would hash again at every status
                fs.utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
            }
        }
        const plan = await outside.plans.createPlan({ title: 'Save cost', sandbox: 'save-cost' });
        planId = plan.plan_id;
        await (0, extensionUnderTest_1.setAutoCheckpointTimings)(DEBOUNCE_MS, MIN_INTERVAL_MS);
    });
    after(async () => {
        await (0, extensionUnderTest_1.resetAutoCheckpointSettings)();
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        if (planId)
            await outside.plans.setState(planId, 'completed');
        outside?.dispose();
        if (MARKDOWN && reported.length > 0) {
            // relative to the project (out/test/integration is three levels down)
            const page = path.resolve(__dirname, '..', '..', '..', MARKDOWN);
            const before = fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : '';
            const temp = `${page}.${process.pid}.tmp`;
            fs.writeFileSync(temp, (0, benchMarkdown_1.withBenchSection)(before, reportSection(reported, [loadAtStart, os.loadavg()[0]]), SAVE_HOST_MARKERS));
            fs.renameSync(temp, page);
            console.log(`      wrote the figures into ${page}`);
        }
    });
    /** Edits the first line of `rel` in an editor and saves it; how long the save took. */
    async function editAndSave(rel, text) {
        const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(sandbox, rel)));
        const editor = await vscode.window.showTextDocument(doc);
        assert.ok(await editor.edit((e) => e.insert(new vscode.Position(0, 0), text)), `the edit of ${rel} was not applied`);
        assert.ok(doc.isDirty, `${rel} is not dirty after the edit`);
        const started = node_perf_hooks_1.performance.now();
        const saved = await doc.save();
        assert.ok(saved, `${rel} was not saved (dirty: ${doc.isDirty}, closed: ${doc.isClosed}, after ${Math.round(node_perf_hooks_1.performance.now() - started)} ms)`);
        return node_perf_hooks_1.performance.now() - started;
    }
    async function autoCheckpoints() {
        return (await api.listCheckpoints(planId)).filter((c) => c.metadata.source_tool === 'auto-checkpoint');
    }
    /**
     * Waits until the burst's checkpoints are there: two debounce periods and the interval without a
     * new one and, with `postStep`, the newest a post_step (on 50,000 files under load a checkpoint
     * can take longer than that quiet time).
     */
    async function settled(postStep = true) {
        let last = -1;
        for (;;) {
            await sleep(2 * DEBOUNCE_MS + MIN_INTERVAL_MS);
            const list = await autoCheckpoints();
            if (list.length === last && (!postStep || list.at(-1)?.checkpoint_type === 'post_step'))
                return list;
            last = list.length;
        }
    }
    /** How long the last save was held back by the extension's listener (what VS Code's 1.5 s budget counts). */
    async function lastSaveWait() {
        const state = await vscode.commands.executeCommand(rollbackCommandIds_1.TESTING_PANEL_COMMAND, {});
        return state.saveWaits?.at(-1);
    }
    it('a plan that starts executing without a checkpoint gets its first one at once, before any save waits for it', async () => {
        await config().update('autoCheckpoint.enabled', true, vscode.ConfigurationTarget.Global);
        await outside.plans.setState(planId, 'executing');
        const started = node_perf_hooks_1.performance.now();
        await refreshAuto();
        while ((await autoCheckpoints()).length === 0) {
            assert.ok(node_perf_hooks_1.performance.now() - started < 120_000, 'no checkpoint after 2 minutes');
            await sleep(50);
        }
        report(`first checkpoint of ${filesUnder(sandbox, '', true).length} files, taken when the plan was found executing: ${Math.round(node_perf_hooks_1.performance.now() - started)} ms`);
        const [first] = await settled(false);
        assert.equal(first?.checkpoint_type, 'pre_write');
        // every file, but those a project's .gitignore leaves out
        assert.ok(first.metadata.file_count > 0 && first.metadata.file_count <= filesUnder(sandbox, '', true).length, String(first.metadata.file_count));
        if (!SOURCE)
            assert.equal(first.metadata.file_count, FILES);
        await config().update('autoCheckpoint.enabled', false, vscode.ConfigurationTarget.Global);
    });
    it(`a save after ${CHANGED} files changed elsewhere: its pre_write holds them and the saved file as it was`, async () => {
        const files = filesUnder(sandbox).filter((f) => /\.(ts|js|md|json|txt)$/.test(f));
        assert.ok(files.length > CHANGED + 1, `the sandbox has too few text files (${files.length})`);
        const saved = files[0];
        const changed = files.slice(1, 1 + CHANGED);
        const second = files[1 + CHANGED];
        const savedBefore = fs.readFileSync(path.join(sandbox, saved));
        const secondBefore = fs.readFileSync(path.join(sandbox, second));
        const earlier = (await autoCheckpoints()).length;
        // The watcher's events of the tool's writes must arrive while nothing listens: seen later, they
        // would open a burst, and a save inside a burst waits for no pre_write. On 50,000 files under
        // load they come seconds late: a watcher of the test's own (the same events) says when.
        const heard = new Set();
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(sandbox), '**/*'));
        watcher.onDidChange((u) => heard.add(u.fsPath));
        // written while automatic checkpoints are off, as an agent's tool outside VS Code would have
        for (const rel of changed)
            fs.appendFileSync(path.join(sandbox, rel), '\n// changed by a tool\n');
        const waitedFrom = node_perf_hooks_1.performance.now();
        while (changed.some((rel) => !heard.has(path.join(sandbox, rel))) && node_perf_hooks_1.performance.now() - waitedFrom < 60_000)
            await sleep(100);
        watcher.dispose();
        const unheard = changed.filter((rel) => !heard.has(path.join(sandbox, rel))).length;
        if (unheard > 0)
            report(`${unheard} of the tool's ${CHANGED} writes were not heard by a watcher within 60 s (VS Code's watcher drops events under a flood)`);
        await sleep(3000);
        await config().update('autoCheckpoint.enabled', true, vscode.ConfigurationTarget.Global);
        await refreshAuto();
        const firstStarted = Date.now();
        const ms = await editAndSave(saved, '// edited in VS Code\n');
        report(`save with an automatic pre_write (${CHANGED} changed files to capture): ${Math.round(ms)} ms, of which the extension held it ${await lastSaveWait()} ms`);
        const secondStarted = Date.now();
        const ms2 = await editAndSave(second, '// edited in VS Code right after\n');
        const wait2 = await lastSaveWait();
        const burst = (await settled()).slice(earlier);
        const [pre] = burst;
        assert.equal(pre?.checkpoint_type, 'pre_write', `the burst's checkpoints: ${burst.map((c) => `${c.checkpoint_type} at ${c.created_at}`).join(', ')}; the first save began at ${new Date(firstStarted).toISOString()}`);
        // created_at is when its row was written, the snapshot done: after the second save began, the pre_write was pending then
        report(`a second file saved right after: ${Math.round(ms2)} ms, held ${wait2} ms; the pre_write was recorded ${Date.parse(pre.created_at) - secondStarted} ms after that save began`);
        const at = async (rel) => Buffer.from((await outside.checkpoints.readFileAt(planId, pre.checkpoint_id, rel)) ?? []);
        assert.deepEqual(await at(saved), savedBefore, 'the pre_write holds the saved content: the save overtook it');
        assert.deepEqual(await at(second), secondBefore, 'the pre_write holds the second saved file\'s new content');
        for (const rel of changed.slice(0, 3))
            assert.match((await at(rel)).toString('utf8'), /changed by a tool\n$/);
    });
    it('a save when nothing changed since the last checkpoint: the pre_write is not taken, the check alone is paid', async () => {
        const before = (await autoCheckpoints()).length;
        await sleep(MIN_INTERVAL_MS);
        const rel = filesUnder(sandbox).find((f) => /\.(ts|js|md|json|txt)$/.test(f));
        const ms = await editAndSave(rel, '// edited again\n');
        report(`save when nothing changed since the last checkpoint: ${Math.round(ms)} ms, held ${await lastSaveWait()} ms`);
        const list = await settled();
        assert.deepEqual(list.slice(before).map((c) => c.checkpoint_type), ['post_step']);
    });
});
//# sourceMappingURL=saveParticipantCost.itest.js.map