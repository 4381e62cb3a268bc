/** Milliseconds per phase, for the debug log. */
export class PhaseTimer {
  private last = performance.now();
  private readonly parts: string[] = [];
  mark(name: string): void {
    const now = performance.now();
    this.parts.push(`${name} ${(now - this.last).toFixed(1)} ms`);
    this.last = now;
  }
  toString(): string {
    return this.parts.join(', ');
  }
}
