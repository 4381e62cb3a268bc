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
exports.seenDir = seenDir;
exports.firstInSession = firstInSession;
const node_crypto_1 = require("node:crypto");
const path = __importStar(require("node:path"));
const nodeWorkspaceFiles_1 = require("../adapters/files/nodeWorkspaceFiles");
const stateFiles_1 = require("../adapters/files/stateFiles");
// Some things a hook sees are worth one line in hooks.log per session, not one per event: an event
// the hooks do not use (a name we do not know, a new event of a new version of the agent), a turn
// the agent submits that no person wrote. Each is remembered by an empty marker file, made
// exclusively (two hooks at once: one of them makes it) through stateFiles.ts (a planted link or
// FIFO is refused).
/** `.cleveragents/hooks/seen/`: one empty file per (agent, session, note) already logged. */
function seenDir(root) {
    return path.join(root, '.cleveragents', 'hooks', 'seen');
}
/**
 * Whether `note` is new for this session: true the first time (and the marker is made), false
 * afterwards. A marker that cannot be made (a read-only disk) answers true: a line too many beats
 * a thing dropped silently.
 */
async function firstInSession(root, agent, sessionId, note) {
    const name = (0, node_crypto_1.createHash)('sha256').update(`${agent}\0${sessionId}\0${note}`).digest('hex').slice(0, 32);
    try {
        await (0, nodeWorkspaceFiles_1.ensureDataDir)(root);
        return (0, stateFiles_1.createStateFile)(root, path.join(seenDir(root), name));
    }
    catch {
        return true;
    }
}
//# sourceMappingURL=sessionNotes.js.map