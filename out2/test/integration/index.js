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
exports.run = run;
// Entry point of the integration tests inside the VS Code extension host: the `extensionTestsPath`
// module. VS Code requires it and awaits `run()`; a rejection is a failed run. Same contract as
// @vscode/test-electron, so scripts/runIntegrationTests.mjs (code-server + chromium) and
// scripts/runIntegrationTestsElectron.mjs (desktop VS Code) both use it.
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
/** Mocha 12 is an ES module: the host's Node must be able to require() one (Node 20.19+ or 22.12+). */
function loadMocha() {
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const m = require('mocha');
        return m.default ?? m;
    }
    catch (e) {
        throw new Error(`cannot load mocha in this extension host (Node ${process.versions.node}; mocha 12 needs require() of ES modules, Node 20.19+ or 22.12+): ${String(e)}`);
    }
}
function findTests(dir) {
    const found = [];
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory())
            found.push(...findTests(full));
        else if (entry.name.endsWith('.itest.js'))
            found.push(full);
    }
    return found.sort();
}
async function run() {
    const Mocha = loadMocha();
    const mocha = new Mocha({
        ui: 'bdd',
        // the output goes through the extension host's console to the runner: no escape codes
        color: false,
        reporter: 'spec',
        timeout: Number(process.env.MOCHA_TIMEOUT ?? 20_000),
        grep: process.env.MOCHA_GREP || undefined,
    });
    // mocha colours its ✔ and ✖ whatever `color` says when it thinks the terminal can (CI=true)
    const ansi = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');
    const symbols = Mocha.reporters.Base.symbols;
    for (const k of Object.keys(symbols))
        symbols[k] = symbols[k].replace(ansi, '');
    const files = findTests(__dirname);
    if (files.length === 0)
        throw new Error(`no *.itest.js under ${__dirname}: did tsc -p . run?`);
    for (const f of files)
        mocha.addFile(f);
    await mocha.loadFilesAsync();
    const failures = await new Promise((resolve) => mocha.run(resolve));
    if (failures > 0)
        throw new Error(`${failures} integration test(s) failed`);
}
//# sourceMappingURL=index.js.map