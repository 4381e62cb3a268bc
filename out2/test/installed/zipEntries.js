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
exports.zipEntries = zipEntries;
const fs = __importStar(require("node:fs"));
/** The entries of a zip file (a .vsix), read from its central directory. */
function zipEntries(file) {
    const zip = fs.readFileSync(file);
    // the end-of-central-directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes
    let end = -1;
    for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
        if (zip.readUInt32LE(i) === 0x06054b50) {
            end = i;
            break;
        }
    }
    if (end < 0)
        throw new Error(`${file} is not a zip file`);
    const count = zip.readUInt16LE(end + 10);
    const entries = [];
    for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
        if (zip.readUInt32LE(at) !== 0x02014b50)
            throw new Error(`${file}: bad central directory entry ${i}`);
        const nameLength = zip.readUInt16LE(at + 28);
        const extraLength = zip.readUInt16LE(at + 30);
        const commentLength = zip.readUInt16LE(at + 32);
        entries.push({ name: zip.toString('utf8', at + 46, at + 46 + nameLength), size: zip.readUInt32LE(at + 24), mode: zip.readUInt32LE(at + 38) >>> 16 });
        at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
}
//# sourceMappingURL=zipEntries.js.map