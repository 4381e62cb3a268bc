// The test host itself: the fixture workspace is open and this repository is loaded as the
// extension under development.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('integration test host', () => {
  it('opens the fixture workspace', async () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1);
    const readme = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folders[0].uri, 'README.md'));
    assert.match(Buffer.from(readme).toString('utf8'), /Fixture workspace/);
  });

  it('loads this repository as the extension under development', () => {
    const ext = vscode.extensions.getExtension('cleveragents.cleveragents-checkpoints');
    assert.ok(ext, 'cleveragents.cleveragents-checkpoints is not among the extensions');
    assert.equal(ext.packageJSON.displayName, 'CleverAgents Checkpoints');
  });
});
