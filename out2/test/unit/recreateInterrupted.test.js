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
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
/**
 * Recreate Sandbox killed half-way (SIGKILL, in a process of its own, after its record was written
 * and half of the files, one of them cut short): the plan shows the interrupted operation, every
 * write is refused, and one `recover` leaves a consistent sandbox: finished, the checkpoint's files
 * byte for byte (the cut file kept aside); undone, the empty folder it started from.
 */
describe('Recreate Sandbox killed half-way, then recovered in one step (the built CLI)', function () {
    this.timeout(180_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-recreate-kill-');
    const FILES = 40;
    before(function () {
        this.timeout(180_000);
        (0, cliHarness_1.ensureCliBuilt)();
    });
    function killedRecreate() {
        const root = tempDir();
        (0, sandboxFixtures_1.write)(root, 'README.md', 'workspace\n');
        const plan = (0, cliHarness_1.cliJson)(root, 'plan', 'create', '--title', 'Recreate killed', '--isolated').plan;
        const sandbox = path.join(root, plan.sandbox_path);
        for (let i = 0; i < FILES; i++)
            (0, sandboxFixtures_1.write)(sandbox, `src/f${i}.txt`, `line ${i}\n`.repeat(50));
        const checkpointId = (0, cliHarness_1.cliJson)(root, 'plan', 'checkpoint', plan.plan_id).checkpoint.checkpoint_id;
        const atCheckpoint = (0, sandboxFixtures_1.hashTree)(sandbox);
        const reference = path.join(root, '..', `reference-${path.basename(root)}`);
        (0, node_fs_1.cpSync)(sandbox, reference, { recursive: true });
        (0, node_fs_1.rmSync)(sandbox, { recursive: true });
        // The restore's write is replaced by half of it, the last file cut short, then the kill: what
        // a process killed while git wrote the files leaves.
        const script = path.join(root, '..', `kill-${path.basename(root)}.js`);
        (0, node_fs_1.writeFileSync)(script, `const fs = require('node:fs');
const path = require('node:path');
const { ShadowGitSandbox } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'adapters', 'shadowStore', 'shadowGitSandbox.js'))});
const { createWorkspaceServices } = require(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'out', 'src', 'composition.js'))});
const prepare = ShadowGitSandbox.prototype.prepareRestore;
ShadowGitSandbox.prototype.prepareRestore = async function (sandbox, ...rest) {
  const restore = await prepare.call(this, sandbox, ...rest);
  return { ...restore, apply: async () => {
    const half = restore.changes.slice(0, Math.floor(restore.changes.length / 2));
    half.forEach((c, i) => {
      const text = fs.readFileSync(path.join(${JSON.stringify(reference)}, c.path));
      fs.mkdirSync(path.dirname(path.join(sandbox.dir, c.path)), { recursive: true });
      fs.writeFileSync(path.join(sandbox.dir, c.path), i === half.length - 1 ? text.subarray(0, 7) : text);
    });
    process.kill(process.pid, 'SIGKILL');
  } };
};
const s = createWorkspaceServices({ workspaceRoot: ${JSON.stringify(root)}, wasmDir: ${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'dist'))}, logger: { debug() {}, info() {}, warn() {}, error() {} } });
s.sandboxes.recreateSandbox(${JSON.stringify(plan.plan_id)}).then(() => process.exit(3), (e) => { console.error(e); process.exit(4); });
`);
        const killed = (0, node_child_process_1.spawnSync)(process.execPath, [script], { encoding: 'utf8' });
        assert.equal(killed.signal, 'SIGKILL', `not killed: ${killed.status} ${killed.stderr}`);
        const written = (0, node_fs_1.readdirSync)(path.join(sandbox, 'src')).length;
        assert.ok(written > 0 && written < FILES, `half of the files written: ${written}`);
        return { root, planId: plan.plan_id, sandbox, checkpointId, atCheckpoint };
    }
    it('shows the interrupted recreation and refuses writes; recover finishes it: the checkpoint’s files byte for byte, the cut file kept aside', () => {
        const k = killedRecreate();
        const shown = (0, cliHarness_1.cliJson)(k.root, 'plan', 'show', k.planId);
        assert.equal(shown.interrupted_operation?.type, 'rollback');
        assert.equal(shown.interrupted_operation?.target_checkpoint_id, k.checkpointId);
        const refused = (0, cliHarness_1.runCli)(k.root, ['--format', 'json', 'plan', 'checkpoint', k.planId]);
        assert.equal(refused.code, 1, refused.stdout);
        assert.match(refused.json().error.message, /blocked: plan \w+ has an interrupted rollback .*agents plan recover/);
        const recovered = (0, cliHarness_1.cliJson)(k.root, 'plan', 'recover', '--yes', k.planId).recovered;
        assert.equal(recovered.mode, 'finish');
        assert.equal(recovered.kept.length, 1, JSON.stringify(recovered));
        assert.equal((0, node_fs_1.readFileSync)(path.join(recovered.kept_in, recovered.kept[0])).length, 7, 'the cut file is kept aside as it was');
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(k.sandbox), k.atCheckpoint);
        assert.equal((0, cliHarness_1.cliJson)(k.root, 'plan', 'show', k.planId).interrupted_operation, null);
        assert.equal((0, cliHarness_1.runCli)(k.root, ['--format', 'json', 'plan', 'checkpoint', k.planId]).code, 0, 'the plan takes writes again');
    });
    it('recover --undo leaves the empty folder it started from; a rollback to the checkpoint then fills it', () => {
        const k = killedRecreate();
        (0, cliHarness_1.cliJson)(k.root, 'plan', 'recover', '--yes', '--undo', k.planId);
        assert.ok((0, node_fs_1.existsSync)(k.sandbox));
        assert.deepEqual(Object.keys((0, sandboxFixtures_1.hashTree)(k.sandbox)).filter((p) => !p.endsWith('/')), [], 'no file left of the half-done recreation');
        assert.equal((0, cliHarness_1.cliJson)(k.root, 'plan', 'show', k.planId).interrupted_operation, null);
        (0, cliHarness_1.cliJson)(k.root, 'plan', 'rollback', '--yes', k.planId, k.checkpointId);
        assert.deepEqual((0, sandboxFixtures_1.hashTree)(k.sandbox), k.atCheckpoint);
    });
});
//# sourceMappingURL=recreateInterrupted.test.js.map