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
function expectError(run, type, exitCode, message) {
    assert.equal(run.code, exitCode, `stdout: ${run.stdout} stderr: ${run.stderr}`);
    const doc = run.json();
    assert.equal(doc.error.type, type, run.stdout);
    assert.match(doc.error.message, message);
}
describe('agents plan recreate-sandbox (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-cli-recreate-');
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    function isolatedPlanWithTwoCheckpoints() {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'src/a.txt': 'base a\n', 'b.bin': Buffer.from([0, 1, 2, 255]) });
        const plan = (0, cliHarness_1.cliJson)(root, 'plan', 'create', '--title', 'Recreate me', '--isolated').plan;
        const sandbox = path.join(root, plan.sandbox_path);
        (0, sandboxFixtures_1.write)(sandbox, 'src/a.txt', 'first\r\n\u00e9\n');
        const first = (0, cliHarness_1.cliJson)(root, 'plan', 'checkpoint', plan.plan_id, '--reason', 'first').checkpoint.checkpoint_id;
        const atFirst = (0, sandboxFixtures_1.hashTree)(sandbox);
        (0, sandboxFixtures_1.write)(sandbox, 'src/a.txt', 'second\n');
        (0, sandboxFixtures_1.write)(sandbox, 'new/c.txt', 'made later\n');
        const second = (0, cliHarness_1.cliJson)(root, 'plan', 'checkpoint', plan.plan_id, '--reason', 'second').checkpoint.checkpoint_id;
        const atSecond = (0, sandboxFixtures_1.hashTree)(sandbox);
        (0, node_fs_1.rmSync)(sandbox, { recursive: true });
        return { root, planId: plan.plan_id, sandboxPath: plan.sandbox_path, sandbox, first, second, atFirst, atSecond };
    }
    it('asks first (refused without a terminal), previews without changing anything, then recreates from a chosen checkpoint by unique prefixes, byte for byte', async () => {
        const s = isolatedPlanWithTwoCheckpoints();
        const short = s.planId.slice(0, 8).toLowerCase();
        expectError((0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', short]), 'ConfirmationRequired', 1, /^Recreate refused: confirmation needed; re-run with --yes$/);
        assert.equal((0, node_fs_1.existsSync)(s.sandbox), false, 'a refused recreate made the folder');
        const preview = (0, cliHarness_1.cliJson)(s.root, 'plan', 'recreate-sandbox', '--preview', short);
        assert.deepEqual(preview, { recreate_preview: { plan_id: s.planId, checkpoint_id: s.second, sandbox_path: s.sandboxPath, files_count: 3 } });
        const previewText = (0, cliHarness_1.runCli)(s.root, ['plan', 'recreate-sandbox', '--preview', short]);
        assert.equal(previewText.code, 0, previewText.stderr);
        // ids by their short form (the folder's path keeps its whole id: it is a path)
        const [planShort, secondShort] = await (0, shortIdOf_1.shortIdOf)(s.root, s.planId, s.second);
        assert.match(previewText.stdout, new RegExp(`^The sandbox folder "${s.sandboxPath.replace(/[.]/g, '\\.')}" of plan ${planShort} “Recreate me” is missing\\.\\nRecreating it makes the folder again with the files of checkpoint ${secondShort} “second” \\(manual, just now, 3 files\\)\\.\\n`));
        assert.equal((0, node_fs_1.existsSync)(s.sandbox), false, 'a preview made the folder');
        const usage = (0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--preview', '--yes', short]);
        assert.equal(usage.code, 2);
        const env = (0, cliHarness_1.cliJson)(s.root, 'plan', 'recreate-sandbox', '--yes', '--checkpoint', s.first.slice(0, 10), short);
        assert.deepEqual(Object.keys(env), ['recreate_summary', 'impact', 'post_recreate_state', 'timing', 'messages']);
        assert.deepEqual(env.recreate_summary, { plan_id: s.planId, from_checkpoint_id: s.first, sandbox_path: s.sandboxPath, restored_files_count: 2 });
        assert.deepEqual(env.post_recreate_state, { active_checkpoint: s.first, plan_id: s.planId });
        assert.deepEqual(env.messages, ['Sandbox recreated successfully.']);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(s.sandbox), s.atFirst);
        const shown = (0, cliHarness_1.cliJson)(s.root, 'plan', 'show', s.planId);
        assert.equal(shown.interrupted_operation, null, 'the record of the recreation was cleared');
        assert.equal(shown.operation_in_progress, null);
        // There now: refused, roll back instead; nothing touched.
        expectError((0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', s.planId]), 'BusinessRuleViolation', 1, /^Recreate blocked: the sandbox folder ".*" exists; roll back to a checkpoint instead$/);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(s.sandbox), s.atFirst);
        // Gone again: the newest checkpoint by default, in text.
        (0, node_fs_1.rmSync)(s.sandbox, { recursive: true });
        const text = (0, cliHarness_1.runCli)(s.root, ['plan', 'recreate-sandbox', '-y', short]);
        assert.equal(text.code, 0, text.stderr);
        assert.match(text.stdout, new RegExp(`^Recreated the sandbox ".*" of plan ${planShort} from checkpoint ${secondShort}: 3 paths written in \\d+\\.\\d\\d s\\.\\n$`));
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(s.sandbox), s.atSecond);
    });
    it('refuses another plan’s checkpoint, an unknown one, and an in-place plan, before making any folder', () => {
        const s = isolatedPlanWithTwoCheckpoints();
        const other = (0, cliHarness_1.cliJson)(s.root, 'plan', 'create', '--title', 'in place').plan.plan_id;
        const foreign = (0, cliHarness_1.cliJson)(s.root, 'plan', 'checkpoint', other).checkpoint.checkpoint_id;
        expectError((0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', '--checkpoint', foreign, s.planId]), 'ValidationError', 1, new RegExp(`^Validation Error: checkpoint ${foreign} belongs to plan ${other}, not to plan ${s.planId}$`));
        expectError((0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', '--checkpoint', '01M8RX4PQK7ZZZZZZZZZZZZZZZ', s.planId]), 'NotFound', 1, /^Not found: checkpoint/);
        expectError((0, cliHarness_1.runCli)(s.root, ['--format', 'json', 'plan', 'recreate-sandbox', '--yes', other]), 'ValidationError', 1, /only an isolated sandbox can be recreated from a checkpoint/);
        assert.equal((0, node_fs_1.existsSync)(s.sandbox), false);
    });
    it('has its usage text', () => {
        const help = (0, cliHarness_1.runCli)(tempDir(), ['plan', 'recreate-sandbox', '--help']);
        assert.equal(help.code, 0);
        assert.match(help.stdout, /^Usage: agents plan recreate-sandbox \[--yes\|-y\] \[--preview\] \[--checkpoint <checkpoint_id>\] <plan_id>\n/);
        assert.match((0, cliHarness_1.runCli)(tempDir(), ['--help']).stdout, /agents plan recreate-sandbox/);
    });
});
//# sourceMappingURL=cliRecreateSandbox.test.js.map