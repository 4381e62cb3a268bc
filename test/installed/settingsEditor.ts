// A boolean setting changed the way a user does it: in the Settings editor (user scope), by its id.
import type { Page } from 'playwright-core';
import { runCommand } from '../e2e/workbench';

export async function setCheckbox(page: Page, id: string, value: boolean): Promise<void> {
  await runCommand(page, 'Preferences: Open User Settings');
  const editor = page.locator('.settings-editor');
  await editor.waitFor({ state: 'visible' });
  // the search box has the focus when the editor opens
  await editor.locator('.settings-header .suggest-input-container').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(id);
  const checkbox = editor.locator('.setting-item-bool .setting-value-checkbox').first();
  await checkbox.waitFor({ state: 'visible' });
  if ((await checkbox.getAttribute('aria-checked')) !== String(value)) await checkbox.click();
  await checkbox.locator(`xpath=self::*[@aria-checked="${value}"]`).waitFor();
  await runCommand(page, 'View: Close Editor');
}
