// Helpers for the end-to-end tests (test/e2e/*.e2e.ts): each suite gets a real VS Code workbench
// (code-server + headless chromium, started by scripts/runE2eTests.mjs) on a fresh copy of a
// fixture workspace, and drives it the way a user does: activity bar, command palette, input
// boxes, quick picks, modal dialogs, tree rows, screenshots.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** What scripts/runE2eTests.mjs puts on globalThis before it loads the test files. */
export interface E2eHost {
  browser: Browser;
  /** The page URL opening `folder` with this repository loaded as the extension under development. */
  url(folder: string): string;
  /** The same for a server with Workspace Trust on: the folder opens untrusted, in Restricted Mode. */
  untrustedUrl(folder: string): Promise<string>;
  /** The fixture copied for a suite that names none. */
  fixtureDir: string;
  /** Screenshots go here (the repository's test-results/). */
  resultsDir: string;
  /** A short temp folder removed after the run; suites make their workspaces inside it. */
  tempDir: string;
}

declare global {
  var __cleveragentsE2e: E2eHost | undefined;
}

export function e2eHost(): E2eHost {
  const host = globalThis.__cleveragentsE2e;
  if (!host) throw new Error('no e2e host: run the e2e tests with `node scripts/runE2eTests.mjs` (npm run test:e2e), not with mocha alone');
  return host;
}

export interface WorkbenchOptions {
  /** The folder copied into a temp folder and opened; default test/fixtures/workspace. */
  fixture?: string;
  /** Runs on the copy before the workbench opens it (e.g. to make a database through the services). */
  prepare?: (workspaceDir: string) => void | Promise<void>;
  viewport?: { width: number; height: number };
  /** false: open the folder untrusted, in Restricted Mode (default: Workspace Trust is off, so trusted). */
  trusted?: boolean;
}

export interface Workbench {
  readonly page: Page;
  /** The workspace folder open in the workbench (a copy of the fixture). */
  readonly workspaceDir: string;
  /** Errors the page reported (uncaught exceptions, console.error), newest last. */
  readonly pageErrors: string[];
}

/**
 * Call inside a `describe`: before its tests, opens a workbench on a fresh copy of the fixture in
 * a new browser context (its own storage); after them, closes it. A failing test leaves a
 * screenshot named after it in test-results/.
 */
/**
 * Removes a suite's folder. The window's extension host outlives the page a while (code-server
 * keeps it for a reconnect), and its background work (the keeper of line attribution after a
 * checkpoint) may still be writing in the store's folder, making the folders a removal just
 * emptied: the folder is first moved away, so that those writes, which name the old paths, fail.
 */
export function removeWorkspace(dir: string): void {
  const gone = `${dir}.removed`;
  fs.renameSync(dir, gone);
  fs.rmSync(gone, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

export function useWorkbench(options: WorkbenchOptions = {}): Workbench {
  let page: Page | undefined;
  let context: BrowserContext | undefined;
  let workspaceDir: string | undefined;
  const pageErrors: string[] = [];

  before(async function () {
    this.timeout(200_000); // two tries of waitForWorkbench
    const host = e2eHost();
    const suiteDir = fs.mkdtempSync(path.join(host.tempDir, 'ws-'));
    workspaceDir = path.join(suiteDir, 'workspace');
    fs.cpSync(options.fixture ?? host.fixtureDir, workspaceDir, { recursive: true });
    await options.prepare?.(workspaceDir);
    context = await host.browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    await page.goto(options.trusted === false ? await host.untrustedUrl(workspaceDir) : host.url(workspaceDir));
    await waitForWorkbench(page);
  });

  afterEach(async function () {
    const test = this.currentTest;
    if (test?.state === 'failed' && page) {
      const shot = await screenshot(page, `FAILED ${test.fullTitle()}`).catch(() => undefined);
      if (shot) console.log(`      screenshot of the failure: ${shot}`);
    }
  });

  after(async () => {
    await context?.close();
    if (workspaceDir) removeWorkspace(path.dirname(workspaceDir));
  });

  return {
    get page() {
      if (!page) throw new Error('the workbench is not open yet: use it inside it()/before() of the describe that called useWorkbench()');
      return page;
    },
    get workspaceDir() {
      if (!workspaceDir) throw new Error('the workbench is not open yet');
      return workspaceDir;
    },
    pageErrors,
  };
}

/**
 * Waits until the workbench is up, connected to the server (the Explorer lists the folder) and
 * has registered the extensions (its color theme, contributed by a built-in extension, applies:
 * before that, screenshots show a fallback theme and contributed views may be missing).
 *
 * On a loaded machine code-server has been seen to leave a first page unconnected (no Explorer
 * rows after a minute, while the same page loads in seconds otherwise): that page is pictured,
 * what it logged is printed, and it is loaded once more before the wait gives up.
 */
export async function waitForWorkbench(page: Page, timeout = 60_000): Promise<void> {
  const logged: string[] = [];
  const keep = (m: { type(): string; text(): string }): void => void logged.push(`${m.type()}: ${m.text()}`);
  page.on('console', keep);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout });
        await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout });
        await page.locator('.monaco-workbench[class*="vscode-theme-"]').waitFor({ state: 'attached', timeout });
        return;
      } catch (error) {
        // A failing before() hook gets no afterEach screenshot: keep a picture of what the page showed.
        const shot = await screenshot(page, `FAILED workbench not ready ${Date.now()}`).catch(() => undefined);
        if (shot) console.log(`      screenshot of the workbench that was not ready (attempt ${attempt}): ${shot}`);
        for (const line of logged.splice(0).slice(-20)) console.log(`      page ${line}`);
        if (attempt === 2) throw error;
        await page.reload();
      }
    }
  } finally {
    page.off('console', keep);
  }
}

// The functions passed to page.evaluate / waitForFunction run in the browser. tsconfig has no DOM
// lib (the rest of the project is Node), so this module declares the little of the DOM they use.
interface DomElement {
  readonly textContent: string | null;
  readonly offsetParent: unknown;
  readonly style: { display: string };
  readonly value: string;
  readonly placeholder: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
  getBoundingClientRect(): { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  closest(selector: string): DomElement | null;
  readonly parentElement: DomElement | null;
  getAnimations(): readonly { readonly playState: string }[];
}
declare const document: Pick<DomElement, 'querySelector' | 'querySelectorAll'> & { elementFromPoint(x: number, y: number): DomElement | null };
declare function getComputedStyle(element: DomElement): { readonly visibility: string; readonly opacity: string };

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (s: string): RegExp => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);
const cssString = (s: string): string => JSON.stringify(s);

function quickInput(page: Page): { widget: Locator; input: Locator; rows: Locator; message: Locator } {
  const widget = page.locator('.quick-input-widget');
  return {
    widget,
    input: widget.locator('.quick-input-box input'),
    rows: widget.locator('.quick-input-list .monaco-list-row'),
    message: widget.locator('.quick-input-message'),
  };
}

/**
 * A tree row's tooltip can lie over a quick input opened from the keyboard, and its rows then never
 * receive a click. VS Code hides a tooltip once the mouse, having been on its row or on the tooltip,
 * leaves both; a tooltip shown after the mouse left, or whose row was drawn anew meanwhile (the tree
 * refreshed), sees no such leaving and stays. So the mouse goes onto the tooltip and off it again,
 * onto the quick input's own text box (at a point no tooltip covers; a text box shows none), and
 * this waits until no tooltip shows.
 */
async function moveMouseOffHovers(page: Page): Promise<void> {
  const hovers = '.monaco-hover, .workbench-hover';
  const spots = await page.evaluate((selector) => {
    const shown = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect()).find((b) => b.width > 0 && b.height > 0);
    const box = document.querySelector('.quick-input-widget .quick-input-box')?.getBoundingClientRect();
    const free = [0.03, 0.5, 0.97]
      .map((share) => box && box.width > 0 && { x: box.left + box.width * share, y: box.top + box.height / 2 })
      .find((point) => point && !document.elementFromPoint(point.x, point.y)?.closest(selector));
    return { hover: shown && { x: shown.left + Math.min(20, shown.width / 2), y: shown.top + Math.min(20, shown.height / 2) }, free: free || undefined };
  }, hovers);
  if (!spots.hover) return;
  await page.mouse.move(spots.hover.x, spots.hover.y);
  if (spots.free) await page.mouse.move(spots.free.x, spots.free.y);
  const noHover = (selector: string) =>
    [...document.querySelectorAll(selector)].every((e) => {
      const box = e.getBoundingClientRect();
      return box.width === 0 || box.height === 0 || getComputedStyle(e).visibility === 'hidden';
    });
  // Still shown after this: the click that follows says which element is in the way.
  await page.waitForFunction(noHover, hovers, { timeout: 10_000 }).catch(() => undefined);
}

/** Waits until the quick input closed or moved on to another prompt (its value is no longer `value`). */
async function quickInputDone(page: Page, value: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (v) => {
      const widget = document.querySelector('.quick-input-widget');
      const input = widget?.querySelector('.quick-input-box input');
      return !widget || widget.style.display === 'none' || !input || input.value !== v;
    },
    value,
    { timeout },
  );
}

/** Closes an open quick input or context menu, which would swallow the next key. */
async function closeOverlays(page: Page): Promise<void> {
  for (const overlay of [page.locator('.monaco-menu').first(), quickInput(page).widget]) {
    if (await overlay.isVisible()) {
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    }
  }
}

/**
 * Waits until a quick input of the extension is open: visible, and not the command palette
 * (after runCommand the palette closes first, and the command's own prompt opens a moment later).
 */
async function waitForPrompt(page: Page, options: { withItems?: boolean; timeout?: number } = {}): Promise<void> {
  await page.waitForFunction(
    (withItems) => {
      const widget = document.querySelector('.quick-input-widget');
      const input = widget?.querySelector('.quick-input-box input');
      if (!widget || widget.style.display === 'none' || !input || input.value.startsWith('>')) return false;
      return !withItems || widget.querySelector('.quick-input-list .monaco-list-row') !== null;
    },
    options.withItems ?? false,
    { timeout: options.timeout ?? 30_000 },
  );
}

/** Runs a command from the command palette (F1) by its full title, e.g. `Checkpoints: Refresh`. */
export async function runCommand(page: Page, title: string): Promise<void> {
  const { input, rows } = quickInput(page);
  const value = `>${title}`;
  // On a loaded machine the box can close again before it is typed into (the focus moving to a
  // terminal that just opened, say): then it is opened again, up to three times.
  for (let attempt = 1; ; attempt++) {
    await closeOverlays(page);
    try {
      await openCommandBox(page, input, attempt === 1);
      await input.fill(value, { timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const row = rows.filter({ has: page.locator('.label-name', { hasText: exactly(title) }) }).first();
  try {
    await row.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const offered = await rows.locator('.label-name').allTextContents();
    await page.keyboard.press('Escape');
    throw new Error(`no command "${title}" in the command palette (it offered: ${offered.join(' | ') || 'nothing'})`);
  }
  await moveMouseOffHovers(page);
  await row.click();
  await quickInputDone(page, value);
}

/**
 * Opens the command palette: F1, or the title bar's command center when F1 is lost (a terminal
 * holding the focus on a loaded machine). The command center opens the same box in file mode; the
 * '>' typed next makes it commands.
 */
async function openCommandBox(page: Page, input: Locator, f1First: boolean): Promise<void> {
  if (f1First) {
    await page.keyboard.press('F1');
    if (await input.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) return;
  }
  const center = page.locator('.command-center').first();
  if (await center.isVisible()) await center.click();
  else await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * Types `text` into the open input box (showInputBox) and presses Enter. With `prompt`, first
 * checks that the box shows it (in its prompt, placeholder or title). Throws with the box's
 * message when it rejects the text (validation).
 */
export async function answerInput(page: Page, text: string, options: { prompt?: string } = {}): Promise<void> {
  const { widget, input, message } = quickInput(page);
  await waitForPrompt(page);
  if (options.prompt) {
    const prompt = options.prompt;
    await page.waitForFunction(
      (p) => {
        const w = document.querySelector('.quick-input-widget');
        const i = w?.querySelector('.quick-input-box input');
        const texts = [w?.querySelector('.quick-input-message')?.textContent, w?.querySelector('.quick-input-title')?.textContent, i?.placeholder];
        return texts.some((t) => t?.includes(p));
      },
      prompt,
      { timeout: 10_000 },
    );
  }
  await input.fill(text);
  await input.press('Enter');
  try {
    await quickInputDone(page, text, 10_000);
  } catch {
    const why = (await widget.isVisible()) ? await message.textContent() : undefined;
    throw new Error(`the input box did not accept "${text}"${why ? `: ${why.trim()}` : ''}`);
  }
}

/** Picks the item labelled exactly `label` in the open quick pick (typing it to filter if needed). */
export async function pickQuickPickItem(page: Page, label: string): Promise<void> {
  const { input, rows } = quickInput(page);
  await waitForPrompt(page, { withItems: true });
  const row = rows.filter({ has: page.locator('.label-name', { hasText: exactly(label) }) }).first();
  if (!(await row.isVisible())) {
    try {
      await row.waitFor({ state: 'visible', timeout: 3_000 });
    } catch {
      await input.fill(label); // long lists render only the rows in view
    }
  }
  try {
    await row.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const offered = await rows.locator('.label-name').allTextContents();
    throw new Error(`no item "${label}" in the quick pick (it offered: ${offered.join(' | ') || 'nothing'})`);
  }
  await moveMouseOffHovers(page);
  await row.click();
  // hidden: the quick pick closed, or its list moved on to the next step
  await row.waitFor({ state: 'hidden' });
}

/** The labels of the items the open quick pick offers, top to bottom (waiting for it to open). */
export async function quickPickItems(page: Page): Promise<string[]> {
  await waitForPrompt(page, { withItems: true });
  const labels = await quickInput(page).rows.locator('.label-name').allInnerTexts();
  return labels.map((l) => l.trim());
}

/**
 * Shows the view container or view titled `title` (e.g. `Checkpoints`, `Explorer`): its
 * activity-bar icon when it has one (a click that would hide an already open container is not
 * made), otherwise through View: Open View.
 */
export async function openView(page: Page, title: string): Promise<void> {
  const tab = page
    .locator('.part.activitybar li[role="tab"]')
    .filter({ has: page.locator(`a.action-label[aria-label=${cssString(title)}], a.action-label[aria-label^=${cssString(`${title} (`)}]`) })
    .first();
  if ((await tab.count()) > 0) {
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  } else {
    const { input, rows } = quickInput(page);
    await closeOverlays(page);
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible' });
    await input.fill(`view ${title}`);
    const row = rows.filter({ has: page.locator('.label-name', { hasText: exactly(title) }) }).first();
    try {
      await row.waitFor({ state: 'visible', timeout: 10_000 });
    } catch {
      await page.keyboard.press('Escape');
      throw new Error(`no view or view container "${title}" (neither in the activity bar nor in View: Open View)`);
    }
    await row.click();
  }
  await page.waitForFunction(
    (t) => {
      const lower = t.toLowerCase();
      const parts = [...document.querySelectorAll('.part.sidebar, .part.auxiliarybar, .part.panel')].filter((p) => p.offsetParent !== null);
      return parts.some(
        (p) =>
          (p.querySelector('.composite.title h2')?.textContent ?? '').toLowerCase().startsWith(lower) ||
          [...p.querySelectorAll('.pane-header h3.title')].some((h) => (h.textContent ?? '').toLowerCase() === lower),
      );
    },
    title,
    { timeout: 15_000 },
  );
}

export interface TreeRow {
  label: string;
  description: string;
  /** 1 for the top level. */
  level: number;
  /** undefined for a leaf. */
  expanded: boolean | undefined;
  selected: boolean;
}

/**
 * The rendered rows of a tree view in the visible side bar / panel, top to bottom: of the view
 * whose section is titled `view`, or of the first one with rows. Trees render only the rows in
 * sight: keep trees short or scroll.
 */
export async function treeItems(page: Page, view?: string): Promise<TreeRow[]> {
  return page.evaluate((viewTitle) => {
    const parts = [...document.querySelectorAll('.part.sidebar, .part.auxiliarybar, .part.panel')].filter((p) => p.offsetParent !== null);
    const panes = parts.flatMap((p) => [...p.querySelectorAll('.pane')].map((pane) => ({ part: p, pane })));
    const lower = viewTitle?.toLowerCase();
    const rowsOf = (pane: DomElement) => [...pane.querySelectorAll('.pane-body .monaco-list-row[role="treeitem"]')];
    let chosen: DomElement | undefined;
    if (lower) {
      chosen = panes.find(({ pane }) => (pane.querySelector('.pane-header h3.title')?.textContent ?? '').toLowerCase() === lower)?.pane;
      // a container with a single view hides the section header and shows "Container: View" as its title
      chosen ??= panes.find(({ part, pane }) => (part.querySelector('.composite.title h2')?.textContent ?? '').toLowerCase().includes(lower) && rowsOf(pane).length > 0)?.pane;
      if (!chosen) throw new Error(`no visible view "${viewTitle}"`);
    } else {
      chosen = panes.find(({ pane }) => rowsOf(pane).length > 0)?.pane;
      if (!chosen) return [];
    }
    return rowsOf(chosen)
      .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
      .map((row) => {
        const expanded = row.getAttribute('aria-expanded');
        return {
          label: (row.querySelector('.label-name')?.textContent ?? '').trim(),
          description: (row.querySelector('.label-description')?.textContent ?? '').trim(),
          level: Number(row.getAttribute('aria-level') ?? 1),
          expanded: expanded === null ? undefined : expanded === 'true',
          selected: row.getAttribute('aria-selected') === 'true',
        };
      });
  }, view);
}

/** The labels of the rendered rows of a tree view (see treeItems). */
export async function treeRows(page: Page, view?: string): Promise<string[]> {
  return (await treeItems(page, view)).map((r) => r.label);
}

/** Waits until a row labelled `label` shows in the tree view (see treeItems); returns the rows. */
export async function waitForTreeRow(page: Page, label: string | RegExp, view?: string, timeout = 15_000): Promise<TreeRow[]> {
  const matches = (l: string) => (typeof label === 'string' ? l === label : label.test(l));
  const deadline = Date.now() + timeout;
  let rows: TreeRow[] = [];
  for (;;) {
    rows = await treeItems(page, view).catch(() => []);
    if (rows.some((r) => matches(r.label))) return rows;
    if (Date.now() > deadline) throw new Error(`no tree row ${String(label)} after ${timeout} ms; rows: ${rows.map((r) => r.label).join(' | ') || 'none'}`);
    await page.waitForTimeout(200);
  }
}

function treeRowLocator(page: Page, label: string): Locator {
  return page
    .locator('.part.sidebar .monaco-list-row[role="treeitem"], .part.panel .monaco-list-row[role="treeitem"], .part.auxiliarybar .monaco-list-row[role="treeitem"]')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
}

/** Clicks the tree row labelled `label` (selecting it; a row with children also toggles). */
export async function clickTreeRow(page: Page, label: string): Promise<void> {
  await treeRowLocator(page, label).click();
}

/**
 * Right-clicks `target` until a context menu shows, and returns its entries' labels once they are
 * drawn (two readings alike, not empty). On a busy machine a right-click can be lost (a hover or a
 * focus change taking it as the menu opens), and a menu can open before the context keys its
 * entries depend on are set: the menu is opened again while `until` (when given) says the entries
 * are not those expected yet, up to `timeoutMs` in all; the last entries are returned either way,
 * for the caller's assertion to show. With `mayBeEmpty`, a row whose every entry is hidden (no menu
 * at all) gives an empty list instead of an error.
 */
export async function openContextMenu(
  page: Page,
  target: Locator,
  options: {
    readonly position?: { x: number; y: number };
    readonly timeoutMs?: number;
    readonly mayBeEmpty?: boolean;
    readonly until?: (entries: readonly string[]) => boolean;
  } = {},
): Promise<string[]> {
  const labels = page.locator('.monaco-menu .action-label');
  const read = async (): Promise<string[]> => (await labels.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let entries: string[] = [];
  for (;;) {
    const left = deadline - Date.now();
    await target.click({ button: 'right', ...(options.position ? { position: options.position } : {}) });
    let shown = true;
    try {
      await labels.first().waitFor({ state: 'visible', timeout: Math.max(1_000, Math.min(10_000, left)) });
    } catch (error) {
      shown = false;
      if (Date.now() >= deadline) {
        if (options.mayBeEmpty) return [];
        throw error;
      }
    }
    if (shown) {
      for (let previous: string[] | undefined; Date.now() < deadline; previous = entries) {
        entries = await read();
        if (entries.length > 0 && previous !== undefined && previous.join('\n') === entries.join('\n')) break;
        await page.waitForTimeout(100);
      }
      if (!options.until || options.until(entries) || Date.now() >= deadline) return entries;
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
}

/** Right-clicks the tree row labelled `label` and chooses `item` from its context menu. */
export async function contextMenu(page: Page, label: string, item: string): Promise<void> {
  await openContextMenu(page, treeRowLocator(page, label));
  const entry = page.locator('.monaco-menu .action-item').filter({ has: page.locator('.action-label', { hasText: exactly(item) }) }).first();
  try {
    await entry.waitFor({ state: 'visible', timeout: 10_000 });
  } catch {
    const offered = await page.locator('.monaco-menu .action-label').allTextContents();
    await page.keyboard.press('Escape');
    throw new Error(`no "${item}" in the context menu of "${label}" (it offered: ${offered.filter(Boolean).join(' | ') || 'nothing'})`);
  }
  // the menu ignores a click that comes right after it opened: hover first, and retry once
  await page.waitForTimeout(300);
  await entry.hover();
  await entry.click();
  if (await entry.isVisible()) {
    await page.waitForTimeout(500);
    if (await entry.isVisible()) await entry.click();
  }
  await entry.waitFor({ state: 'hidden' });
}

/** Clicks `button` in the open modal dialog (showWarningMessage with modal: true); returns its text. */
export async function answerDialog(page: Page, button: string): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible' });
  const text = (await dialog.locator('.dialog-message-container').innerText()).trim();
  const target = dialog.locator('.dialog-buttons a.monaco-button', { hasText: exactly(button) }).first();
  if ((await target.count()) === 0) {
    const offered = await dialog.locator('.dialog-buttons a.monaco-button').allTextContents();
    throw new Error(`no button "${button}" in the dialog "${text}" (it has: ${offered.join(' | ')})`);
  }
  await target.click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

/** The messages of the notification toasts on screen. */
export async function notifications(page: Page): Promise<string[]> {
  return (await page.locator('.notifications-toasts .notification-list-item-message').allTextContents()).map((t) => t.trim());
}

/** Waits until a notification toast containing `text` shows; returns its message. */
export async function waitForNotification(page: Page, text: string | RegExp, timeout = 15_000): Promise<string> {
  const toast = page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout });
  return ((await toast.textContent()) ?? '').trim();
}

function resultsDir(): string {
  return globalThis.__cleveragentsE2e?.resultsDir ?? path.resolve(__dirname, '..', '..', '..', 'test-results');
}

/** Saves a PNG of the page as test-results/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = resultsDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120)}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Waits until `target` is drawn whole: it and every element around it fully opaque, with no
 * animation running on them (a hover fades in, so a picture taken as it appears is half
 * transparent). Two looks in a row must agree: an animation may start just after the first.
 */
export async function fullyDrawn(target: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let settledLooks = 0;
  let last = '';
  while (settledLooks < 2) {
    last = await target.evaluate((el: DomElement) => {
      let opacity = 1;
      let running = 0;
      for (let e: DomElement | null = el; e !== null; e = e.parentElement) {
        opacity *= Number(getComputedStyle(e).opacity);
        running += e.getAnimations().filter((a) => a.playState === 'running').length;
      }
      return `opacity ${opacity}, ${running} animation(s) running`;
    });
    settledLooks = last === 'opacity 1, 0 animation(s) running' ? settledLooks + 1 : 0;
    if (settledLooks >= 2) break;
    if (Date.now() > deadline) throw new Error(`not fully drawn after ${timeoutMs} ms: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Drags the side bar's edge so that labels and descriptions are not cut off in screenshots. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 5 });
  await page.mouse.up();
  await page.mouse.move(box.x + width + 400, y); // off the sash, which stays highlighted under the mouse
}
