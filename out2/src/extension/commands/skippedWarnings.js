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
exports.SkippedFileWarnings = void 0;
const vscode = __importStar(require("vscode"));
const checkpoint_1 = require("../../core/checkpoint");
const commandIds_1 = require("../commandIds");
const shownText_1 = require("../shownText");
const displayText_1 = require("../../core/displayText");
const SEEN_KEY = 'cleveragents.checkpoints.skippedWarned';
const MUTED_KEY = 'cleveragents.checkpoints.skippedWarningsOff';
/** How many warned paths are remembered per workspace (the oldest are forgotten first). */
const REMEMBERED = 2000;
const OPEN_SETTINGS = 'Open Settings';
const DONT_SHOW_AGAIN = "Don't Show Again";
/**
 * Warns about files a checkpoint did not capture (too large, nested repositories, unreadable): once
 * per path and workspace folder, never again after "Don't Show Again". The tree marks such
 * checkpoints ("· 2 not captured") and the log lists every one, whatever was shown.
 */
class SkippedFileWarnings {
    memento;
    log;
    /** The paths warned about since activation, in order (what the integration tests read). */
    warnedThisSession = [];
    constructor(memento, log) {
        this.memento = memento;
        this.log = log;
    }
    warn(checkpoint, folder) {
        const skipped = checkpoint.metadata.skipped;
        if (skipped.length === 0)
            return;
        this.log.warn(`[${folder.name}] checkpoint ${checkpoint.checkpoint_id} of plan ${checkpoint.plan_id} did not capture: ${skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}`);
        if (this.memento.get(MUTED_KEY) === true)
            return;
        const seen = this.memento.get(SEEN_KEY, []);
        const key = (path) => `${folder.uri.toString()}#${path}`;
        const fresh = skipped.filter((s) => !seen.includes(key(s.path)));
        if (fresh.length === 0)
            return;
        void this.memento.update(SEEN_KEY, [...seen, ...fresh.map((s) => key(s.path))].slice(-REMEMBERED));
        this.warnedThisSession.push(...fresh.map((s) => s.path));
        const listed = fresh
            .slice(0, 3)
            .map((s) => `${s.path} (${(0, checkpoint_1.skipReasonText)(s)})`)
            .join(', ');
        const more = fresh.length > 3 ? ` and ${(0, displayText_1.formatCount)(fresh.length - 3)} more` : '';
        void (0, shownText_1.showWarning)(`A checkpoint did not capture ${(0, displayText_1.plural)(fresh.length, 'path')}: ${listed}${more}. A rollback leaves them as they are.`, OPEN_SETTINGS, DONT_SHOW_AGAIN).then((choice) => {
            if (choice === OPEN_SETTINGS)
                void vscode.commands.executeCommand(commandIds_1.BuiltinCommands.openSettings, `${commandIds_1.SETTINGS_SECTION}.${commandIds_1.SettingKeys.maxFileSizeMiB}`);
            if (choice === DONT_SHOW_AGAIN)
                void this.memento.update(MUTED_KEY, true);
        });
    }
}
exports.SkippedFileWarnings = SkippedFileWarnings;
//# sourceMappingURL=skippedWarnings.js.map