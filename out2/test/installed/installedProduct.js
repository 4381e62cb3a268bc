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
exports.installedProduct = installedProduct;
exports.extensionLogLines = extensionLogLines;
// What scripts/runInstalledTests.mjs hands the tests of the installed product: the packages it made
// and the code-server they are installed into (see also e2eHost() in ../e2e/workbench.ts).
const fs = __importStar(require("node:fs"));
const path = __importStar(require("node:path"));
function installedProduct() {
    const product = globalThis.__cleveragentsInstalled;
    if (!product)
        throw new Error('run these tests with `node scripts/runInstalledTests.mjs` (npm run test:installed), not with mocha alone');
    return product;
}
/** Every line the extension logged so far, in every window of the server (its log files under logs/). */
function extensionLogLines() {
    const logs = path.join(installedProduct().userDataDir, 'logs');
    if (!fs.existsSync(logs))
        return [];
    return fs.readdirSync(logs, { recursive: true, encoding: 'utf8' })
        .filter((f) => path.basename(f) === 'CleverAgents Checkpoints.log')
        .flatMap((f) => fs.readFileSync(path.join(logs, f), 'utf8').split('\n'))
        .filter(Boolean);
}
//# sourceMappingURL=installedProduct.js.map