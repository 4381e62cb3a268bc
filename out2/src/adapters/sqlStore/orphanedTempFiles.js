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
exports.OrphanedTempFiles = void 0;
const promises_1 = require("node:fs/promises");
const path = __importStar(require("node:path"));
const atomicFile_1 = require("../files/atomicFile");
/**
 * The temporary files of a database's saves (`<file>.<…>.tmp`) that a crashed writer left. They
 * exist only while their writer holds the lock, so under the lock any left are such leftovers.
 */
class OrphanedTempFiles {
    location;
    staleLocksBroken;
    logger;
    /** `staleLocksBroken()` when they were last cleared; undefined: not yet. */
    clearedAt;
    constructor(location, staleLocksBroken, logger) {
        this.location = location;
        this.staleLocksBroken = staleLocksBroken;
        this.logger = logger;
    }
    /** Removes them, under the lock: on the first write and after a stale lock was broken (else nothing to do). */
    async removeIfDue() {
        if (this.clearedAt === this.staleLocksBroken())
            return;
        this.clearedAt = this.staleLocksBroken();
        const dir = path.dirname(this.location);
        const prefix = `${path.basename(this.location)}.`;
        const names = await (0, promises_1.readdir)(dir).catch(() => []);
        for (const name of names) {
            if (name.startsWith(prefix) && name.endsWith(atomicFile_1.TEMP_FILE_SUFFIX)) {
                await (0, promises_1.unlink)(path.join(dir, name)).catch(() => undefined);
                this.logger.info(`Removed ${name}, left behind by an interrupted save.`);
            }
        }
    }
}
exports.OrphanedTempFiles = OrphanedTempFiles;
//# sourceMappingURL=orphanedTempFiles.js.map