"use strict";
// The messages between the rollback panel's page (src/webview/main.ts) and its host
// (src/extension/rollback/panel/rollbackPanel.ts). Types only, shared by both sides: the page imports nothing
// else, and the host checks every message and every restored state against the zod schemas in
// src/extension/rollback/panel/panelSchemas.ts, which must describe exactly these types.
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=protocol.js.map