"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hookStatus = exports.planHookChange = exports.applyHookPlan = exports.rewriteVersionedConfigs = void 0;
// What Connect an Agent… and Disconnect an Agent… run, and the pass at activation that rewrites
// hook and MCP commands naming a versioned dist/cli.js: the agents' configuration files read and
// written with a JSON-with-comments parser and a differ. Bundled apart (dist/extensionInstaller.js,
// esbuild.mjs) and read when first used (loadInstaller).
var activationRewrite_1 = require("../../hooks/install/activationRewrite");
Object.defineProperty(exports, "rewriteVersionedConfigs", { enumerable: true, get: function () { return activationRewrite_1.rewriteVersionedConfigs; } });
var hookInstaller_1 = require("../../hooks/install/hookInstaller");
Object.defineProperty(exports, "applyHookPlan", { enumerable: true, get: function () { return hookInstaller_1.applyHookPlan; } });
Object.defineProperty(exports, "planHookChange", { enumerable: true, get: function () { return hookInstaller_1.planHookChange; } });
var hookStatus_1 = require("../../hooks/install/hookStatus");
Object.defineProperty(exports, "hookStatus", { enumerable: true, get: function () { return hookStatus_1.hookStatus; } });
//# sourceMappingURL=installerPart.js.map