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
// The README of the .vsix is the extension's details page, in VS Code's Extensions view and on the
// marketplaces: it is read by someone installing, offline as often as not. scripts/packagedReadme.mjs
// makes it from README.md; this checks what it makes.
const assert = __importStar(require("node:assert/strict"));
const node_child_process_1 = require("node:child_process");
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const cliHarness_1 = require("./helpers/cliHarness");
/** packagedReadme(markdown) run by node on the ES module itself (the tests are CommonJS). */
function packaged(markdown) {
    const script = `import(${JSON.stringify(path.join(cliHarness_1.REPO_ROOT, 'scripts', 'packagedReadme.mjs'))}).then((m) => process.stdout.write(m.packagedReadme(require('fs').readFileSync(0, 'utf8'), ${JSON.stringify(cliHarness_1.REPO_ROOT)})))`;
    const r = (0, node_child_process_1.spawnSync)(process.execPath, ['-e', script], { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { code: r.status, out: r.stdout, err: r.stderr };
}
describe('The packaged README (the details page)', () => {
    const readme = (0, node_fs_1.readFileSync)(path.join(cliHarness_1.REPO_ROOT, 'README.md'), 'utf8');
    const page = packaged(readme);
    it('holds no build steps: the Development section is left out, the quick start kept', () => {
        assert.equal(page.code, 0, page.err);
        assert.match(readme, /npm ci/, 'the repository’s README still says how to build');
        assert.doesNotMatch(page.out, /npm ci|npm start|npm test|npm run package|## Development/);
        assert.match(page.out, /## Quick start/);
        assert.doesNotMatch(page.out, /<!-- package:/);
        // the quick start is on its first screen: within the first 45 lines
        assert.ok(page.out.split('\n').findIndex((l) => l === '## Quick start') < 45);
    });
    it('shows its pictures as PNG data (what the details page loads offline, with no repository to link to)', () => {
        const images = [...page.out.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)];
        assert.ok(images.length >= 1);
        for (const [, alt, src] of images) {
            assert.ok(alt.length > 10, `an image without alt text: ${src.slice(0, 40)}`);
            const data = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(src);
            assert.ok(data, `${alt}: ${src.slice(0, 60)} is not inlined`);
            assert.equal(Buffer.from(data[1], 'base64').subarray(1, 4).toString('latin1'), 'PNG');
        }
    });
    it('leaves no link into the repository, which the details page cannot open', () => {
        const relative = [...page.out.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]).filter((t) => !/^(https:|data:|#)/.test(t));
        assert.deepEqual(relative, []);
    });
    it('refuses a block left open, and an SVG picture (the details page refuses SVG)', () => {
        const open = packaged('# x\n<!-- package: omit -->\n## Development\n');
        assert.notEqual(open.code, 0);
        assert.match(open.err, /has no <!-- package: end -->/);
        const svg = packaged('# x\n![the icon](media/checkpoints.svg)\n');
        assert.notEqual(svg.code, 0);
        assert.match(svg.err, /only PNG, JPEG and GIF/);
    });
});
//# sourceMappingURL=packagedReadme.test.js.map