"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.timeFirstItems = timeFirstItems;
/**
 * The tree's data provider, unchanged but for one measurement: the first time the view's top level
 * resolves to rows, `report` gets the milliseconds since `since` (the start of activation) and the
 * number of rows. The log line it makes is the figure docs/PERFORMANCE.md quotes, and a lead when a window
 * is slow to show its checkpoints.
 */
function timeFirstItems(provider, since, report) {
    let reported = false;
    const getChildren = async (element) => {
        const children = await provider.getChildren(element);
        if (!reported && element === undefined && children && children.length > 0) {
            reported = true;
            report(performance.now() - since, children.length);
        }
        return children;
    };
    return new Proxy(provider, {
        get(target, key) {
            if (key === 'getChildren')
                return getChildren;
            const value = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
        },
    });
}
//# sourceMappingURL=firstItemsTiming.js.map