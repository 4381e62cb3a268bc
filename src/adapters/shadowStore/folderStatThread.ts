import { Worker } from 'node:worker_threads';

// The special-file walk's stat of every kept folder (specialFiles.ts), done on a thread of its
// own in a long-lived process (the resident process): thousands of lstat calls (18 ms on a
// sandbox of 3,300 folders) then no longer hold the event loop while the snapshot waits on git,
// and a free core takes them. One-shot processes keep walking on their own thread: starting a
// thread costs more than the walk.

/**
 * The thread's whole program (run with `eval`: no file of its own to bundle, ship or find). For
 * each folder, relative to `root`: its change time and inode, or NaN when it is no folder (gone,
 * a file, a symlink, unreadable). Answered in a transferred Float64Array, two numbers a folder.
 */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const { lstatSync } = require('node:fs');
const path = require('node:path');
parentPort.on('message', ({ id, root, rels }) => {
  const out = new Float64Array(rels.length * 2);
  for (let i = 0; i < rels.length; i++) {
    try {
      const s = lstatSync(path.join(root, rels[i]));
      out[2 * i] = s.isDirectory() ? s.ctimeMs : NaN;
      out[2 * i + 1] = s.ino;
    } catch {
      out[2 * i] = NaN;
      out[2 * i + 1] = NaN;
    }
  }
  parentPort.postMessage({ id, out }, [out.buffer]);
});
`;

/** A folder's change time and inode as the thread found them; undefined when it found no folder. */
export type FolderStamp = readonly [ctimeMs: number, ino: number] | undefined;

/**
 * Stats folders on a worker thread, started at the first call and kept (it never keeps the
 * process alive). Whatever goes wrong with the thread (it cannot start, it dies) makes the calls
 * answer undefined, and the caller stats the folders itself: the thread only ever saves time.
 */
export class FolderStatThread {
  private worker: Worker | undefined;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<number, (stamps: Float64Array | undefined) => void>();

  /** Each folder's stamp, in the order given; undefined when the thread cannot answer. */
  async stamps(root: string, rels: readonly string[]): Promise<FolderStamp[] | undefined> {
    const worker = this.start();
    if (!worker) return undefined;
    const id = this.nextId++;
    const out = await new Promise<Float64Array | undefined>((resolve) => {
      this.pending.set(id, resolve);
      try {
        worker.postMessage({ id, root, rels });
      } catch {
        this.fail();
      }
    });
    if (!out || out.length !== rels.length * 2) return undefined;
    return rels.map((_, i) => (Number.isNaN(out[2 * i]) ? undefined : [out[2 * i]!, out[2 * i + 1]!]));
  }

  /** Ends the thread; later calls answer undefined. */
  close(): void {
    this.broken = true;
    this.settleAll();
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private start(): Worker | undefined {
    if (this.broken) return undefined;
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(THREAD_CODE, { eval: true });
      worker.unref();
      worker.on('message', (message: { id: number; out: Float64Array }) => {
        const resolve = this.pending.get(message.id);
        this.pending.delete(message.id);
        resolve?.(message.out instanceof Float64Array ? message.out : undefined);
      });
      worker.on('error', () => this.fail());
      worker.on('exit', () => this.fail());
      this.worker = worker;
      return worker;
    } catch {
      this.broken = true;
      return undefined;
    }
  }

  private fail(): void {
    this.broken = true;
    this.worker = undefined;
    this.settleAll();
  }

  private settleAll(): void {
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}
