"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WORKSPACE_KEY = void 0;
/** The workspace's key in the shadow store: its own persistent index, separate from any plan's. */
exports.WORKSPACE_KEY = 'workspace';
//# sourceMappingURL=ports.js.map