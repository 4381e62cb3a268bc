import type * as vscode from 'vscode';

/**
 * The tree's data provider, unchanged but for one measurement: the first time the view's top level
 * resolves to rows, `report` gets the milliseconds since `since` (the start of activation) and the
 * number of rows. The log line it makes is the figure docs/PERFORMANCE.md quotes, and a lead when a window
 * is slow to show its checkpoints.
 */
export function timeFirstItems<T>(provider: vscode.TreeDataProvider<T>, since: number, report: (ms: number, rows: number) => void): vscode.TreeDataProvider<T> {
  let reported = false;
  const getChildren = async (element?: T): Promise<T[] | null | undefined> => {
    const children = await provider.getChildren(element);
    if (!reported && element === undefined && children && children.length > 0) {
      reported = true;
      report(performance.now() - since, children.length);
    }
    return children;
  };
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'getChildren') return getChildren;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
