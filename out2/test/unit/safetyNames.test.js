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
const sandboxFixtures_1 = require("./helpers/sandboxFixtures");
const tempDir_1 = require("./helpers/tempDir");
const workspaceFixtures_1 = require("./helpers/workspaceFixtures");
describe('Safety checkpoints get flat, numbered names', function () {
    this.timeout(120_000);
    const tempDir = (0, tempDir_1.useTempDirs)('ca-safety-names-');
    const open = [];
    afterEach(() => {
        for (const s of open.splice(0))
            s.dispose();
    });
    it('rollback, its undo, the undo’s undo and a restore: numbered, never a quoted name inside a quoted name', async () => {
        const root = (0, workspaceFixtures_1.workspaceWith)(tempDir(), { 'a.txt': 'a' });
        const s = (0, sandboxFixtures_1.services)(root);
        open.push(s);
        const p = (await s.plans.createPlan({ title: 'names' })).plan_id;
        const target = (await s.checkpoints.createCheckpoint(p, { reason: 'before due module' })).checkpoint;
        (0, sandboxFixtures_1.write)(root, 'a.txt', 'due');
        const first = await s.checkpoints.rollbackToCheckpoint(p, target.checkpoint_id);
        const undo = await s.checkpoints.rollbackToCheckpoint(p, first.undo_checkpoint_id);
        const redo = await s.checkpoints.rollbackToCheckpoint(p, undo.undo_checkpoint_id);
        const restore = await s.checkpoints.restorePaths(p, first.undo_checkpoint_id, ['a.txt']);
        const reason = async (id) => (await s.checkpoints.getCheckpoint(p, id)).metadata.reason;
        assert.equal(await reason(first.undo_checkpoint_id), 'Before rollback #1 (to “before due module”)');
        assert.equal(await reason(undo.undo_checkpoint_id), 'Before rollback #2 (undoing rollback #1)');
        assert.equal(await reason(redo.undo_checkpoint_id), 'Before rollback #3 (undoing rollback #2)');
        assert.equal(await reason(restore.undo_checkpoint_id), 'Before restore #4 of a.txt (from before rollback #1)');
    });
});
//# sourceMappingURL=safetyNames.test.js.map