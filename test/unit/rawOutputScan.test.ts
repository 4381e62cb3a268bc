import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers/cliHarness';
import { scanSource, TERMINAL_WRITER, WINDOW_WRITER } from './helpers/rawOutputScan';

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

describe('no raw output: untrusted text reaches a terminal or VS Code only through the display helpers', () => {
  it('src/cli and src/extension write and show text only through terminalOutput.ts and shownText.ts', () => {
    const files = [...sources('src/cli'), ...sources('src/extension')];
    assert.ok(files.includes(TERMINAL_WRITER) && files.includes(WINDOW_WRITER) && files.length > 30, 'the scan sees the sources');
    const found = files.flatMap((f) => scanSource(f, readFileSync(path.join(REPO_ROOT, f), 'utf8')));
    assert.deepEqual(found, [], `raw output:\n${found.map((r) => `  ${r.file}:${r.line} ${r.what}`).join('\n')}`);
  });

  it('the scan catches each kind of raw output (so a pass above means something)', () => {
    const cli = (code: string) => scanSource('src/cli/commands.ts', code).map((r) => r.what);
    const ext = (code: string) => scanSource('src/extension/commands/commands.ts', code).map((r) => r.what);
    assert.deepEqual(cli('env.stdout.write(`${plan.title}\\n`);'), ['env.stdout.write() with text that is not a constant']);
    assert.deepEqual(cli('process.stderr\n  .write(text);'), ['process.stderr.write() with text that is not a constant']);
    assert.deepEqual(cli("console.log('x');"), ['console.log']);
    assert.deepEqual(cli("output.write('\\n');"), [], 'a constant is no data');
    assert.deepEqual(ext('void vscode.window.showInformationMessage(`Plan ${plan.title}`);'), ['vscode.window.showInformationMessage']);
    assert.deepEqual(ext("vscode.window\n  .showWarningMessage(m, { modal: true, detail }, 'Go');"), ['vscode.window.showWarningMessage']);
    assert.deepEqual(ext('const item = new vscode.TreeItem(plan.title);'), ['a TreeItem label that is not shown()']);
    assert.deepEqual(ext('item.tooltip = node.folder.uri.fsPath;'), ['.tooltip set to text that is not shown()']);
    assert.deepEqual(ext('item.description = shown(x); item.tooltip = c ? shown(a) : undefined; panel.title = panelTitle(s);'), []);
    assert.deepEqual(scanSource(WINDOW_WRITER, 'vscode.window.showInformationMessage(shown(m));'), []);
    assert.deepEqual(scanSource(TERMINAL_WRITER, 'sink.write(`${terminalLines(body)}\\n`);'), []);
  });
});
