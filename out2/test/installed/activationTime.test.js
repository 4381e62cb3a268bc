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
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
// How long the installed extension takes from activation to the first rows of its view, on the
// demo workspace and on a database of 5,000 checkpoints (50 plans of 100). The view is left open
// and the window reloaded, as a user reopening a window finds it: the extension activates and the
// view asks for its rows at once. The figure is the extension's own log line ("First rows in the
// view N ms after activation"); it is reported, never asserted: it depends on the machine.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const sql_js_1 = __importDefault(require("sql.js"));
const ulid_1 = require("ulid");
const composition_1 = require("../../src/composition");
const workbench_1 = require("../e2e/workbench");
const installedProduct_1 = require("./installedProduct");
const VIEW = 'Checkpoints';
const DIST = path.join(__dirname, '..', '..', '..', 'dist');
const FIRST_ROWS = /^(\S+ \S+) \[info\] First rows in the view (\d+) ms after activation \((\d+) at the top level\)/;
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const PLANS = 50;
const CHECKPOINTS_PER_PLAN = 100;
/** 50 plans with a real checkpoint each, made by the services; the rest of the 100 per plan are copies of its row. */
async function makeBigDatabase(dir) {
    const s = (0, composition_1.createWorkspaceServices)({ workspaceRoot: dir, wasmDir: DIST, logger: quiet });
    let databasePath;
    const originals = [];
    try {
        for (let i = 1; i <= PLANS; i++) {
            const plan = await s.plans.createPlan({ title: `Plan ${String(i).padStart(2, '0')}`, sandbox: '.' });
            await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: CHECKPOINTS_PER_PLAN });
            originals.push((await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'The real one' })).checkpoint.checkpoint_id);
        }
        databasePath = s.databasePath;
    }
    finally {
        s.dispose();
    }
    const SQL = await (0, sql_js_1.default)({ locateFile: (file) => path.join(DIST, file) });
    const db = new SQL.Database(fs.readFileSync(databasePath));
    try {
        const copy = db.prepare(`INSERT INTO checkpoint_metadata SELECT ?, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, ?, metadata_json
       FROM checkpoint_metadata WHERE checkpoint_id = ?`);
        const start = Date.now() - 30 * 24 * 3600_000;
        db.run('BEGIN');
        for (const original of originals) {
            for (let k = 1; k < CHECKPOINTS_PER_PLAN; k++) {
                const at = start + k * 60_000;
                copy.run([(0, ulid_1.ulid)(at), new Date(at).toISOString(), original]);
            }
        }
        db.run('COMMIT');
        copy.free();
        const [[count]] = db.exec('SELECT COUNT(*) FROM checkpoint_metadata')[0].values;
        assert.equal(count, PLANS * CHECKPOINTS_PER_PLAN);
        fs.writeFileSync(databasePath, db.export());
    }
    finally {
        db.close();
    }
}
function firstRowsLines() {
    return (0, installedProduct_1.extensionLogLines)()
        .map((l) => FIRST_ROWS.exec(l))
        .filter((m) => m !== null)
        .map((m) => ({ at: m[1], ms: Number(m[2]), rows: Number(m[3]) }))
        .sort((a, b) => a.at.localeCompare(b.at));
}
/** Opens the view, reloads the window with it open, and returns the new window's figure. */
async function measure(wb, firstRow) {
    await (0, workbench_1.openView)(wb.page, VIEW);
    await (0, workbench_1.waitForTreeRow)(wb.page, firstRow, VIEW, 30_000);
    const before = firstRowsLines().length;
    await (0, workbench_1.runCommand)(wb.page, 'Developer: Reload Window');
    await wb.page.waitForEvent('load', { timeout: 60_000 });
    await (0, workbench_1.waitForTreeRow)(wb.page, firstRow, VIEW, 60_000);
    for (const deadline = Date.now() + 20_000; firstRowsLines().length <= before;) {
        if (Date.now() > deadline)
            throw new Error('the reloaded window logged no "First rows in the view" line');
        await wb.page.waitForTimeout(250);
    }
    const last = firstRowsLines().at(-1);
    assert.ok(last);
    return last;
}
describe('Activation to the first rows of the view (reported, not asserted)', function () {
    this.timeout(180_000);
    describe('on the demo workspace', () => {
        const wb = (0, workbench_1.useWorkbench)({ prepare: (dir) => (0, installedProduct_1.installedProduct)().prepareDemo(dir) });
        it('reports the time', async () => {
            const { ms, rows } = await measure(wb, 'Add due dates to todos');
            console.log(`      demo workspace (3 plans, 8 checkpoints): first rows ${ms} ms after activation (${rows} rows)`);
        });
    });
    describe('on a database of 5,000 checkpoints', () => {
        const wb = (0, workbench_1.useWorkbench)({ prepare: (dir) => makeBigDatabase(dir) });
        it('reports the time', async () => {
            const { ms, rows } = await measure(wb, 'Plan 50');
            console.log(`      ${PLANS} plans of ${CHECKPOINTS_PER_PLAN} checkpoints: first rows ${ms} ms after activation (${rows} rows)`);
        });
    });
});
//# sourceMappingURL=activationTime.test.js.map