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
const path = __importStar(require("node:path"));
const z = __importStar(require("zod"));
const gitRelay_1 = require("../adapters/shadowStore/gitRelay");
const server_1 = require("./server");
const displayText_1 = require("../core/displayText");
// Unlike the one-shot processes (cli/main.ts), this one lives on: V8's optimizing tier for sql.js's
// WebAssembly pays off here, so it keeps node's default flags.
const Millis = z.coerce.number().int().min(10).max(24 * 60 * 60 * 1000);
const Megabytes = z.coerce.number().int().min(32).max(64 * 1024);
function setting(name, schema, fallback) {
    const raw = process.env[name];
    if (raw === undefined || raw === '')
        return fallback;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : fallback;
}
function log(line) {
    process.stdout.write(`${(0, displayText_1.logLine)(`${new Date().toISOString()} [${process.pid}] ${line}`)}\n`);
}
const root = z
    .string()
    .min(1)
    .max(4096)
    .refine((p) => path.isAbsolute(p) && !p.includes('\0'))
    .safeParse(process.argv[2]);
if (!root.success || typeof AGENTS_VERSION !== 'string') {
    log('usage: agentsDaemon.js <absolute workspace folder>');
    process.exitCode = 2;
}
else {
    // A git started from this process (about 120 MB) waits while its page tables are copied; perl's is small.
    log((0, gitRelay_1.useGitRelay)(2) ? 'git starts through a perl relay' : 'git starts from this process (no perl on PATH, or CLEVERAGENTS_NO_GIT_RELAY=1)');
    const daemon = new server_1.Daemon({
        workspaceRoot: root.data,
        version: AGENTS_VERSION,
        distDir: __dirname,
        idleExitMs: setting('CLEVERAGENTS_DAEMON_IDLE_MS', Millis, 5 * 60 * 1000),
        checkMs: setting('CLEVERAGENTS_DAEMON_CHECK_MS', Millis, 2000),
        rssLimitBytes: setting('CLEVERAGENTS_DAEMON_MAX_RSS_MB', Megabytes, 512) * 1024 * 1024,
        log,
        trace: process.env.CLEVERAGENTS_DAEMON_TRACE === '1',
        maintenanceIdleMs: setting('CLEVERAGENTS_DAEMON_MAINTENANCE_MS', Millis, 3000),
    });
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
        process.on(signal, () => daemon.exit(`signal ${signal}`));
    daemon.start().then((listening) => {
        if (!listening)
            process.exit(0);
    }, (error) => {
        log(`cannot start: ${error.message}`);
        process.exit(1);
    });
}
//# sourceMappingURL=daemonMain.js.map