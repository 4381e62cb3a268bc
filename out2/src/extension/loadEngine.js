"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.loadEngine = loadEngine;
const lazyPart_1 = require("./lazyPart");
/**
 * The engine: sql.js's glue, the store, the shadow git store, the services (dist/extensionEngine.js),
 * read when a folder's services are first needed. Activation, the tree of a folder without a
 * database and the commands that need none never parse it.
 */
function loadEngine() {
    return (0, lazyPart_1.loadPart)('extensionEngine.js', '../composition.js');
}
//# sourceMappingURL=loadEngine.js.map