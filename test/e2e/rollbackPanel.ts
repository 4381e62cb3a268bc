// The rollback panel and the tree's inline actions, as the e2e suites (and the installed-product
// suite) reach them in the page.
import type { FrameLocator, Page } from 'playwright-core';

/** The rollback panel's page: VS Code puts each webview in an iframe holding another one. */
export function panelFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
}

export async function waitForPanel(page: Page, heading: string): Promise<FrameLocator> {
  const frame = panelFrame(page);
  await frame.locator('h1', { hasText: heading }).waitFor({ state: 'visible', timeout: 20_000 });
  return frame;
}

/** Clicks a tree row's inline action (the icon shown on hover). */
export async function inlineAction(page: Page, rowLabel: string, action: string): Promise<void> {
  const row = page.locator('.part.sidebar .monaco-list-row[role="treeitem"]').filter({ has: page.locator('.label-name', { hasText: rowLabel }) }).first();
  await row.hover();
  const button = row.locator(`.actions .action-label[aria-label="${action}"]`);
  await button.waitFor({ state: 'visible' });
  await button.click();
}
