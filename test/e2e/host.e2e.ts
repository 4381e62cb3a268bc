// The e2e host itself: a workbench opens on the fixture and the helpers drive it.
import * as assert from 'node:assert/strict';
import { answerDialog, openView, runCommand, screenshot, treeRows, useWorkbench } from './workbench';

describe('e2e host', () => {
  const wb = useWorkbench();

  it('shows the fixture workspace in the Explorer', async () => {
    await openView(wb.page, 'Explorer');
    assert.deepEqual(await treeRows(wb.page), ['src', '.gitignore', 'README.md']);
    await screenshot(wb.page, 'host-explorer');
  });

  it('runs a command from the palette and answers its dialog', async () => {
    await runCommand(wb.page, 'Help: About');
    const text = await answerDialog(wb.page, 'OK');
    assert.match(text, /^Code: \d+\.\d+\.\d+/m);
  });
});
