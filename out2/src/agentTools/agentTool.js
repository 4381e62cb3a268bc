"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.defineTool = defineTool;
exports.isReadOnly = isReadOnly;
exports.runsInRestrictedMode = runsInRestrictedMode;
/** Declares a tool with its types inferred from its schemas. */
function defineTool(tool) {
    return tool;
}
/** Whether a tool leaves the sandbox and the database as they were. */
function isReadOnly(tool) {
    return tool.access === 'read' || tool.access === 'inspect';
}
/** Whether a tool may run in an untrusted workspace (VS Code's Restricted Mode): it only reads the database. */
function runsInRestrictedMode(tool) {
    return tool.access === 'read';
}
//# sourceMappingURL=agentTool.js.map