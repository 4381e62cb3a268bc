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
exports.programWarnings = programWarnings;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
// Whether a command naming this CLI will still start where an agent or an MCP client runs it. The
// command names the runtime and dist/cli.js by absolute path (a client's PATH, a GUI app's above
// all, need not hold `agents` nor `node`), so what can go wrong is a path that is not there, or
// one that will not stay: npx runs a package from its cache, which npm empties as it likes.
/** npx's cache: `<npm cache>/_npx/<hash>/node_modules/<package>/`. */
const NPX_CACHE = /[\\/]_npx[\\/]/;
/**
 * What may stop a command naming `program` from running, each a sentence for stderr and the
 * JSON's `warnings`; empty when it runs. `exists` is injectable for tests of other layouts.
 */
function programWarnings(program, exists = node_fs_1.existsSync) {
    const warnings = [];
    for (const [what, file] of [
        ['the runtime', program.node],
        ['the CLI', program.cli],
    ]) {
        if (!path.isAbsolute(file))
            warnings.push(`${what} is named as ${JSON.stringify(file)}, not by an absolute path: the command would start only where that resolves`);
        else if (!exists(file))
            warnings.push(`${what}, ${file}, does not exist: the command would not start`);
    }
    if (NPX_CACHE.test(program.cli)) {
        warnings.push(`this CLI runs from npx's cache (${program.cli}), which npm may clear at any time, and the command would then fail: install the package (npm install --global ./cleveragents-checkpoints-<version>.tgz) and run this again with that \`agents\``);
    }
    return warnings;
}
//# sourceMappingURL=programChecks.js.map