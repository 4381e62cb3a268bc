"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.panelFrame = panelFrame;
exports.waitForPanel = waitForPanel;
exports.inlineAction = inlineAction;
/** The rollback panel's page: VS Code puts each webview in an iframe holding another one. */
function panelFrame(page) {
    return page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
}
async function waitForPanel(page, heading) {
    const frame = panelFrame(page);
    await frame.locator('h1', { hasText: heading }).waitFor({ state: 'visible', timeout: 20_000 });
    return frame;
}
/** Clicks a tree row's inline action (the icon shown on hover). */
async function inlineAction(page, rowLabel, action) {
    const row = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: page.locator('.label-name', { hasText: rowLabel }) }).first();
    await row.hover();
    const button = row.locator(`.actions .action-label[aria-label="${action}"]`);
    await button.waitFor({ state: 'visible' });
    await button.click();
}
//# sourceMappingURL=rollbackPanel.js.map