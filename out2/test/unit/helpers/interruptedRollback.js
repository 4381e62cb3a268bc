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
exports.makeInterruptedRollback = makeInterruptedRollback;
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
const fileOperationJournal_1 = require("../../../src/adapters/files/fileOperationJournal");
/**
 * The state a kill in the middle of "roll back from two to one" leaves in the sandbox (`root`, or
 * its folder `sandbox`): a.txt written already, b.txt not yet (or, with `halfWritten`, half), and
 * the record of a process that is gone.
 */
async function makeInterruptedRollback(root, s, options = {}) {
    const sandbox = options.sandbox ?? '.';
    (0, node_fs_1.mkdirSync)(path.join(root, sandbox), { recursive: true });
    const write = (name, text) => (0, node_fs_1.writeFileSync)(path.join(root, sandbox, name), text);
    write('a.txt', 'one\n');
    write('b.txt', 'one\n');
    const plan = await s.plans.createPlan({ title: 'interrupted', sandbox });
    const { checkpoint: c1 } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'one' });
    write('a.txt', 'two\n');
    write('b.txt', 'two\n');
    const { checkpoint: c2 } = await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'two' });
    write('a.txt', 'one\n');
    if (options.halfWritten !== undefined)
        write('b.txt', options.halfWritten);
    const dead = Number((0, node_child_process_1.spawnSync)(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    await new fileOperationJournal_1.FileOperationJournal(root).begin({
        type: 'rollback',
        plan_id: plan.plan_id,
        target_checkpoint_id: c1.checkpoint_id,
        undo_checkpoint_id: c2.checkpoint_id,
        sandbox_key: plan.plan_id,
        from_ref: c2.sandbox_ref,
        to_ref: c1.sandbox_ref,
        started_at: new Date().toISOString(),
        pid: dead,
        host: os.hostname(),
    });
    return { planId: plan.plan_id, record: path.join(root, '.cleveragents', 'operations', `${plan.plan_id}.json`) };
}
//# sourceMappingURL=interruptedRollback.js.map