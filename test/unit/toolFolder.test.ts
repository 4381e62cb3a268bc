import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ToolContext } from '../../src/agentTools/agentTool';
import { createPlan, listPlans } from '../../src/agentTools/planTools';
import { chooseToolFolder } from '../../src/extension/languageModelTools/toolFolder';
import { services } from './helpers/sandboxFixtures';
import { useTempDirs } from './helpers/tempDir';

// The language model tools list_plans and create_plan in a window with several folders (issue 25,
// item 8): the folder they name, else the active editor's, else the first; and they say which.

function folder(name: string, dir: string): Pick<vscode.WorkspaceFolder, 'name' | 'uri'> {
  const uri = { fsPath: dir, toString: () => `file://${dir}` } as unknown as vscode.Uri;
  return { name, uri };
}

describe('the workspace folder of a language model tool', () => {
  const tempDir = useTempDirs();
  const app = folder('app', '/work/app');
  const docs = folder('docs', '/work/docs');

  it('the folder named (by name, path or URI), else the active editor’s, else the first', () => {
    assert.equal(chooseToolFolder([app, docs], 'docs', undefined), docs);
    assert.equal(chooseToolFolder([app, docs], '/work/docs', 'file:///work/app'), docs, 'a named folder wins over the editor’s');
    assert.equal(chooseToolFolder([app, docs], 'file:///work/docs', undefined), docs);
    assert.equal(chooseToolFolder([app, docs], undefined, 'file:///work/docs'), docs);
    assert.equal(chooseToolFolder([app, docs], undefined, undefined), app);
    assert.equal(chooseToolFolder([app, docs], undefined, 'file:///elsewhere'), app);
  });

  it('refuses a folder the window does not have, naming those it has; and an empty window', () => {
    assert.throws(() => chooseToolFolder([app, docs], 'nope', undefined), /^ValidationError: Validation Error: "nope" is not a workspace folder \(the window has “app”, “docs”\)/);
    assert.throws(() => chooseToolFolder([], undefined, undefined), /open a folder first/);
  });

  it('create_plan and list_plans work in the folder chosen and say which one', async () => {
    const dirs = { app: tempDir(), docs: tempDir() };
    const s = { app: services(dirs.app), docs: services(dirs.docs) };
    const folders = [folder('app', dirs.app), folder('docs', dirs.docs)];
    let active: string | undefined;
    const ctx: ToolContext = {
      workspace: async (given) => s[chooseToolFolder(folders, given, active).name as 'app' | 'docs'],
      workspaceFolder: (given) => chooseToolFolder(folders, given, active).name,
      plan: async () => assert.fail('not used'),
      rollback: async () => assert.fail('not used'),
    };
    const made = await createPlan.run({ title: 'Docs work', folder: 'docs' }, ctx);
    assert.equal(made.structured.folder, 'docs');
    assert.match(made.text, /in the workspace folder “docs”\.$/);
    assert.ok(existsSync(path.join(dirs.docs, '.cleveragents', 'cleveragents.db')));
    assert.ok(!existsSync(path.join(dirs.app, '.cleveragents', 'cleveragents.db')), 'nothing in the other folder');
    active = `file://${dirs.docs}`;
    const listed = await listPlans.run({}, ctx);
    assert.equal(listed.structured.folder, 'docs');
    assert.match(listed.text, /^1 plan in the workspace folder “docs”:/);
    active = undefined;
    const first = await listPlans.run({}, ctx);
    assert.deepEqual(first.structured, { plans: [], folder: 'app' });
    assert.equal(first.text, 'No plans yet in the workspace folder “app”.');
    s.app.dispose();
    s.docs.dispose();
  });
});
