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
const cliHarness_1 = require("./helpers/cliHarness");
const mcpHarness_1 = require("./helpers/mcpHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const shortIdOf_1 = require("./helpers/shortIdOf");
const tempDir_1 = require("./helpers/tempDir");
const lines = (...l) => l.map((x) => `${x}\n`).join('');
const DB = path.join('.cleveragents', 'cleveragents.db');
describe('agents plan rollback --agent-only (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-agent-only-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const json = (root, ...args) => (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
    function ok(run) {
        assert.equal(run.code, 0, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
        return run;
    }
    const checkpoint = (root, planId, ...args) => ok(json(root, 'plan', 'checkpoint', planId, ...args)).json().checkpoint.checkpoint_id;
    const read = (root, rel) => ((0, node_fs_1.existsSync)(path.join(root, rel)) ? (0, node_fs_1.readFileSync)(path.join(root, rel), 'utf8') : undefined);
    /** The files (but `.cleveragents/`) and the database's bytes. */
    const state = (root) => ({ tree: (0, sandboxFixtures_1.hashTree)(root), db: (0, node_fs_1.readFileSync)(path.join(root, DB)).toString('base64') });
    /**
     * The issue's flow: checkpoint C; the agent edits a.txt line 1 and creates b.txt (pre/post); the
     * user edits a.txt line 5 and c.txt; the agent deletes d.txt (pre/post).
     */
    function issueFlow() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'a.txt', lines('1', '2', '3', '4', '5'));
        (0, sandboxFixtures_1.write)(root, 'c.txt', lines('c'));
        (0, sandboxFixtures_1.write)(root, 'd.txt', lines('d'));
        const plan = ok(json(root, 'plan', 'create', '--title', 'agent only')).json().plan;
        const p = plan.plan_id;
        const c = checkpoint(root, p, '--reason', 'C');
        const tool = (name, writes) => {
            checkpoint(root, p, '--type', 'pre_write', '--source-tool', name, '--extra', 'agent=claude-code');
            writes();
            checkpoint(root, p, '--type', 'post_step', '--source-tool', name, '--extra', 'agent=claude-code');
        };
        tool('Edit', () => {
            (0, sandboxFixtures_1.write)(root, 'a.txt', lines('agent 1', '2', '3', '4', '5'));
            (0, sandboxFixtures_1.write)(root, 'b.txt', lines('made by the agent'));
        });
        (0, sandboxFixtures_1.write)(root, 'a.txt', lines('agent 1', '2', '3', '4', 'user 5'));
        (0, sandboxFixtures_1.write)(root, 'c.txt', lines('c, edited by the user'));
        tool('Bash', () => (0, node_fs_1.unlinkSync)(path.join(root, 'd.txt')));
        return { root, p, c };
    }
    it('the issue’s flow: the agent’s line 1, b.txt and the deletion of d.txt are taken out, the user’s line 5 and c.txt kept; the undo restores the state before byte for byte', async () => {
        const { root, p, c } = issueFlow();
        const before = state(root);
        const preview = ok(json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c)).json().rollback_preview;
        assert.deepEqual(preview.changes, [
            { path: 'a.txt', change: 'modified' },
            { path: 'b.txt', change: 'deleted' },
            { path: 'd.txt', change: 'added' },
        ]);
        assert.deepEqual(preview.kept, ['c.txt'], 'a path written is never also kept');
        assert.deepEqual(preview.kept_reasons, [{ path: 'c.txt', reason: 'outside_tool_calls' }]);
        assert.deepEqual(preview.merged, ['a.txt']);
        assert.deepEqual(preview.conflicts, []);
        assert.equal(preview.tool_calls, 2);
        const previewText = ok((0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
        const [pShort, cShort] = await (0, shortIdOf_1.shortIdOf)(root, p, c);
        assert.equal(previewText, [
            `Taking the agent's changes since checkpoint ${cShort} out of plan ${pShort} (2 tool calls of the agent) changes these paths:`,
            '  modified  a.txt',
            '  deleted   b.txt',
            '  added     d.txt',
            'In all: 3 paths (1 added, 1 modified, 1 deleted).',
            "Merged (written, with others' changes in them kept; only the agent's are taken out): 1 path",
            '  merged    a.txt',
            "Kept (not this agent's): 1 path: 1 yours",
            '  kept      c.txt (yours)',
            'A safety checkpoint of the current files is taken first, so the rollback can be undone.',
            '',
        ].join('\n'), 'the preview, byte for byte');
        assert.deepEqual(state(root), before, 'the preview changes nothing, not even the database');
        const run = ok(json(root, 'plan', 'rollback', '--agent-only', '--yes', p, c));
        const envelope = run.json();
        assert.deepEqual(Object.keys(envelope), ['rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages'], 'the reference’s fields, in its order');
        const undoId = envelope.post_rollback_state.undo_checkpoint_id;
        assert.deepEqual(envelope.rollback_summary, {
            plan_id: p,
            from_checkpoint_id: c,
            restored_files_count: 3,
            mode: 'agent_only',
            scope: 'session',
            reverted: ['a.txt', 'b.txt', 'd.txt'],
            kept: ['c.txt'],
            kept_reasons: [{ path: 'c.txt', reason: 'outside_tool_calls' }],
            merged: ['a.txt'],
            conflicts: [],
            tool_calls: 2,
            unclosed: [],
        });
        assert.deepEqual(envelope.changes_reverted, ['a.txt', 'b.txt', 'd.txt']);
        assert.deepEqual(envelope.messages, ['Rollback completed successfully.']);
        assert.equal(read(root, 'a.txt'), lines('1', '2', '3', '4', 'user 5'), 'the user’s line 5 without the agent’s line 1');
        assert.equal(read(root, 'b.txt'), undefined, 'b.txt gone');
        assert.equal(read(root, 'd.txt'), lines('d'), 'd.txt back');
        assert.equal(read(root, 'c.txt'), lines('c, edited by the user'), 'c.txt as the user left it');
        const undo = ok((0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--yes', p, undoId]));
        assert.equal(undo.stdout.replace(/ in \d+\.\d\d s\./, ' in T s.').replace(/Undo with: agents plan rollback \S+ \S+\n$/, 'Undo with: …\n'), [`Rolled back plan ${pShort} to checkpoint ${(await (0, shortIdOf_1.shortIdOf)(root, undoId))[0]}: 3 paths restored in T s.`, '  modified  a.txt', '  added     b.txt', '  deleted   d.txt', 'Undo with: …', ''].join('\n'), 'the undo’s output, byte for byte but the time and the next undo’s id');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before.tree, 'the undo restores the state before, byte for byte');
    });
    it('the text output lists the reverted and the kept paths, and how to undo', async () => {
        const { root, p, c } = issueFlow();
        const text = ok((0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--agent-only', '-y', p, c])).stdout;
        const [pShort, cShort] = await (0, shortIdOf_1.shortIdOf)(root, p, c);
        assert.match(text, new RegExp(`^Took the agent's changes since checkpoint ${cShort} out of plan ${pShort}: 3 paths reverted in \\d+\\.\\d\\d s\\.\n`));
        assert.match(text, /\n  reverted  modified  a\.txt\n  reverted  deleted   b\.txt\n  reverted  added     d\.txt\n/);
        assert.match(text, /\n  merged    a\.txt\nKept \(not this agent's\): 1 path: 1 yours\n  kept      c\.txt \(yours\)\n/);
        assert.match(text, /\nUndo with: agents plan rollback [0-9A-Z]{4,16} [0-9A-Z]{4,16}\n$/);
    });
    it('an overlapping edit is refused, with the path and the reason, and nothing is written', () => {
        const { root, p, c } = issueFlow();
        (0, sandboxFixtures_1.write)(root, 'a.txt', lines('the user rewrote the agent’s line 1', '2', '3', '4', 'user 5'));
        const before = state(root);
        const preview = ok(json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c)).json().rollback_preview;
        assert.deepEqual(preview.changes, []);
        assert.deepEqual(preview.conflicts, [{ path: 'a.txt', reason: 'lines', message: 'the same lines were changed by the agent and by someone else' }]);
        const previewText = ok((0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--agent-only', '--preview', p, c])).stdout;
        assert.match(previewText, /\n  conflict  a\.txt: the same lines were changed by the agent and by someone else\n/);
        for (const yes of [['--yes'], []]) {
            const run = json(root, 'plan', 'rollback', '--agent-only', ...yes, p, c);
            assert.equal(run.code, 1, run.stdout);
            const error = run.json().error;
            assert.equal(error.type, 'BusinessRuleViolation');
            assert.match(error.message, /^Rollback blocked: 1 path was changed both by the agent and by someone else.*nothing was written: a\.txt \(the same lines were changed by the agent and by someone else\)/);
            assert.deepEqual(error.conflicts, ['a.txt']);
        }
        const text = (0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--agent-only', '-y', p, c]);
        assert.equal(text.code, 1);
        assert.match(text.stderr, /^agents: Rollback blocked: .*a\.txt/);
        assert.deepEqual(state(root), before, 'no file and no row (no safety checkpoint) was written');
    });
    it('the MCP tools: preview_rollback and rollback with agent_only: true, conflicts refused as tool errors, undo_rollback takes it back', async () => {
        const { root, p, c } = issueFlow();
        const before = (0, sandboxFixtures_1.hashTree)(root);
        const mcp = await (0, mcpHarness_1.startMcp)(root);
        try {
            const preview = await mcp.ok('preview_rollback', { plan_id: p, checkpoint_id: c, agent_only: true });
            assert.deepEqual(preview.agent_only.kept, ['c.txt']);
            assert.deepEqual(preview.agent_only.kept_reasons, [{ path: 'c.txt', reason: 'outside_tool_calls' }]);
            assert.equal(preview.changes.length, 3);
            const envelope = await mcp.ok('rollback', { plan_id: p, checkpoint_id: c, agent_only: true });
            assert.equal(envelope.rollback_summary.mode, 'agent_only');
            assert.deepEqual(envelope.rollback_summary.kept, ['c.txt']);
            assert.equal(read(root, 'a.txt'), lines('1', '2', '3', '4', 'user 5'));
            await mcp.ok('undo_rollback', { plan_id: p, undo_checkpoint_id: envelope.post_rollback_state.undo_checkpoint_id });
            assert.deepEqual((0, sandboxFixtures_1.hashTree)(root), before);
            (0, sandboxFixtures_1.write)(root, 'b.txt', lines('the user changed the agent’s new file'));
            const blocked = state(root);
            assert.match(await mcp.fails('rollback', { plan_id: p, checkpoint_id: c, agent_only: true }), /^Rollback blocked: 1 path was changed both by the agent and by someone else.*b\.txt \(created by the agent, then changed by someone else\)/);
            assert.deepEqual(state(root), blocked);
        }
        finally {
            await mcp.close();
        }
    });
    it('has the guards of a rollback: confirmation, missing sandbox, applied plan', () => {
        const { root, p, c } = issueFlow();
        const before = state(root);
        const unconfirmed = json(root, 'plan', 'rollback', '--agent-only', p, c);
        assert.equal(unconfirmed.code, 1);
        assert.equal(unconfirmed.json().error.message, 'Rollback refused: confirmation needed; re-run with --yes');
        assert.deepEqual(state(root), before);
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'rollback', '--agent-only', '--preview', '--yes', p, c]).code, 2, '--preview and --yes together are a usage error');
        ok(json(root, 'plan', 'apply', '--yes', p));
        const applied = json(root, 'plan', 'rollback', '--agent-only', '--yes', p, c);
        assert.equal(applied.json().error.message, 'Rollback blocked: plan is already applied');
        const preview = json(root, 'plan', 'rollback', '--agent-only', '--preview', p, c);
        assert.equal(preview.json().error.message, 'Rollback blocked: plan is already applied');
        const other = tempDir();
        (0, sandboxFixtures_1.write)(other, 'pkg/x.txt', 'x');
        const plan = ok(json(other, 'plan', 'create', '--title', 'pkg', '--sandbox', 'pkg')).json().plan;
        const first = checkpoint(other, plan.plan_id);
        (0, node_fs_1.rmSync)(path.join(other, 'pkg'), { recursive: true });
        assert.equal(json(other, 'plan', 'rollback', '--agent-only', '-y', plan.plan_id, first).json().error.message, 'Rollback blocked: sandbox is missing');
    });
});
//# sourceMappingURL=cliAgentOnly.test.js.map