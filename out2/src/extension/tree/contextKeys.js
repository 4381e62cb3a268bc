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
exports.ContextKeys = exports.ContextKey = void 0;
exports.planStatesValue = planStatesValue;
const vscode = __importStar(require("vscode"));
const commandIds_1 = require("../commandIds");
/** A `when`-clause context key with a typed value; writes only when the value changes. */
class ContextKey {
    name;
    current;
    constructor(name) {
        this.name = name;
    }
    get value() {
        return this.current;
    }
    async set(value) {
        if (this.current === value)
            return;
        this.current = value;
        await vscode.commands.executeCommand(commandIds_1.BuiltinCommands.setContext, this.name, value);
    }
}
exports.ContextKey = ContextKey;
exports.ContextKeys = {
    databaseState: new ContextKey('cleveragents.checkpoints.databaseState'),
    /** A checkpoint is selected in the tree: Copy ID and Delete show in the command palette. */
    checkpointSelected: new ContextKey('cleveragents.checkpoints.checkpointSelected'),
    /**
     * `plan.<state>.<kind>` of every plan of every folder, space-separated (empty: no plans): the
     * palette offers a command only when some plan fits it. Kept by the status bar, which reads the
     * plans at start and after each change of a database.
     */
    planStates: new ContextKey('cleveragents.checkpoints.planStates'),
    /**
     * Connect an Agent wrote an agent's hooks in this window: the empty view then says that the
     * agent's next prompt brings its checkpoints, and the walkthrough's step is done (not before:
     * a cancelled pick ticked it).
     */
    agentConnected: new ContextKey('cleveragents.checkpoints.agentConnected'),
    /** A rollback, and the undo of one, finished in this window: the walkthrough's steps are done. */
    rolledBack: new ContextKey('cleveragents.checkpoints.rolledBack'),
    undidRollback: new ContextKey('cleveragents.checkpoints.undidRollback'),
};
function planStatesValue(plans) {
    return [...new Set(plans.map((p) => `plan.${p.state}.${p.sandbox_kind}`))].sort().join(' ');
}
//# sourceMappingURL=contextKeys.js.map