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
exports.toolJsonSchema = toolJsonSchema;
exports.parseToolInput = parseToolInput;
const z = __importStar(require("zod"));
const errors_1 = require("../core/errors");
/**
 * The JSON Schema of a tool's input or output: draft 7, which every client validates, and without
 * `$schema` (clients that know another draft would refuse the document for naming this one).
 */
function toolJsonSchema(schema, io) {
    const json = { ...z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) };
    delete json.$schema;
    return { ...json, type: 'object' };
}
/** The tool's input, checked by its schema; a mismatch is the reference's `Validation Error: …`. */
function parseToolInput(tool, args) {
    const parsed = tool.input.safeParse(args ?? {});
    if (!parsed.success)
        throw new errors_1.ValidationError((0, errors_1.describeIssues)(parsed.error.issues));
    return parsed.data;
}
//# sourceMappingURL=toolJsonSchema.js.map