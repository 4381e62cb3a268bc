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
const composition_1 = require("../../src/composition");
const cliHarness_1 = require("./helpers/cliHarness");
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
const sandboxFixtures_2 = require("./helpers/sandboxFixtures");
/** The size limit is inclusive: a file of exactly the limit is captured, one byte more is skipped and listed. */
describe('the file size limit, at its edge', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-size-limit-');
    it('captures a file of exactly the limit and skips one byte more, on the first snapshot and as files grow and shrink across it', async () => {
        const LIMIT = 1024;
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'exact.bin': (0, sandboxFixtures_1.noise)(LIMIT, 1), 'over.bin': (0, sandboxFixtures_1.noise)(LIMIT + 1, 2) });
        const s = (0, sandboxFixtures_1.services)(root, LIMIT);
        try {
            const { plan, checkpoints: [first] } = await (0, workspaceFixtures_1.planWithCheckpoints)(s, 1);
            assert.deepEqual(first.metadata.skipped, [{ path: 'over.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
            assert.equal(first.metadata.file_count, 1);
            assert.deepEqual(await s.checkpoints.readFileAt(plan.plan_id, first.checkpoint_id, 'exact.bin'), new Uint8Array((0, sandboxFixtures_1.noise)(LIMIT, 1)));
            assert.equal(await s.checkpoints.readFileAt(plan.plan_id, first.checkpoint_id, 'over.bin'), undefined);
            // The captured file grows by one byte; the skipped one shrinks to the limit.
            (0, sandboxFixtures_2.write)(root, 'exact.bin', (0, sandboxFixtures_1.noise)(LIMIT + 1, 3));
            (0, sandboxFixtures_2.write)(root, 'over.bin', (0, sandboxFixtures_1.noise)(LIMIT, 4));
            const { checkpoint: second } = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.deepEqual(second.metadata.skipped, [{ path: 'exact.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
            assert.deepEqual(await s.checkpoints.readFileAt(plan.plan_id, second.checkpoint_id, 'over.bin'), new Uint8Array((0, sandboxFixtures_1.noise)(LIMIT, 4)));
            assert.equal(await s.checkpoints.readFileAt(plan.plan_id, second.checkpoint_id, 'exact.bin'), undefined);
            // A skipped file still one byte over (new content, same size) stays skipped and listed.
            (0, sandboxFixtures_2.write)(root, 'exact.bin', (0, sandboxFixtures_1.noise)(LIMIT + 1, 5));
            const { checkpoint: third } = await s.checkpoints.createCheckpoint(plan.plan_id);
            assert.deepEqual(third.metadata.skipped, [{ path: 'exact.bin', reason: 'too_large', size_bytes: LIMIT + 1 }]);
            assert.equal(await s.checkpoints.readFileAt(plan.plan_id, third.checkpoint_id, 'exact.bin'), undefined);
        }
        finally {
            s.dispose();
        }
    });
    it(`the CLI's limit (${composition_1.DEFAULT_MAX_FILE_BYTES} bytes): exactly it is captured, one byte more is listed as skipped`, () => {
        (0, cliHarness_1.ensureCliBuilt)();
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'exact.bin': Buffer.alloc(composition_1.DEFAULT_MAX_FILE_BYTES, 7), 'over.bin': Buffer.alloc(composition_1.DEFAULT_MAX_FILE_BYTES + 1, 8) });
        const json = (args) => {
            const run = (0, cliHarness_1.runCli)(root, ['--format', 'json', ...args]);
            assert.equal(run.code, 0, run.stdout + run.stderr);
            return run.json();
        };
        const p = json(['plan', 'create', '--title', 'size']).plan.plan_id;
        const { metadata } = json(['plan', 'checkpoint', p]).checkpoint;
        assert.deepEqual(metadata.skipped, [{ path: 'over.bin', reason: 'too_large', size_bytes: composition_1.DEFAULT_MAX_FILE_BYTES + 1 }]);
        assert.equal(metadata.file_count, 1);
    });
});
//# sourceMappingURL=sizeLimit.test.js.map