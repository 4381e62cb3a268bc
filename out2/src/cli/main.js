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
// eslint-disable-next-line no-restricted-imports -- the product's own package.json, beside its bundle
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
const node_v8_1 = require("node:v8");
const callCheckpointId_1 = require("../daemon/callCheckpointId");
const cli_1 = require("./cli");
// A CLI process runs a handful of SQLite statements and exits. V8's optimizing tier for sql.js's
// WebAssembly costs more CPU than those statements ever win back (measured: about half the time of
// `agents plan list`), so keep to the baseline compiler. Set before sql.js is first loaded.
(0, node_v8_1.setFlagsFromString)('--liftoff-only');
/** The version in the package.json above this file: `dist/../package.json` in the bundle. */
function packageVersion() {
    for (let dir = __dirname;; dir = path.dirname(dir)) {
        try {
            const pkg = JSON.parse((0, node_fs_1.readFileSync)(path.join(dir, 'package.json'), 'utf8'));
            if (pkg.name === 'cleveragents-checkpoints' && typeof pkg.version === 'string')
                return pkg.version;
        }
        catch {
            // not here; look one folder up
        }
        if (path.dirname(dir) === dir)
            return 'unknown';
    }
}
// A reader that went away (`agents plan list | head -1`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
        if (error.code !== 'EPIPE')
            throw error;
    });
}
// A checkpoint id is this call's only when it is bound to this process (src/daemon/callCheckpointId.ts);
// taken out of the environment either way, so that no child (git) inherits it.
const checkpointCall = (0, callCheckpointId_1.checkpointCallOf)(process.env, process.pid);
(0, callCheckpointId_1.clearCheckpointCall)(process.env);
void (0, cli_1.runCli)({
    argv: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    checkpointCall,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    wasmDir: __dirname,
    version: packageVersion(),
}).then((code) => {
    // Set, not process.exit(): stdout to a pipe is written asynchronously and must drain first.
    process.exitCode = code;
});
//# sourceMappingURL=main.js.map