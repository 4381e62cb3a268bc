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
exports.ErrorReporter = exports.LOG_CHANNEL_NAME = void 0;
exports.channelLogger = channelLogger;
const vscode = __importStar(require("vscode"));
const shownText_1 = require("./shownText");
const errors_1 = require("../core/errors");
const commandIds_1 = require("./commandIds");
exports.LOG_CHANNEL_NAME = 'CleverAgents Checkpoints';
const SHOW_LOG = 'Show Log';
/** The core's Logger on a LogOutputChannel, with an optional prefix (the workspace folder). */
function channelLogger(channel, prefix = '') {
    const p = prefix ? `[${prefix}] ` : '';
    return {
        debug: (m) => channel.debug(p + m),
        info: (m) => channel.info(p + m),
        warn: (m) => channel.warn(p + m),
        error: (m) => channel.error(p + m),
    };
}
/**
 * Turns failures into error notifications. Errors of the product (CheckpointError) already say
 * what went wrong in the spec's words and are shown as they are; anything else is unexpected and is
 * named as such. Either way the log gets the details and the notification a "Show Log" button.
 */
class ErrorReporter {
    channel;
    constructor(channel) {
        this.channel = channel;
    }
    report(error, doing) {
        const message = (0, errors_1.isCheckpointError)(error)
            ? error.message
            : `${doing} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
        this.channel.error(`${doing}: ${error instanceof Error && !(0, errors_1.isCheckpointError)(error) ? (error.stack ?? error.message) : message}`);
        // An unreadable database has a way out, offered where the refusal is said.
        const wayOut = !vscode.workspace.isTrusted
            ? []
            : error instanceof errors_1.UnreadableDatabaseError
                ? [commandIds_1.CommandTitles.moveDatabaseAside]
                : (0, errors_1.isCheckpointError)(error) && /^[A-Z][a-z]+ blocked: sandbox is missing$/.test(error.message)
                    ? [commandIds_1.CommandTitles.recreateSandbox]
                    : [];
        // Not awaited: the promise settles only when the user closes the notification.
        void (0, shownText_1.showError)(message, ...wayOut, SHOW_LOG).then((choice) => {
            if (choice === SHOW_LOG)
                this.channel.show(true);
            if (choice === commandIds_1.CommandTitles.moveDatabaseAside)
                void vscode.commands.executeCommand(commandIds_1.Commands.moveDatabaseAside);
            // Without arguments: the plan selected in the tree, or a pick among those whose sandbox is missing.
            if (choice === commandIds_1.CommandTitles.recreateSandbox)
                void vscode.commands.executeCommand(commandIds_1.Commands.recreateSandbox);
        });
    }
    /** A problem the user should know about that did not stop anything (a bad setting). */
    warn(message) {
        this.channel.warn(message);
        void (0, shownText_1.showWarning)(message, SHOW_LOG).then((choice) => {
            if (choice === SHOW_LOG)
                this.channel.show(true);
        });
    }
}
exports.ErrorReporter = ErrorReporter;
//# sourceMappingURL=log.js.map