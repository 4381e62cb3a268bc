// How long the installed extension takes from activation to the first rows of its view, on the
// demo workspace and on a database of 5,000 checkpoints (50 plans of 100). The view is left open
// and the window reloaded, as a user reopening a window finds it: the extension activates and the
// view asks for its rows at once. The figure is the extension's own log line ("First rows in the
// view N ms after activation"); it is reported, never asserted: it depends on the machine.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { ulid } from 'ulid';
import { createWorkspaceServices } from '../../src/composition';
import type { Logger } from '../../src/core/ports';
import { openView, runCommand, useWorkbench, waitForTreeRow, type Workbench } from '../e2e/workbench';
import { extensionLogLines, installedProduct } from './installedProduct';

const VIEW = 'Checkpoints';
const DIST = path.join(__dirname, '..', '..', '..', 'dist');
const FIRST_ROWS = /^(\S+ \S+) \[info\] First rows in the view (\d+) ms after activation \((\d+) at the top level\)/;
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const PLANS = 50;
const CHECKPOINTS_PER_PLAN = 100;

/** 50 plans with a real checkpoint each, made by the services; the rest of the 100 per plan are copies of its row. */
async function makeBigDatabase(dir: string): Promise<void> {
  const s = createWorkspaceServices({ workspaceRoot: dir, wasmDir: DIST, logger: quiet });
  let databasePath: string;
  const originals: string[] = [];
  try {
    for (let i = 1; i <= PLANS; i++) {
      const plan = await s.plans.createPlan({ title: `Plan ${String(i).padStart(2, '0')}`, sandbox: '.' });
      await s.plans.setRetentionPolicy(plan.plan_id, { max_checkpoints: CHECKPOINTS_PER_PLAN });
      originals.push((await s.checkpoints.createCheckpoint(plan.plan_id, { reason: 'The real one' })).checkpoint.checkpoint_id);
    }
    databasePath = s.databasePath;
  } finally {
    s.dispose();
  }
  const SQL = await initSqlJs({ locateFile: (file) => path.join(DIST, file) });
  const db = new SQL.Database(fs.readFileSync(databasePath));
  try {
    const copy = db.prepare(
      `INSERT INTO checkpoint_metadata SELECT ?, plan_id, decision_id, checkpoint_type, resource_id, sandbox_ref, filesystem_path, size_bytes, ?, metadata_json
       FROM checkpoint_metadata WHERE checkpoint_id = ?`,
    );
    const start = Date.now() - 30 * 24 * 3600_000;
    db.run('BEGIN');
    for (const original of originals) {
      for (let k = 1; k < CHECKPOINTS_PER_PLAN; k++) {
        const at = start + k * 60_000;
        copy.run([ulid(at), new Date(at).toISOString(), original]);
      }
    }
    db.run('COMMIT');
    copy.free();
    const [[count]] = db.exec('SELECT COUNT(*) FROM checkpoint_metadata')[0].values;
    assert.equal(count, PLANS * CHECKPOINTS_PER_PLAN);
    fs.writeFileSync(databasePath, db.export());
  } finally {
    db.close();
  }
}

function firstRowsLines(): { at: string; ms: number; rows: number }[] {
  return extensionLogLines()
    .map((l) => FIRST_ROWS.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ at: m[1], ms: Number(m[2]), rows: Number(m[3]) }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Opens the view, reloads the window with it open, and returns the new window's figure. */
async function measure(wb: Workbench, firstRow: string): Promise<{ ms: number; rows: number }> {
  await openView(wb.page, VIEW);
  await waitForTreeRow(wb.page, firstRow, VIEW, 30_000);
  const before = firstRowsLines().length;
  await runCommand(wb.page, 'Developer: Reload Window');
  await wb.page.waitForEvent('load', { timeout: 60_000 });
  await waitForTreeRow(wb.page, firstRow, VIEW, 60_000);
  for (const deadline = Date.now() + 20_000; firstRowsLines().length <= before; ) {
    if (Date.now() > deadline) throw new Error('the reloaded window logged no "First rows in the view" line');
    await wb.page.waitForTimeout(250);
  }
  const last = firstRowsLines().at(-1);
  assert.ok(last);
  return last;
}

describe('Activation to the first rows of the view (reported, not asserted)', function () {
  this.timeout(180_000);

  describe('on the demo workspace', () => {
    const wb = useWorkbench({ prepare: (dir) => installedProduct().prepareDemo(dir) });
    it('reports the time', async () => {
      const { ms, rows } = await measure(wb, 'Add due dates to todos');
      console.log(`      demo workspace (3 plans, 8 checkpoints): first rows ${ms} ms after activation (${rows} rows)`);
    });
  });

  describe('on a database of 5,000 checkpoints', () => {
    const wb = useWorkbench({ prepare: (dir) => makeBigDatabase(dir) });
    it('reports the time', async () => {
      const { ms, rows } = await measure(wb, 'Plan 50');
      console.log(`      ${PLANS} plans of ${CHECKPOINTS_PER_PLAN} checkpoints: first rows ${ms} ms after activation (${rows} rows)`);
    });
  });
});
