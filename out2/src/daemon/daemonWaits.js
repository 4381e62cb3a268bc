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
exports.within = within;
exports.mb = mb;
exports.answers = answers;
const net = __importStar(require("node:net"));
// Small waits of the resident process (server.ts): a promise against a deadline, a socket's answer.
/** Whether `promise` settles by `until` (epoch ms); never rejects. */
function within(promise, until) {
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()))));
    return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}
function mb(bytes) {
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
/** Whether a process accepts connections at `address` (within a short time). */
function answers(address) {
    return new Promise((resolve) => {
        const socket = net.createConnection(address);
        const done = (yes) => {
            clearTimeout(timer);
            socket.destroy();
            resolve(yes);
        };
        const timer = setTimeout(() => done(false), 500);
        socket.once('connect', () => done(true));
        socket.once('error', () => done(false));
    });
}
//# sourceMappingURL=daemonWaits.js.map