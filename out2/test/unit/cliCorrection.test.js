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
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const shortIdOf_1 = require("./helpers/shortIdOf");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
/** decide A → B (on A) → C (on B) → D (independent), then correct B, through the built CLI. */
describe('agents plan decide / decisions / correct (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-correct-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    const cli = cliHarness_1.cliJson;
    const files = (root) => {
        const out = {};
        for (const f of ['a.txt', 'b.txt', 'bnew.txt', 'd.txt'])
            if ((0, node_fs_1.existsSync)(path.join(root, f)))
                out[f] = (0, node_fs_1.readFileSync)(path.join(root, f), 'utf8');
        return out;
    };
    function flow() {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a', 'b.txt': 'b', 'd.txt': 'd' });
        const p = cli(root, 'plan', 'create', '--title', 'flow').plan.plan_id;
        const decide = (title, on, edit) => {
            const id = cli(root, 'plan', 'decide', p, '--title', title, ...on.flatMap((o) => ['--depends-on', o])).decision;
            assert.deepEqual([id.depends_on, id.state], [[...on].sort(), 'active']);
            cli(root, 'plan', 'checkpoint', p, '--type', 'pre_write', '--decision', id.decision_id);
            edit();
            cli(root, 'plan', 'checkpoint', p, '--type', 'post_step', '--decision', id.decision_id);
            return id.decision_id;
        };
        const A = decide('A', [], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+A'));
        const afterA = files(root);
        const B = decide('B', [A], () => {
            (0, sandboxFixtures_1.write)(root, 'b.txt', 'b+B');
            (0, sandboxFixtures_1.write)(root, 'bnew.txt', 'from B');
        });
        const C = decide('C', [B], () => (0, sandboxFixtures_1.write)(root, 'a.txt', 'a+A+C'));
        const D = decide('D', [], () => (0, sandboxFixtures_1.write)(root, 'd.txt', 'd+D'));
        return { root, p, A, B, C, D, afterA, end: files(root) };
    }
    const states = (root, p) => cli(root, 'plan', 'decisions', p).decisions.map((d) => `${d.title}:${d.state}`);
    it('lists decisions oldest first with depends_on, state and aligned checkpoints', () => {
        const { root, p, A, B } = flow();
        const listed = cli(root, 'plan', 'decisions', p);
        assert.equal(listed.plan_id, p);
        assert.deepEqual(listed.decisions.map((d) => d.title), ['A', 'B', 'C', 'D']);
        assert.deepEqual(listed.decisions[1].depends_on, [A]);
        assert.equal(listed.decisions[1].decision_id, B);
        assert.ok(listed.decisions.every((d) => d.checkpoint_ids.length === 2 && d.state === 'active'));
    });
    it('correct B (spec mode): B and C reverted in BFS order, A and D active, files equal the pre_write of B; --preview changed nothing; undo restores all', () => {
        const { root, p, B, C, afterA, end } = flow();
        const preview = cli(root, 'plan', 'correct', '--preview', p, B);
        assert.deepEqual(preview.correction_preview.reverted_decisions.map((r) => [r.decision_id, r.depth]), [[B, 0], [C, 1]]);
        assert.deepEqual(files(root), end);
        const refused = (0, cliHarness_1.runCli)(root, ['plan', 'correct', p, B]);
        assert.equal(refused.code, 1);
        assert.match(refused.stderr, /Correction refused: confirmation needed; re-run with --yes/);
        const env = cli(root, 'plan', 'correct', '--yes', p, B);
        assert.deepEqual(Object.keys(env), ['correction_summary', 'rollback_summary', 'changes_reverted', 'impact', 'post_rollback_state', 'timing', 'messages']);
        assert.deepEqual(env.correction_summary.reverted_decisions, [B, C]);
        assert.equal(env.correction_summary.mode, 'rollback');
        assert.deepEqual(env.changes_reverted, ['a.txt', 'b.txt', 'bnew.txt', 'd.txt']);
        assert.deepEqual(files(root), afterA);
        assert.deepEqual(states(root, p), ['A:active', 'B:reverted', 'C:reverted', 'D:active']);
        const again = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'correct', '--yes', p, B]);
        assert.equal(again.code, 1);
        assert.match(again.json().error.message, /already reverted/);
        cli(root, 'plan', 'correct', '--undo', '--yes', p, env.correction_summary.correction_id);
        assert.deepEqual(files(root), end);
        assert.deepEqual(states(root, p), ['A:active', 'B:active', 'C:active', 'D:active']);
    });
    it('correct --keep-independent B keeps D’s edits; a conflict is refused with the list; undo restores all', () => {
        const { root, p, B, end } = flow();
        const env = cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, B);
        assert.equal(env.correction_summary.mode, 'keep_independent');
        assert.deepEqual(files(root), { 'a.txt': 'a+A', 'b.txt': 'b', 'd.txt': 'd+D' });
        cli(root, 'plan', 'correct', '--undo', '--yes', p, env.correction_summary.correction_id);
        assert.deepEqual(files(root), end);
        // E, independent, changes b.txt too: correcting B while keeping E is a conflict.
        const E = cli(root, 'plan', 'decide', p, '--title', 'E').decision.decision_id;
        cli(root, 'plan', 'checkpoint', p, '--type', 'pre_write', '--decision', E);
        (0, sandboxFixtures_1.write)(root, 'b.txt', 'b+B+E');
        cli(root, 'plan', 'checkpoint', p, '--type', 'post_step', '--decision', E);
        const conflict = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'correct', '--yes', '--keep-independent', p, B]);
        assert.equal(conflict.code, 1);
        const error = conflict.json().error;
        assert.deepEqual([error.type, error.conflicts], ['CorrectionConflict', ['b.txt']]);
        assert.equal((0, node_fs_1.readFileSync)(path.join(root, 'b.txt'), 'utf8'), 'b+B+E');
    });
    it('correct --keep-independent merges: the user’s lines between B’s tool calls stay (preview text byte-exact), the same line refuses with the reason, undo restores all', async () => {
        const lines = (...xs) => xs.map((x) => `${x}\n`).join('');
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'm.txt': lines('1', '2', '3', '4', '5') });
        const p = cli(root, 'plan', 'create', '--title', 'merge').plan.plan_id;
        const B = cli(root, 'plan', 'decide', p, '--title', 'B').decision.decision_id;
        const pre = cli(root, 'plan', 'checkpoint', p, '--type', 'pre_write', '--decision', B).checkpoint.checkpoint_id;
        (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5'));
        cli(root, 'plan', 'checkpoint', p, '--type', 'post_step', '--decision', B);
        (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5u'));
        const read = () => (0, node_fs_1.readFileSync)(path.join(root, 'm.txt'), 'utf8');
        const preview = (0, cliHarness_1.runCli)(root, ['plan', 'correct', '--preview', '--keep-independent', p, B]);
        assert.equal(preview.code, 0, preview.stderr);
        const [pShort, bShort, preShort] = await (0, shortIdOf_1.shortIdOf)(root, p, B, pre);
        assert.equal(preview.stdout, [
            `Correcting decision ${bShort} of plan ${pShort} reverts 1 decision:`,
            `  ${bShort} "B"`,
            `Files: the changes these decisions made in their tool calls are taken out (merged three ways onto the files now) since checkpoint ${preShort}; 1 path changes:`,
            '  modified  m.txt',
            'Kept (changed by you or another program between their tool calls): 1 path',
            '  kept      m.txt',
            'A safety checkpoint of the current files is taken first, so the correction can be undone.',
            '',
        ].join('\n'));
        const json = cli(root, 'plan', 'correct', '--preview', '--keep-independent', p, B).correction_preview;
        assert.deepEqual([json.restore_paths, json.kept, json.merge_conflicts], [['m.txt'], ['m.txt'], []]);
        // The user changes line 1 too: the same line as B; refused, nothing written.
        (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1*', '2', '3', '4', '5u'));
        const conflictPreview = (0, cliHarness_1.runCli)(root, ['plan', 'correct', '--preview', '--keep-independent', p, B]);
        assert.match(conflictPreview.stdout, /\nRefused: 1 path changed both by these decisions and by someone else between their tool calls; nothing is written while there are any:\n {2}conflict {2}m\.txt: the same lines were changed by the agent and by someone else\n$/);
        const refused = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'correct', '--yes', '--keep-independent', p, B]);
        assert.equal(refused.code, 1);
        const error = refused.json().error;
        assert.deepEqual([error.type, error.conflicts, error.conflict_reasons.map((c) => `${c.path}:${c.reason}`)], ['CorrectionConflict', ['m.txt'], ['m.txt:lines']]);
        assert.equal(read(), lines('1*', '2', '3', '4', '5u'));
        (0, sandboxFixtures_1.write)(root, 'm.txt', lines('1B', '2', '3', '4', '5u'));
        const env = cli(root, 'plan', 'correct', '--yes', '--keep-independent', p, B);
        assert.equal(read(), lines('1', '2', '3', '4', '5u'));
        cli(root, 'plan', 'correct', '--undo', '--yes', p, env.correction_summary.correction_id);
        assert.equal(read(), lines('1B', '2', '3', '4', '5u'));
    });
    it('refuses bad input with the usual exit codes', () => {
        const { root, p, A } = flow();
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'decide', p]).code, 2);
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'decide', p, '--title', 'x', '--depends-on', 'nope']).code, 1);
        const missing = (0, cliHarness_1.runCli)(root, ['--format', 'json', 'plan', 'decide', p, '--title', 'x', '--depends-on', '01M8PRE0X9Y29WWZDCCQ16H1SE']);
        assert.equal(missing.code, 1);
        assert.match(missing.json().error.message, /does not exist/);
        assert.equal((0, cliHarness_1.runCli)(root, ['plan', 'correct', '--undo', '--preview', p, A]).code, 2);
    });
});
//# sourceMappingURL=cliCorrection.test.js.map