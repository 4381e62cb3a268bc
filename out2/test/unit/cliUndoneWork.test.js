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
const cliHarness_1 = require("./helpers/cliHarness");
const mcpHarness_1 = require("./helpers/mcpHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
/** Two plans over the same folder: rolling one back names the other, through the built CLI. */
describe('agents plan rollback --preview / correct --preview: whose work it undoes (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-undone-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const cli = cliHarness_1.cliJson;
    const create = (root, title) => cli(root, 'plan', 'create', '--title', title).plan.plan_id;
    const checkpoint = (root, p, ...more) => cli(root, 'plan', 'checkpoint', p, ...more).checkpoint.checkpoint_id;
    it('the preview (JSON and text) names the other plan whose later change of a file the rollback restores, and changes nothing', () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'src/todo.js': 'todo', 'test/todo.test.js': 'test' });
        const dues = create(root, 'Add due dates');
        const tidy = create(root, 'Tidy the tests');
        checkpoint(root, tidy);
        const target = checkpoint(root, dues, '--reason', 'before due module');
        (0, sandboxFixtures_1.write)(root, 'src/due.js', 'due');
        checkpoint(root, dues);
        (0, sandboxFixtures_1.write)(root, 'test/todo.test.js', 'tidied');
        checkpoint(root, tidy);
        const preview = cli(root, 'plan', 'rollback', '--preview', dues, target);
        assert.deepEqual(preview.rollback_preview.changes.map((c) => `${c.change} ${c.path}`), ['deleted src/due.js', 'modified test/todo.test.js']);
        assert.deepEqual(preview.rollback_preview.undoes_work_of, [{ kind: 'plan', plan_id: tidy, decision_id: null, title: 'Tidy the tests', paths: ['test/todo.test.js'] }]);
        const text = (0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--preview', dues, target]);
        assert.equal(text.code, 0, text.stderr);
        assert.match(text.stdout, /This also undoes later work of another plan on the same files:\n {2}plan “Tidy the tests”, 1 path: test\/todo\.test\.js\n/);
        if ((0, cliHarness_1.hasScript)()) {
            // The confirmation on a terminal shows the same before asking; answered no.
            const asked = (0, cliHarness_1.runCliOnTerminal)(root, ['plan', 'rollback', dues, target], 'n\n');
            assert.match(asked.stdout, /plan “Tidy the tests”, 1 path: test\/todo\.test\.js/);
        }
        assert.equal(cli(root, 'plan', 'checkpoints', dues).checkpoints.length, 2, 'no safety checkpoint: nothing was rolled back');
    });
    it('a correction’s preview names the independent decision whose work it would undo', () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a', 'README.md': 'readme' });
        const p = create(root, 'flow');
        const decide = (title, edit) => {
            const id = cli(root, 'plan', 'decide', p, '--title', title).decision.decision_id;
            checkpoint(root, p, '--type', 'pre_write', '--decision', id);
            edit();
            checkpoint(root, p, '--type', 'post_step', '--decision', id);
            return id;
        };
        const A = decide('A', () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'A'));
        const C = decide('C', () => (0, sandboxFixtures_1.write)(root, 'README.md', 'C'));
        const preview = cli(root, 'plan', 'correct', '--preview', p, A);
        assert.deepEqual(preview.correction_preview.undoes_work_of, [{ kind: 'decision', plan_id: p, decision_id: C, title: 'C', paths: ['README.md'] }]);
    });
    it('the agents’ preview_rollback tool names the other plan too (structured and in its text)', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'test/todo.test.js': 'test' });
        const dues = create(root, 'Add due dates');
        const tidy = create(root, 'Tidy the tests');
        checkpoint(root, tidy);
        const target = checkpoint(root, dues);
        (0, sandboxFixtures_1.write)(root, 'test/todo.test.js', 'tidied');
        checkpoint(root, tidy);
        const mcp = await (0, mcpHarness_1.startMcp)(root);
        try {
            const result = await mcp.call('preview_rollback', { plan_id: dues, checkpoint_id: target });
            assert.deepEqual(result.structuredContent.undoes_work_of, [{ kind: 'plan', plan_id: tidy, decision_id: null, title: 'Tidy the tests', paths: ['test/todo.test.js'] }]);
            assert.match(JSON.stringify(result.content), /later work of another plan on the same files: plan “Tidy the tests”, 1 path: test\/todo\.test\.js/);
        }
        finally {
            await mcp.close();
        }
    });
});
//# sourceMappingURL=cliUndoneWork.test.js.map