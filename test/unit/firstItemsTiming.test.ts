import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { timeFirstItems } from '../../src/extension/tree/firstItemsTiming';

describe('timeFirstItems (the "first rows in the view" log line)', () => {
  it('reports once, when the top level first has rows, and passes everything else through', async () => {
    const answers: string[][] = [[], ['a', 'b'], ['c']];
    const provider = {
      calls: 0,
      getTreeItem: (element: string) => ({ label: element }),
      async getChildren(element?: string): Promise<string[]> {
        this.calls++;
        return element ? ['child'] : (answers.shift() ?? []);
      },
    };
    const reports: [number, number][] = [];
    const timed = timeFirstItems(provider as vscode.TreeDataProvider<string>, performance.now(), (ms, rows) => reports.push([ms, rows]));
    assert.deepEqual(await timed.getChildren('x'), ['child']);
    assert.deepEqual(await timed.getChildren(), []);
    assert.equal(reports.length, 0, 'no rows yet');
    assert.deepEqual(await timed.getChildren(), ['a', 'b']);
    assert.deepEqual(await timed.getChildren(), ['c']);
    assert.equal(reports.length, 1);
    assert.equal(reports[0][1], 2);
    assert.ok(reports[0][0] >= 0);
    assert.deepEqual(timed.getTreeItem('z'), { label: 'z' });
    assert.equal(provider.calls, 4, 'getChildren runs on the provider itself (its `this`)');
  });
});
