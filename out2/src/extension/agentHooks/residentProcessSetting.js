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
exports.RESIDENT_PROCESS_SETTING = void 0;
exports.residentProcessEnabled = residentProcessEnabled;
const vscode = __importStar(require("vscode"));
const z = __importStar(require("zod"));
const commandIds_1 = require("../commandIds");
/** `cleveragents.checkpoints.agents.residentProcess`: whether hooks and terminals may use the resident process (src/daemon). */
exports.RESIDENT_PROCESS_SETTING = 'agents.residentProcess';
/**
 * The setting, true unless set to false. The resident process runs outside VS Code, in the agents'
 * processes: the setting reaches it through the environment of what this window starts (the hook
 * commands Connect an Agent writes, the integrated terminals), as CLEVERAGENTS_NO_DAEMON=1.
 */
function residentProcessEnabled() {
    const parsed = z.boolean().optional().safeParse(vscode.workspace.getConfiguration(commandIds_1.SETTINGS_SECTION).get(exports.RESIDENT_PROCESS_SETTING));
    return !(parsed.success && parsed.data === false);
}
//# sourceMappingURL=residentProcessSetting.js.map