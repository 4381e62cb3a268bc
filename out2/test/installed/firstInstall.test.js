"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
// A first install as a user makes it: a VS Code with no extension, Extensions: Install from VSIX…,
// the .vsix picked in the file dialog. VS Code then opens the walkthrough by itself (its
// `workbench.welcomePage.walkthroughs.openOnInstall`, on by default); its pictures load from the
// installed package. Screenshot: test-results/installed-4-walkthrough-on-install.png.
const assert = __importStar(require("node:assert/strict"));
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
const workbench_1 = require("../e2e/workbench");
const installedProduct_1 = require("./installedProduct");
const TITLE = 'Get Started with Checkpoints';
describe('A first install of the .vsix from the workbench', function () {
    this.timeout(240_000);
    let context;
    let page;
    let folder = '';
    before(async function () {
        this.timeout(200_000);
        const host = (0, workbench_1.e2eHost)();
        folder = fs.mkdtempSync(path.join(host.tempDir, 'first-'));
        fs.writeFileSync(path.join(folder, 'notes.txt'), 'a project\n');
        context = await host.browser.newContext({ viewport: { width: 1400, height: 900 } });
        page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await page.goto(await (0, installedProduct_1.installedProduct)().bareUrl(folder));
        await (0, workbench_1.waitForWorkbench)(page);
    });
    afterEach(async function () {
        if (this.currentTest?.state === 'failed')
            console.log(`      screenshot of the failure: ${await (0, workbench_1.screenshot)(page, `FAILED ${this.currentTest.fullTitle()}`)}`);
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
                await (0, workbench_1.runCommand)(page, 'Extensions: Install from VSIX...');
                break;
            }
            catch (error) {
                if (Date.now() > deadline || !/^no command /.test(error.message))
                    throw error;
                await page.waitForTimeout(2_000);
            }
        }
        // code-server's file dialog is a quick input holding a path: once it has listed the folder it
        // starts in (typing earlier is overwritten), type the .vsix's path
        const dialog = page.locator('.quick-input-widget');
        const input = dialog.locator('.quick-input-box input');
        await dialog.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
        await input.fill((0, installedProduct_1.installedProduct)().vsix);
        await page.waitForFunction((v) => globalThis.document.querySelector('.quick-input-widget .quick-input-box input')?.value === v, (0, installedProduct_1.installedProduct)().vsix);
        // it lists the .vsix's folder as the path is typed: accept once the .vsix is listed (before
        // that, the dialog is busy and ignores the key), and again if it was still busy
        const vsixName = path.basename((0, installedProduct_1.installedProduct)().vsix);
        await dialog.locator('.quick-input-list .monaco-list-row', { hasText: vsixName }).first().waitFor({ state: 'visible' });
        for (let attempt = 1; await dialog.isVisible(); attempt++) {
            if (attempt > 5)
                throw new Error('the file dialog did not take the .vsix');
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
            const img = globalThis.document.querySelector('.gettingStartedContainer .getting-started-media img');
            return img !== null && img.complete && img.naturalWidth > 0;
        });
        const src = decodeURIComponent(await image.evaluate((i) => i.currentSrc || i.src));
        assert.match(src, /cleveragents\.cleveragents-checkpoints-[^/]+\/media\/walkthrough\/connect-agent-(light|dark)\.png/, `the picture comes from the installed package: ${src}`);
        await page.mouse.move(1300, 850);
        await page.waitForTimeout(500); // the picture fades in
        await (0, workbench_1.screenshot)(page, 'installed-4-walkthrough-on-install');
    });
});
//# sourceMappingURL=firstInstall.test.js.map