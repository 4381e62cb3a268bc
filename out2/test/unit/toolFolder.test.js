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
const planTools_1 = require("../../src/agentTools/planTools");
const toolFolder_1 = require("../../src/extension/languageModelTools/toolFolder");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
// The language model tools list_plans and create_plan in a window with several folders (issue 25,
// item 8): the folder they name, else the active editor's, else the first; and they say which.
function folder(name, dir) {
    const uri = { fsPath: dir, toString: () => `file://${dir}` };
    return { name, uri };
}
describe('the workspace folder of a language model tool', () => {
    const tempDir = (0, tempDir_1.useTempDirs)();
    const app = folder('app', '/work/app');
    const docs = folder('docs', '/work/docs');
    it('the folder named (by name, path or URI), else the active editor’s, else the first', () => {
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], 'docs', undefined), docs);
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], '/work/docs', 'file:///work/app'), docs, 'a named folder wins over the editor’s');
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], 'file:///work/docs', undefined), docs);
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], undefined, 'file:///work/docs'), docs);
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], undefined, undefined), app);
        assert.equal((0, toolFolder_1.chooseToolFolder)([app, docs], undefined, 'file:///elsewhere'), app);
    });
    it('refuses a folder the window does not have, naming those it has; and an empty window', () => {
        assert.throws(() => (0, toolFolder_1.chooseToolFolder)([app, docs], 'nope', undefined), /^ValidationError: Validation Error: "nope" is not a workspace folder \(the window has “app”, “docs”\)/);
        assert.throws(() => (0, toolFolder_1.chooseToolFolder)([], undefined, undefined), /open a folder first/);
    });
    it('create_plan and list_plans work in the folder chosen and say which one', async () => {
        const dirs = { app: tempDir(), docs: tempDir() };
        const s = { app: (0, sandboxFixtures_1.services)(dirs.app), docs: (0, sandboxFixtures_1.services)(dirs.docs) };
        const folders = [folder('app', dirs.app), folder('docs', dirs.docs)];
        let active;
        const ctx = {
            workspace: async (given) => s[(0, toolFolder_1.chooseToolFolder)(folders, given, active).name],
            workspaceFolder: (given) => (0, toolFolder_1.chooseToolFolder)(folders, given, active).name,
            plan: async () => assert.fail('not used'),
            rollback: async () => assert.fail('not used'),
        };
        const made = await planTools_1.createPlan.run({ title: 'Docs work', folder: 'docs' }, ctx);
        assert.equal(made.structured.folder, 'docs');
        assert.match(made.text, /in the workspace folder “docs”\.$/);
        assert.ok((0, node_fs_1.existsSync)(path.join(dirs.docs, '.cleveragents', 'cleveragents.db')));
        assert.ok(!(0, node_fs_1.existsSync)(path.join(dirs.app, '.cleveragents', 'cleveragents.db')), 'nothing in the other folder');
        active = `file://${dirs.docs}`;
        const listed = await planTools_1.listPlans.run({}, ctx);
        assert.equal(listed.structured.folder, 'docs');
        assert.match(listed.text, /^1 plan in the workspace folder “docs”:/);
        active = undefined;
        const first = await planTools_1.listPlans.run({}, ctx);
        assert.deepEqual(first.structured, { plans: [], folder: 'app' });
        assert.equal(first.text, 'No plans yet in the workspace folder “app”.');
        s.app.dispose();
        s.docs.dispose();
    });
});
//# sourceMappingURL=toolFolder.test.js.map