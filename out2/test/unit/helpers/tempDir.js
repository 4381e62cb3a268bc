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
exports.useTempDirs = useTempDirs;
const node_fs_1 = require("node:fs");
const os = __importStar(require("node:os"));
const path = __importStar(require("node:path"));
/**
 * Inside a mocha `describe`: returns a function that makes a fresh folder under the system temp
 * folder; every folder made is removed after each test.
 */
function useTempDirs(prefix = 'cleveragents-test-') {
    const made = [];
    afterEach(() => {
        // A resident process (src/daemon) that a test's CLI call started may still be coming up and
        // bind its socket in the folder's .cleveragents/run while it is removed (ENOTEMPTY): it gives up
        // once the folder is gone, so removing again for up to ~2 s succeeds.
        for (const dir of made.splice(0))
            (0, node_fs_1.rmSync)(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    });
    return () => {
        const dir = (0, node_fs_1.mkdtempSync)(path.join(os.tmpdir(), prefix));
        made.push(dir);
        return dir;
    };
}
//# sourceMappingURL=tempDir.js.map