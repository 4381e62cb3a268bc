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
// Decisions as a user meets them in chromium: the plan's decisions in the tree, Revert Decision…
// from a decision's inline action, the modal that lists what the BFS reaches, the rollback panel
// headed by the correction, and Undo Correction. Screenshots go to test-results/ (decisions-*.png).
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const composition_1 = require("../../src/composition");
const rollbackPanel_1 = require("./rollbackPanel");
const workbench_1 = require("./workbench");
const VIEW = 'Checkpoints';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
describe('Decisions in the Checkpoints view', () => {
    let workspace = '';
    const read = (rel) => fs.readFileSync(path.join(workspace, rel), 'utf8');
    const wb = (0, workbench_1.useWorkbench)({
        viewport: { width: 1400, height: 860 },
        prepare: async (dir) => {
            workspace = dir;
            const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: path.join(REPO_ROOT, 'dist'), logger: quiet });
            const put = (rel, text) => {
                fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
                fs.writeFileSync(path.join(dir, rel), text);
            };
            try {
                put('app/greet.js', "module.exports = (name) => 'Hello ' + name;\n");
                const plan = await s.plans.createPlan({ title: 'Tune the greeting', sandbox: 'app' });
                await s.plans.setState(plan.plan_id, 'executing');
                await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'Start' });
                const decide = async (title, on, edit) => {
                    const d = await s.corrections.recordDecision(plan.plan_id, { title, dependsOn: on, rationale: `Why: ${title}` });
                    await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'pre_write', decisionId: d.decision_id, reason: `Before: ${title}`, sourceTool: 'edit_file' });
                    edit();
                    await s.checkpoints.createCheckpoint(plan.plan_id, { type: 'post_step', decisionId: d.decision_id, reason: `After: ${title}`, sourceTool: 'edit_file' });
                    return d.decision_id;
                };
                const module = await decide('Use a greeting module', [], () => put('app/lib/words.js', "module.exports = { hello: 'Hello' };\n"));
                const loud = await decide('Make the greeting loud', [module], () => put('app/greet.js', "const { hello } = require('./lib/words');\nmodule.exports = (name) => `${hello.toUpperCase()}, ${name.toUpperCase()}!`;\n"));
                await decide('Add an exclamation helper', [loud], () => put('app/lib/bang.js', "module.exports = (s) => s + '!!';\n"));
                await decide('Document the API', [], () => put('app/README.md', '# greet(name)\n\nReturns a greeting.\n'));
            }
            finally {
                s.dispose();
            }
        },
    });
    /** Waits until the decision's row says `state` after the time in its description (the tree reloads after a write). */
    async function stateInTree(label, state) {
        for (let i = 0;; i++) {
            const row = (await (0, workbench_1.treeItems)(wb.page, VIEW)).find((r) => r.label === label);
            if (row?.description.split(' · ')[1] === state)
                return;
            if (i > 100)
                throw new Error(`the row "${label}" does not show "${state}": ${JSON.stringify(row)}`);
            await wb.page.waitForTimeout(200);
        }
    }
    it('shows each plan’s decisions, dependents under the decision they build on', async () => {
        await (0, workbench_1.openView)(wb.page, VIEW);
        await (0, workbench_1.widenSideBar)(wb.page, 460);
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Add an exclamation helper', VIEW);
        await (0, workbench_1.waitForTreeRow)(wb.page, 'Document the API', VIEW);
        await (0, workbench_1.screenshot)(wb.page, 'decisions-0-tree');
    });
    it('Revert Decision… asks how, lists the decisions it reaches and the files, then shows the panel headed by the correction', async () => {
        await (0, rollbackPanel_1.inlineAction)(wb.page, 'Make the greeting loud', 'Revert Decision…');
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'Revert, Keep Independent Work');
        const dialog = wb.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible' });
        await (0, workbench_1.screenshot)(wb.page, 'decisions-1-confirm');
        const text = await (0, workbench_1.answerDialog)(wb.page, 'Revert');
        assert.match(text, /Revert “Make the greeting loud” and 1 decision built on it\?/);
        assert.match(text, /Add an exclamation helper/);
        const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback complete');
        await frame.locator('.correction h2', { hasText: 'Decision reverted: Make the greeting loud' }).waitFor({ state: 'visible' });
        assert.equal(read('app/greet.js'), "module.exports = (name) => 'Hello ' + name;\n");
        assert.equal(fs.existsSync(path.join(workspace, 'app', 'lib', 'bang.js')), false);
        assert.equal(read('app/README.md'), '# greet(name)\n\nReturns a greeting.\n', 'independent work was kept');
        assert.equal(read('app/lib/words.js'), "module.exports = { hello: 'Hello' };\n", 'the decision it built on stays');
        await stateInTree('Make the greeting loud', 'reverted');
        await stateInTree('Add an exclamation helper', 'reverted');
        await wb.page.waitForTimeout(1500); // the progress notification closes
        await (0, workbench_1.screenshot)(wb.page, 'decisions-2-panel');
    });
    it('Undo Correction in the panel puts the files back and the decisions active again', async () => {
        await (0, rollbackPanel_1.panelFrame)(wb.page).locator('button[data-action="undoCorrection"]').click();
        const text = await (0, workbench_1.answerDialog)(wb.page, 'Undo Correction');
        assert.match(text, /Undo the correction of “Make the greeting loud”\?/);
        const frame = await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback undone');
        await frame.locator('.correction h2', { hasText: 'Correction undone' }).waitFor({ state: 'visible' });
        assert.match(read('app/greet.js'), /toUpperCase/);
        assert.equal(read('app/lib/bang.js'), "module.exports = (s) => s + '!!';\n");
        await stateInTree('Make the greeting loud', 'decision');
        await wb.page.waitForTimeout(1500); // the progress notification closes
        await (0, workbench_1.screenshot)(wb.page, 'decisions-3-undone');
    });
    it('from the palette, Revert Decision… offers keeping independent work first; undoing later work marks the decision whose work it undid, and Undo Correction clears the mark', async () => {
        await wb.page.waitForTimeout(500);
        await (0, workbench_1.clickTreeRow)(wb.page, 'Make the greeting loud');
        await (0, workbench_1.runCommand)(wb.page, 'Checkpoints: Revert Decision…');
        await (0, workbench_1.quickPickItems)(wb.page);
        const offered = (await wb.page.locator('.quick-input-widget .monaco-list-row').allInnerTexts()).map((t) => t.trim());
        assert.match(offered[0] ?? '', /^Revert, Keep Independent Work/, offered.join(' | '));
        assert.match(offered[1] ?? '', /^Revert and Undo Later Work/, offered.join(' | '));
        assert.match(offered[1] ?? '', /Document the API/, `the second choice names whose later work it undoes: ${offered[1]}`);
        await (0, workbench_1.screenshot)(wb.page, 'decisions-4-palette-choices');
        await (0, workbench_1.pickQuickPickItem)(wb.page, 'Revert and Undo Later Work');
        await (0, workbench_1.answerDialog)(wb.page, 'Revert');
        await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback complete');
        assert.equal(fs.existsSync(path.join(workspace, 'app', 'README.md')), false, 'the later, independent work was undone too');
        await stateInTree('Document the API', 'work undone by a correction');
        await (0, workbench_1.screenshot)(wb.page, 'decisions-5-affected');
        await (0, rollbackPanel_1.panelFrame)(wb.page).locator('button[data-action="undoCorrection"]').click();
        await (0, workbench_1.answerDialog)(wb.page, 'Undo Correction');
        await (0, rollbackPanel_1.waitForPanel)(wb.page, 'Rollback undone');
        await stateInTree('Document the API', 'decision');
        assert.equal(read('app/README.md'), '# greet(name)\n\nReturns a greeting.\n');
    });
});
//# sourceMappingURL=decisions.e2e.js.map