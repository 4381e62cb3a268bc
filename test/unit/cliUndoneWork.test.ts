import * as assert from 'node:assert/strict';
import { ensureCliBuilt, hasScript, runCli, runCliOnTerminal, cliJson } from './helpers/cliHarness';
import { startMcp } from './helpers/mcpHarness';
import { write } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';
import { workspaceWith } from './helpers/workspaceFixtures';

/** Two plans over the same folder: rolling one back names the other, through the built CLI. */
describe('agents plan rollback --preview / correct --preview: whose work it undoes (the built CLI)', function () {
  this.timeout(180_000);
  const tempDir = useTempDirs('ca-cli-undone-');
  before(function () {
    this.timeout(180_000);
    ensureCliBuilt();
  });

  const cli = cliJson;
  const create = (root: string, title: string) => cli<{ plan: { plan_id: string } }>(root, 'plan', 'create', '--title', title).plan.plan_id;
  const checkpoint = (root: string, p: string, ...more: string[]) => cli<{ checkpoint: { checkpoint_id: string } }>(root, 'plan', 'checkpoint', p, ...more).checkpoint.checkpoint_id;
  type Undone = { kind: string; plan_id: string; decision_id: string | null; title: string; paths: string[] }[];

  it('the preview (JSON and text) names the other plan whose later change of a file the rollback restores, and changes nothing', () => {
    const root = workspaceWith(tempDir(), { 'src/todo.js': 'todo', 'test/todo.test.js': 'test' });
    const dues = create(root, 'Add due dates');
    const tidy = create(root, 'Tidy the tests');
    checkpoint(root, tidy);
    const target = checkpoint(root, dues, '--reason', 'before due module');
    write(root, 'src/due.js', 'due');
    checkpoint(root, dues);
    write(root, 'test/todo.test.js', 'tidied');
    checkpoint(root, tidy);

    const preview = cli<{ rollback_preview: { plan_id: string; checkpoint_id: string; changes: { path: string; change: string }[]; undoes_work_of: Undone } }>(root, 'plan', 'rollback', '--preview', dues, target);
    assert.deepEqual(preview.rollback_preview.changes.map((c) => `${c.change} ${c.path}`), ['deleted src/due.js', 'modified test/todo.test.js']);
    assert.deepEqual(preview.rollback_preview.undoes_work_of, [{ kind: 'plan', plan_id: tidy, decision_id: null, title: 'Tidy the tests', paths: ['test/todo.test.js'] }]);
    const text = runCli(root, ['plan', 'rollback', '--preview', dues, target]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /This also undoes later work of another plan on the same files:\n {2}plan “Tidy the tests”, 1 path: test\/todo\.test\.js\n/);
    if (hasScript()) {
      // The confirmation on a terminal shows the same before asking; answered no.
      const asked = runCliOnTerminal(root, ['plan', 'rollback', dues, target], 'n\n');
      assert.match(asked.stdout, /plan “Tidy the tests”, 1 path: test\/todo\.test\.js/);
    }
    assert.equal(cli<{ checkpoints: unknown[] }>(root, 'plan', 'checkpoints', dues).checkpoints.length, 2, 'no safety checkpoint: nothing was rolled back');
  });

  it('a correction’s preview names the independent decision whose work it would undo', () => {
    const root = workspaceWith(tempDir(), { 'a.txt': 'a', 'README.md': 'readme' });
    const p = create(root, 'flow');
    const decide = (title: string, edit: () => void): string => {
      const id = cli<{ decision: { decision_id: string } }>(root, 'plan', 'decide', p, '--title', title).decision.decision_id;
      checkpoint(root, p, '--type', 'pre_write', '--decision', id);
      edit();
      checkpoint(root, p, '--type', 'post_step', '--decision', id);
      return id;
    };
    const A = decide('A', () => write(root, 'a.txt', 'A'));
    const C = decide('C', () => write(root, 'README.md', 'C'));
    const preview = cli<{ correction_preview: { undoes_work_of: Undone } }>(root, 'plan', 'correct', '--preview', p, A);
    assert.deepEqual(preview.correction_preview.undoes_work_of, [{ kind: 'decision', plan_id: p, decision_id: C, title: 'C', paths: ['README.md'] }]);
  });

  it('the agents’ preview_rollback tool names the other plan too (structured and in its text)', async () => {
    const root = workspaceWith(tempDir(), { 'test/todo.test.js': 'test' });
    const dues = create(root, 'Add due dates');
    const tidy = create(root, 'Tidy the tests');
    checkpoint(root, tidy);
    const target = checkpoint(root, dues);
    write(root, 'test/todo.test.js', 'tidied');
    checkpoint(root, tidy);
    const mcp = await startMcp(root);
    try {
      const result = await mcp.call('preview_rollback', { plan_id: dues, checkpoint_id: target });
      assert.deepEqual((result.structuredContent as { undoes_work_of: Undone }).undoes_work_of, [{ kind: 'plan', plan_id: tidy, decision_id: null, title: 'Tidy the tests', paths: ['test/todo.test.js'] }]);
      assert.match(JSON.stringify(result.content), /later work of another plan on the same files: plan “Tidy the tests”, 1 path: test\/todo\.test\.js/);
    } finally {
      await mcp.close();
    }
  });
});
