// A first install as a user makes it: a VS Code with no extension, Extensions: Install from VSIX…,
// the .vsix picked in the file dialog. VS Code then opens the walkthrough by itself (its
// `workbench.welcomePage.walkthroughs.openOnInstall`, on by default); its pictures load from the
// installed package. Screenshot: test-results/installed-4-walkthrough-on-install.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eHost, runCommand, screenshot, waitForWorkbench } from '../e2e/workbench';
import { installedProduct } from './installedProduct';

const TITLE = 'Get Started with Checkpoints';

describe('A first install of the .vsix from the workbench', function () {
  this.timeout(240_000);
  let context: BrowserContext | undefined;
  let page: Page;
  let folder = '';

  before(async function () {
    this.timeout(200_000);
    const host = e2eHost();
    folder = fs.mkdtempSync(path.join(host.tempDir, 'first-'));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'a project\n');
    context = await host.browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(await installedProduct().bareUrl(folder));
    await waitForWorkbench(page);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed') console.log(`      screenshot of the failure: ${await screenshot(page, `FAILED ${this.currentTest.fullTitle()}`)}`);
  });

  after(async () => {
    await context?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('opens the walkthrough once Install from VSIX… has installed it, with its pictures', async () => {
    // On a slow start the palette lists the command only once the workbench's extension
    // management has come up (CI saw it missing 29 s after the server started): ask again until it is
    // offered, for up to a minute.
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        await runCommand(page, 'Extensions: Install from VSIX...');
        break;
      } catch (error) {
        if (Date.now() > deadline || !/^no command /.test((error as Error).message)) throw error;
        await page.waitForTimeout(2_000);
      }
    }
    // code-server's file dialog is a quick input holding a path: once it has listed the folder it
    // starts in (typing earlier is overwritten), type the .vsix's path
    const dialog = page.locator('.quick-input-widget');
    const input = dialog.locator('.quick-input-box input');
    await dialog.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
    await input.fill(installedProduct().vsix);
    await page.waitForFunction((v) => (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('.quick-input-widget .quick-input-box input')?.value === v, installedProduct().vsix);
    // it lists the .vsix's folder as the path is typed: accept once the .vsix is listed (before
    // that, the dialog is busy and ignores the key), and again if it was still busy
    const vsixName = path.basename(installedProduct().vsix);
    await dialog.locator('.quick-input-list .monaco-list-row', { hasText: vsixName }).first().waitFor({ state: 'visible' });
    for (let attempt = 1; await dialog.isVisible(); attempt++) {
      if (attempt > 5) throw new Error('the file dialog did not take the .vsix');
      await input.press('Enter');
      await dialog.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
    }
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.locator('.category-title', { hasText: TITLE }).first().waitFor({ state: 'visible', timeout: 120_000 });
    const steps = (await walkthrough.locator('.getting-started-step .step-title').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(steps, ['Connect your agent', 'Or create a plan', 'See the checkpoints', 'Roll back', 'Undo the rollback']);
    const image = walkthrough.locator('.getting-started-media img').first();
    await image.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const img = (globalThis as unknown as { document: { querySelector(s: string): { complete: boolean; naturalWidth: number } | null } }).document.querySelector('.gettingStartedContainer .getting-started-media img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const src = decodeURIComponent(await image.evaluate((i: { currentSrc: string; src: string }) => i.currentSrc || i.src));
    assert.match(src, /cleveragents\.cleveragents-checkpoints-[^/]+\/media\/walkthrough\/connect-agent-(light|dark)\.png/, `the picture comes from the installed package: ${src}`);
    await page.mouse.move(1300, 850);
    await page.waitForTimeout(500); // the picture fades in
    await screenshot(page, 'installed-4-walkthrough-on-install');
  });
});
