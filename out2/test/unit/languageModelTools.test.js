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
const agentTool_1 = require("../../src/agentTools/agentTool");
const agentTools_1 = require("../../src/agentTools/agentTools");
const toolConfirmations_1 = require("../../src/extension/languageModelTools/toolConfirmations");
const toolContributions_1 = require("../../src/extension/languageModelTools/toolContributions");
const cliHarness_1 = require("./helpers/cliHarness");
const storeFixtures_1 = require("./helpers/storeFixtures");
describe('VS Code language model tools (contributions and confirmations)', () => {
    it('package.json contributes exactly the agent tools, with their schemas and descriptions (node out/scripts/languageModelTools.js --write)', () => {
        const pkg = JSON.parse((0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'package.json'), 'utf8'));
        assert.deepEqual(pkg.contributes.languageModelTools, JSON.parse(JSON.stringify((0, toolContributions_1.languageModelToolContributions)(agentTools_1.AGENT_TOOLS))));
    });
    it('names every tool uniquely, in the shapes VS Code accepts, with a reference name to type in chat', () => {
        const contributions = (0, toolContributions_1.languageModelToolContributions)(agentTools_1.AGENT_TOOLS);
        assert.equal(new Set(contributions.map((c) => c.name)).size, agentTools_1.AGENT_TOOLS.length);
        assert.equal(new Set(contributions.map((c) => c.toolReferenceName)).size, agentTools_1.AGENT_TOOLS.length);
        for (const c of contributions) {
            assert.match(c.name, /^[\w-]{1,64}$/);
            assert.match(c.toolReferenceName, /^[\w-]+$/);
            assert.ok(c.userDescription.length > 10 && c.userDescription.length <= c.modelDescription.length, c.name);
        }
        assert.equal(contributions.find((c) => c.name === 'cleveragents_create_checkpoint')?.toolReferenceName, 'checkpoint');
    });
    it('in Restricted Mode, runs only the tools that read the database alone (no git, no writes)', () => {
        assert.deepEqual(agentTools_1.AGENT_TOOLS.filter(agentTool_1.runsInRestrictedMode).map((t) => t.name), ['list_plans', 'show_plan', 'list_checkpoints', 'list_decisions']);
    });
    it('asks before a rollback with the counts and the first paths, every value inert in Markdown', () => {
        const plan = (0, storeFixtures_1.makePlan)({ title: 'Evil **bold** [link](http://x) <img>\u202e\nnext' });
        const checkpoint = (0, storeFixtures_1.makeCheckpoint)(plan.plan_id, { metadata: { reason: 'before `rm`', source_tool: null, phase: null, extra: {}, skipped: [] } });
        const changes = [
            { path: 'a_[x](y).md', change: 'added' },
            ...Array.from({ length: 11 }, (_, i) => ({ path: `src/f${i}.ts`, change: 'modified' })),
            { path: 'z\nline.txt', change: 'deleted' },
        ];
        const text = (0, toolConfirmations_1.rollbackToolConfirmation)(plan, checkpoint, changes, false);
        assert.equal(text.title, 'Roll back?');
        const lines = text.markdown.split('  \n');
        assert.match(lines[0], /^\*\*Roll back “Evil \\\*\\\*bold\\\*\\\* \\\[link\\\]\\\(http:\/\/x\\\) \\<img\\>\\\\u202e\\\\nnext” to “before \\`rm\\`”\?\*\*$/);
        assert.equal(lines[1], '1 file will be added, 11 modified and 1 deleted\\.');
        assert.match(lines[3], /^add +a\\_\\\[x\\\]\\\(y\\\)\\\.md$/);
        assert.ok(lines.includes('and 3 more'), lines.join('\n'));
        assert.ok(!text.markdown.includes('\u202e') && !/[^ ]\n/.test(text.markdown.replace(/ {2}\n/g, '')), 'no raw control characters or line breaks of the values');
        assert.match((0, toolConfirmations_1.rollbackToolConfirmation)(plan, checkpoint, [], true).markdown, /^\*\*Undo the rollback of /);
    });
    it('asks before an agent-only rollback with how many of the agent’s changes go, how many of the user’s stay, and the conflicts, escaped', () => {
        const plan = (0, storeFixtures_1.makePlan)({ title: 'plan' });
        const checkpoint = (0, storeFixtures_1.makeCheckpoint)(plan.plan_id);
        const text = (0, toolConfirmations_1.agentOnlyToolConfirmation)(plan, checkpoint, {
            changes: [{ path: 'a.txt', change: 'modified' }, { path: 'b*.txt', change: 'deleted' }],
            summary: { mode: 'agent_only', scope: 'session', tool_calls: 2, kept: ['c.txt'], kept_reasons: [{ path: 'c.txt', reason: 'outside_tool_calls' }], merged: ['a.txt'], conflicts: [{ path: '[x](y).md', reason: 'lines' }], unclosed: [] },
        });
        assert.equal(text.title, 'Undo the agent’s changes, keeping the user’s?');
        const lines = text.markdown.split('  \n');
        assert.match(lines[0], /^\*\*Undo the agent’s changes to “plan” since “.*”, keeping yours\?\*\*$/);
        assert.equal(lines[1], '2 paths of the agent’s changes \\(2 tool calls\\) will be undone; 1 path that is not the agent’s will be kept \\(1 yours\\)\\.');
        assert.ok(lines.includes('\\[x\\]\\(y\\)\\.md: the same lines were changed by the agent and by someone else'), lines.join('\n'));
        assert.ok(lines.some((l) => /^delete +b\\\*\\\.txt$/.test(l)), lines.join('\n'));
        assert.ok(lines.some((l) => /^merge +a\\\.txt$/.test(l)), lines.join('\n'));
        assert.ok(lines.some((l) => /^keep +c\\\.txt \\\(yours\\\)$/.test(l)), lines.join('\n'));
    });
    it('asks before restoring chosen paths with the counts and the paths, escaped', () => {
        const plan = (0, storeFixtures_1.makePlan)({ title: 'plan' });
        const checkpoint = (0, storeFixtures_1.makeCheckpoint)(plan.plan_id);
        const text = (0, toolConfirmations_1.restoreToolConfirmation)(plan, checkpoint, [{ path: '*evil*[x](y).ts', change: 'modified' }]);
        assert.equal(text.title, 'Restore from the checkpoint?');
        assert.match(text.markdown.split('  \n')[0], /^\*\*Restore “\\\*evil\\\*\\\[x\\\]\\\(y\\\)\\\.ts” of “plan” from /);
    });
    it('asks before deleting a checkpoint, naming it and its plan, escaped', () => {
        const plan = (0, storeFixtures_1.makePlan)({ title: '# heading' });
        const checkpoint = (0, storeFixtures_1.makeCheckpoint)(plan.plan_id);
        const text = (0, toolConfirmations_1.deleteToolConfirmation)(plan, checkpoint);
        assert.equal(text.title, 'Delete the checkpoint?');
        assert.ok(text.markdown.includes(`of the plan “\\# heading”?`), text.markdown);
        assert.ok(!text.markdown.includes(checkpoint.checkpoint_id), 'named by label and time, not by id');
        assert.match(text.markdown, /taken (just now|\d+ (min|h|d) ago|[^)]+)\)/);
    });
});
//# sourceMappingURL=languageModelTools.test.js.map