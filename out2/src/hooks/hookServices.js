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
exports.hookServices = hookServices;
const hookTimings_1 = require("./hookTimings");
/**
 * The workspace's services for a hook: sql.js and the adapters are loaded only now (an event that
 * needs no checkpoint never loads them), with a lock wait the agent can afford. Warnings go to
 * hooks.log, never to the agent.
 */
async function hookServices(workspaceRoot, databasePath, wasmDir, lockTimeoutMs, log) {
    const { createWorkspaceServices } = await Promise.resolve().then(() => __importStar(require('../composition')));
    return createWorkspaceServices({
        workspaceRoot,
        databasePath,
        wasmDir,
        lockTimeoutMs,
        logger: {
            // the snapshot's phase timings, for the bench's --profile (AGENTS_HOOK_TIMINGS=1)
            debug: (0, hookTimings_1.hookTimingsOn)() ? hookTimings_1.hookNote : () => undefined,
            info: () => undefined,
            warn: (m) => log.line(`warning: ${m}`),
            error: (m) => log.line(`error: ${m}`),
        },
    });
}
//# sourceMappingURL=hookServices.js.map