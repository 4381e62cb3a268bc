// Whether the resident process is serving a request: counted by the transports
// (requestTransports.ts) from the moment a request is read until its answer is written, so that
// work of low priority (core/provenance/blameKeeper.ts) waits until no one waits on the process, and gives way as
// soon as someone does. One resident process per node process: one count.

export class RequestActivity {
  private underWay = 0;
  private waiters: (() => void)[] = [];

  /** A request was read: it is served from now on. */
  began(): void {
    this.underWay += 1;
  }

  /** Its answer was written (or the connection closed without one). */
  ended(): void {
    this.underWay = Math.max(0, this.underWay - 1);
    if (this.underWay > 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }

  busy(): boolean {
    return this.underWay > 0;
  }

  /** Resolves once no request is under way (at once when none is). */
  whenIdle(): Promise<void> {
    return this.underWay === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

export const requestActivity = new RequestActivity();
