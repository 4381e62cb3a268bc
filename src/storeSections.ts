// The work this process does under the store's lock (a checkpoint, a rollback, an undo, a plan's
// base), counted from the moment it asks for the lock until it lets it go. Work of low priority on
// the same folder (the extension's keeper of line attribution, extension/agentChanges/
// attributionKeeping.ts) waits until none is under way, gives way as soon as one begins, and is told
// when one ended that wrote the database, so that it looks for new checkpoints only then.

export class StoreSections {
  private underWay = 0;
  private begun = 0;
  private waiters: (() => void)[] = [];
  private readonly listeners = new Set<() => void>();
  /** The database writes of this process counted at the last section's end. */
  private writesSeen: number;

  /** `writes`: how many times this process wrote the database so far (the store's own count). */
  constructor(private readonly writes: () => number) {
    this.writesSeen = writes();
  }

  /** Runs `work` as one section. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.underWay += 1;
    this.begun += 1;
    try {
      return await work();
    } finally {
      this.underWay -= 1;
      this.ended();
    }
  }

  /** How many sections began so far: unchanged across a wait, none began during it. */
  get sectionsBegun(): number {
    return this.begun;
  }

  busy(): boolean {
    return this.underWay > 0;
  }

  /** Resolves once no section is under way (at once when none is). */
  whenIdle(): Promise<void> {
    return this.underWay === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** `listener` is told after each section that ended with the database written since the one before; returns its removal. */
  onDidWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private ended(): void {
    const writes = this.writes();
    const wrote = writes !== this.writesSeen;
    this.writesSeen = writes;
    if (wrote) for (const listener of [...this.listeners]) listener();
    if (this.underWay > 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
