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
exports.FOLD_EVERY = void 0;
exports.benchDatabaseGrowth = benchDatabaseGrowth;
// How `agents plan checkpoint` through the built CLI grows with the database: a 1-file sandbox
// whose database holds 1,000 checkpoint rows against the same with 50,000 (issue 24's target: at
// most 1.2×). Not a test: figures, not verdicts. Run by `npm run bench -- --db-growth`.
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const ulid_1 = require("ulid");
const sqlJsCheckpointStore_1 = require("../src/adapters/sqlStore/sqlJsCheckpointStore");
const composition_1 = require("../src/composition");
const benchCommon_1 = require("./benchCommon");
/** How often the write log is folded into the file, as the table's header says it. */
exports.FOLD_EVERY = `once per ${sqlJsCheckpointStore_1.DEFAULT_WRITE_LOG.foldEntries} writes or ${sqlJsCheckpointStore_1.DEFAULT_WRITE_LOG.foldBytes / 1024} KiB of log`;
/** One plan's checkpoints per filler plan, as many as a plan keeps at most. */
const ROWS_PER_PLAN = 100;
/**
 * A workspace with one file, one plan to checkpoint, and `rows` checkpoint rows of other plans
 * (copies of a real checkpoint's row under new ids), written in one transaction.
 */
async function workspaceWithRows(options, rows) {
    const root = path.join(options.base, `db-growth-${rows}`);
    (0, node_fs_1.mkdirSync)(root, { recursive: true });
    (0, node_fs_1.writeFileSync)(path.join(root, 'a.txt'), 'a\n');
    const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: root, wasmDir: options.distDir, logger: options.logger });
    try {
        const template = await s.plans.createPlan({ title: 'filler template' });
        const { checkpoint } = await s.checkpoints.createCheckpoint(template.plan_id, { reason: 'a checkpoint as the CLI writes it' });
        const start = Date.parse(checkpoint.created_at);
        await s.store.write((uow) => {
            for (let p = 0; p * ROWS_PER_PLAN < rows - 1; p++) {
                const planId = (0, ulid_1.ulid)(start + p);
                uow.plans.insert({ ...template, plan_id: planId, title: `filler ${p}`, retention: { max_checkpoints: ROWS_PER_PLAN, auto_prune: true } });
                for (let i = 0; i < ROWS_PER_PLAN && p * ROWS_PER_PLAN + i < rows - 1; i++) {
                    const at = start + p * ROWS_PER_PLAN + i;
                    uow.checkpoints.insert({ ...checkpoint, checkpoint_id: (0, ulid_1.ulid)(at), plan_id: planId, created_at: new Date(at).toISOString() });
                }
            }
        });
        const plan = await s.plans.createPlan({ title: 'timed' });
        // Every row in the file itself, so that each size starts alike (and a release without the log reads it).
        await s.store.fold();
        return { root, planId: plan.plan_id };
    }
    finally {
        s.dispose();
    }
}
/** Times `agents plan checkpoint` per size, sizes interleaved run by run so that drift hits all alike. */
async function benchDatabaseGrowth(options) {
    const sizes = options.sizes ?? [1_000, 50_000];
    const runs = Math.max(5, options.runs);
    const cli = path.join(options.distDir, 'cli.js');
    const workspaces = [];
    for (const rows of sizes)
        workspaces.push({ rows, ...(await workspaceWithRows(options, rows)) });
    const times = new Map(sizes.map((n) => [n, []]));
    let edit = 0;
    const checkpoint = (w) => {
        edit += 1;
        (0, node_fs_1.writeFileSync)(path.join(w.root, 'a.txt'), `edit ${edit}\n`);
        const start = performance.now();
        (0, node_child_process_1.execFileSync)(process.execPath, [cli, '--workspace', w.root, 'plan', 'checkpoint', w.planId], { stdio: 'ignore' });
        return performance.now() - start;
    };
    for (const w of workspaces)
        checkpoint(w); // warm the disk cache and the plan's first snapshot
    for (let r = 0; r < runs; r++)
        for (const w of workspaces)
            times.get(w.rows).push(checkpoint(w));
    console.log(`\n[database growth: agents plan checkpoint, 1-file sandbox, medians of ${runs} runs]`);
    const baseline = (0, benchCommon_1.median)(times.get(sizes[0]));
    const out = [];
    for (const w of workspaces) {
        const ms = (0, benchCommon_1.median)(times.get(w.rows));
        const dbDir = path.join(w.root, '.cleveragents');
        const bytes = (0, node_fs_1.statSync)(path.join(dbDir, 'cleveragents.db')).size;
        let logBytes = 0;
        try {
            logBytes = (0, node_fs_1.statSync)(path.join(dbDir, 'cleveragents.db.log')).size;
        }
        catch {
            // no write log: the database was saved whole
        }
        console.log(`  ${w.rows.toLocaleString('en-US').padStart(7)} rows (${(bytes / 1e6).toFixed(1)} MB, log ${(logBytes / 1e3).toFixed(0)} kB)` +
            `   ${ms.toFixed(0).padStart(5)} ms   ratio to ${sizes[0].toLocaleString('en-US')} rows ${(ms / baseline).toFixed(2)}`);
        let foldMs;
        if (logBytes > 0) {
            // What the log puts off: its fold, paid once per DEFAULT_WRITE_LOG.foldEntries writes or foldBytes of log.
            const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: w.root, wasmDir: options.distDir, logger: options.logger });
            try {
                await s.store.read(() => undefined);
                const start = performance.now();
                await s.store.fold();
                foldMs = performance.now() - start;
                console.log(`          its fold (${exports.FOLD_EVERY}): ${foldMs.toFixed(0)} ms`);
            }
            finally {
                s.dispose();
            }
        }
        out.push({ rows: w.rows, databaseBytes: bytes, logBytes, samples: times.get(w.rows), ...(foldMs === undefined ? {} : { foldMs }) });
    }
    return out;
}
//# sourceMappingURL=benchDatabaseGrowth.js.map