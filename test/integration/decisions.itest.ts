// Decisions and their correction through the extension's API, in a real extension host: the flow
// A → B (on A) → C (on B) → D (independent), correcting B in both modes, undo, and restoring chosen paths.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CleverAgentsCheckpointsApi } from '../../api/cleveragents-checkpoints';
import { Commands } from '../../src/extension/commandIds';

const EXTENSION_ID = 'cleveragents.cleveragents-checkpoints';

describe('Decisions and correction (API)', function () {
  this.timeout(60_000);
  let api: CleverAgentsCheckpointsApi;
  let root: string;
  let counter = 0;

  before(async () => {
    const extension = vscode.extensions.getExtension<CleverAgentsCheckpointsApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    api = await extension.activate();
    root = vscode.workspace.workspaceFolders![0].uri.fsPath;
  });

  async function flow() {
    counter += 1;
    const dir = path.join(root, `decisions-${counter}`);
    const put = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
    fs.mkdirSync(dir, { recursive: true });
    put('a.txt', 'a');
    put('b.txt', 'b');
    put('d.txt', 'd');
    const p = await vscode.commands.executeCommand<string>(Commands.createPlan, { title: `Decisions ${counter}`, sandbox: `decisions-${counter}` });
    assert.ok(p, 'createPlan returned no plan');
    const decide = async (title: string, on: string[], edit: () => void) => {
      const d = await api.recordDecision(p, { title, dependsOn: on });
      await api.runToolCall({ planId: p, scope: 'both', toolName: `edit-${title}`, decisionId: d.decision_id }, edit);
      return d.decision_id;
    };
    const A = await decide('A', [], () => put('a.txt', 'a+A'));
    const B = await decide('B', [A], () => put('b.txt', 'b+B'));
    const C = await decide('C', [B], () => put('a.txt', 'a+A+C'));
    await decide('D', [], () => put('d.txt', 'd+D'));
    const read = () => ['a.txt', 'b.txt', 'd.txt'].map((n) => fs.readFileSync(path.join(dir, n), 'utf8'));
    return { p, A, B, C, read };
  }
  const states = async (api: CleverAgentsCheckpointsApi, p: string) => (await api.listDecisions(p)).map((d) => `${d.title}:${d.state}:${d.checkpoint_ids.length}`);

  it('correct B: B and C reverted, A and D active, files at the pre_write of B; undo restores all', async () => {
    const { p, B, C, read } = await flow();
    const preview = await api.previewCorrection(p, B);
    assert.deepEqual(preview.correction_preview.reverted_decisions.map((r) => [r.decision_id, r.depth]), [[B, 0], [C, 1]]);
    const env = await api.correctDecision(p, B);
    assert.deepEqual(env.correction_summary.reverted_decisions, [B, C]);
    assert.deepEqual(read(), ['a+A', 'b', 'd']);
    assert.deepEqual(await states(api, p), ['A:active:2', 'B:reverted:2', 'C:reverted:2', 'D:active:2']);
    await api.undoCorrection(p, env.correction_summary.correction_id);
    assert.deepEqual(read(), ['a+A+C', 'b+B', 'd+D']);
    assert.deepEqual(await states(api, p), ['A:active:2', 'B:active:2', 'C:active:2', 'D:active:2']);
  });

  it('keepIndependent keeps D’s edits; restorePaths restores one file; bad input is refused', async () => {
    const { p, B, read } = await flow();
    await api.correctDecision(p, B, { keepIndependent: true });
    assert.deepEqual(read(), ['a+A', 'b', 'd+D']);
    const first = (await api.listCheckpoints(p))[0]!;
    const restored = await api.restorePaths(p, first.checkpoint_id, ['d.txt']);
    assert.deepEqual(restored.changes_reverted, ['d.txt']);
    assert.deepEqual(read(), ['a+A', 'b', 'd']);
    await assert.rejects(api.restorePaths(p, first.checkpoint_id, ['../x']), /Validation Error/);
    await assert.rejects(api.correctDecision(p, B), /already reverted/);
  });
});
