"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newTerminal = newTerminal;
exports.runInTerminal = runInTerminal;
const workbench_1 = require("../e2e/workbench");
const SCREEN = '.terminal-wrapper.active .xterm-rows';
let commands = 0;
/** Opens a new terminal and waits for its shell to print something (a prompt). */
async function newTerminal(page) {
    await (0, workbench_1.runCommand)(page, 'Terminal: Create New Terminal');
    await page.locator(SCREEN).waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator(`${SCREEN} > div`).filter({ hasText: /\S/ }).first().waitFor({ timeout: 30_000 });
}
/**
 * Types `command` into the active terminal and returns what it printed: the screen is cleared
 * first, and the command is followed by a `printf` whose output (unlike its own text, which the
 * terminal echoes) marks the end.
 */
async function runInTerminal(page, command, timeout = 30_000) {
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
//# sourceMappingURL=terminal.js.map