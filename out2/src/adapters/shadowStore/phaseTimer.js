"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PhaseTimer = void 0;
/** Milliseconds per phase, for the debug log. */
class PhaseTimer {
    last = performance.now();
    parts = [];
    mark(name) {
        const now = performance.now();
        this.parts.push(`${name} ${(now - this.last).toFixed(1)} ms`);
        this.last = now;
    }
    toString() {
        return this.parts.join(', ');
    }
}
exports.PhaseTimer = PhaseTimer;
//# sourceMappingURL=phaseTimer.js.map