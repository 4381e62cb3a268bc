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
exports.benchSave = benchSave;
// The engine's part of a save with automatic checkpoints (`npm run bench -- --save [--save-files
// N]`): what the extension's AutoCheckpointer does while VS Code holds the save (its
// onWillSaveTextDocument wait, 1.5 s at most): the plan read, then createCheckpointIfChanged of a
// pre_write, on the sandbox test/integration/saveParticipantCost.itest.ts generates (default
// 50,000 files, L's count; 20 changed since the last checkpoint), in this process as in the
// extension host. The whole save, VS Code's own work included, is that test's figure.
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const composition_1 = require("../src/composition");
const benchCommon_1 = require("./benchCommon");
/** The same files as the integration test: 40 folders, a 1 KB source file each, an hour old. */
function generate(sandbox, files) {
    const rels = [];
    const old = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < files; i++) {
        const rel = `dir${i % 40}/file${i}.ts`;
        const file = path.join(sandbox, rel);
        (0, node_fs_1.mkdirSync)(path.dirname(file), { recursive: true });
        (0, node_fs_1.writeFileSync)(file, `export const value${i} = ${i};\n${'// filler line of a source file\n'.repeat(30)}`);
        (0, node_fs_1.utimesSync)(file, old, old);
        rels.push(rel);
    }
    return rels;
}
async function benchSave(options) {
    const label = `save, ${options.files.toLocaleString('en-US')} files`;
    const workspace = path.join(options.base, 'save');
    const sandbox = path.join(workspace, 'save-cost');
    console.log(`\n[${label}] generating ...`);
    const rels = generate(sandbox, options.files);
    (0, benchCommon_1.settle)();
    const phases = [];
    const logger = { debug: (m) => phases.push(m), info: () => undefined, warn: (m) => console.warn(m), error: (m) => console.error(m) };
    const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: workspace, wasmDir: __dirname, logger });
    const rows = [];
    const record = (step, ms) => {
        rows.push({ workspace: label, step, samples: ms });
        console.log(`  ${step.padEnd(58)} ${(0, benchCommon_1.median)(ms).toFixed(0).padStart(6)} ms   (runs: ${ms.map((x) => x.toFixed(0)).join(', ')})`);
    };
    try {
        const plan = await s.plans.createPlan({ title: 'Save cost', sandbox: 'save-cost' });
        await s.plans.setState(plan.plan_id, 'executing');
        const take = (type) => (0, benchCommon_1.time)(async () => {
            // what AutoCheckpointer.take does
            await s.plans.getPlan(plan.plan_id);
            await s.checkpoints.createCheckpointIfChanged(plan.plan_id, { type, reason: 'Automatic: before writes', sourceTool: 'auto-checkpoint', phase: 'execute' });
        });
        record('first checkpoint (outside any save)', [await take('pre_write')]);
        const pre = [];
        const unchanged = [];
        for (let r = 0; r < options.runs; r++) {
            for (let i = 0; i < options.changed; i++)
                (0, node_fs_1.appendFileSync)(path.join(sandbox, rels[(r * 7919 + i * 104729) % rels.length]), `// changed by a tool ${r}\n`);
            (0, benchCommon_1.settle)();
            phases.length = 0;
            pre.push(await take('pre_write'));
            if (options.verbose || r === 0)
                for (const p of phases)
                    console.log(`      ${p}`);
            // the save itself, and its post_step (outside the save's wait)
            (0, node_fs_1.appendFileSync)(path.join(sandbox, rels[r]), '// edited in VS Code\n');
            await take('post_step');
            (0, benchCommon_1.settle)();
            phases.length = 0;
            unchanged.push(await take('pre_write'));
            if (options.verbose || r === 0)
                for (const p of phases)
                    console.log(`      ${p}`);
        }
        record(`save's pre_write, ${options.changed} files changed since the last checkpoint`, pre);
        record('save\'s pre_write, nothing changed (the check alone)', unchanged);
    }
    finally {
        s.dispose();
    }
    return rows;
}
//# sourceMappingURL=benchSave.js.map