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
exports.executableOnPath = executableOnPath;
const node_fs_1 = require("node:fs");
const path = __importStar(require("node:path"));
/**
 * A program's absolute path from PATH's folders (`Path` on Windows), the first that holds it as an
 * executable; absolute folders only: a relative one (`.`) would be whatever folder we run in, the
 * workspace included.
 */
function executableOnPath(name, env = process.env) {
    for (const dir of (env.PATH ?? env.Path ?? '').split(path.delimiter)) {
        if (!dir || !path.isAbsolute(dir))
            continue;
        const file = path.join(dir, name);
        try {
            (0, node_fs_1.accessSync)(file, node_fs_1.constants.X_OK);
            return file;
        }
        catch {
            // not here
        }
    }
    return undefined;
}
//# sourceMappingURL=executableOnPath.js.map