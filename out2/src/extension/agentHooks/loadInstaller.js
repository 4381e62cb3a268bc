"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.loadInstaller = loadInstaller;
const lazyPart_1 = require("../lazyPart");
/** The agents' hook installer (installerPart.ts), read the first time it is used. */
function loadInstaller() {
    return (0, lazyPart_1.loadPart)('extensionInstaller.js', 'agentHooks/installerPart.js');
}
//# sourceMappingURL=loadInstaller.js.map