"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.setCheckbox = setCheckbox;
const workbench_1 = require("../e2e/workbench");
async function setCheckbox(page, id, value) {
    await (0, workbench_1.runCommand)(page, 'Preferences: Open User Settings');
    const editor = page.locator('.settings-editor');
    await editor.waitFor({ state: 'visible' });
    // the search box has the focus when the editor opens
    await editor.locator('.settings-header .suggest-input-container').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(id);
    const checkbox = editor.locator('.setting-item-bool .setting-value-checkbox').first();
    await checkbox.waitFor({ state: 'visible' });
    if ((await checkbox.getAttribute('aria-checked')) !== String(value))
        await checkbox.click();
    await checkbox.locator(`xpath=self::*[@aria-checked="${value}"]`).waitFor();
    await (0, workbench_1.runCommand)(page, 'View: Close Editor');
}
//# sourceMappingURL=settingsEditor.js.map