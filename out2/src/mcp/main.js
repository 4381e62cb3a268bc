"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const mcpCommand_1 = require("./mcpCommand");
console.log = console.info = console.debug = console.warn = console.error;
void (0, mcpCommand_1.runMcp)({
    argv: process.argv.slice(3),
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    wasmDir: __dirname,
    version: AGENTS_VERSION,
}).then((code) => {
    process.exitCode = code;
});
//# sourceMappingURL=main.js.map