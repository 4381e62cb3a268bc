// VS Code's integrated terminal driven from the page: a new terminal, a command typed into it, and
// its output read back from the screen (the server runs with terminal.integrated.gpuAcceleration
// off, so xterm.js renders its rows as DOM text).
import type { Page } from 'playwright-core';
import { runCommand } from '../e2e/workbench';

const SCREEN = '.terminal-wrapper.active .xterm-rows';
let commands = 0;

/** Opens a new terminal and waits for its shell to print something (a prompt). */
export async function newTerminal(page: Page): Promise<void> {
  await runCommand(page, 'Terminal: Create New Terminal');
  await page.locator(SCREEN).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator(`${SCREEN} > div`).filter({ hasText: /\S/ }).first().waitFor({ timeout: 30_000 });
}

/**
 * Types `command` into the active terminal and returns what it printed: the screen is cleared
 * first, and the command is followed by a `printf` whose output (unlike its own text, which the
 * terminal echoes) marks the end.
 */
export async function runInTerminal(page: Page, command: string, timeout = 30_000): Promise<string> {
  const n = ++commands;
  const marker = `end-of-${n}`;
  // the terminal's input is xterm.js's hidden textarea (overlays take the clicks on its screen)
  await page.locator('.terminal-wrapper.active .xterm-helper-textarea').focus();
  await page.keyboard.type(`clear; ${command}; printf '%s-%s\\n' end-of ${n}`);
  await page.keyboard.press('Enter');
  await page.locator(`${SCREEN} > div`).filter({ hasText: new RegExp(`^\\s*${marker}\\s*$`) }).first().waitFor({ timeout });
  const rows = await page.locator(`${SCREEN} > div`).allTextContents();
  const lines = rows.map((r) => r.replace(/\u00a0/g, ' ').trimEnd());
  const start = lines.findIndex((l) => l.includes(`printf '%s-%s\\n' end-of ${n}`));
  const end = lines.findIndex((l) => l.trim() === marker);
  return lines.slice(start + 1, end).join('\n');
}
