import * as net from 'node:net';

// Small waits of the resident process (server.ts): a promise against a deadline, a socket's answer.

/** Whether `promise` settles by `until` (epoch ms); never rejects. */
export function within(promise: Promise<unknown>, until: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()))));
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether a process accepts connections at `address` (within a short time). */
export function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(address);
    const done = (yes: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(yes);
    };
    const timer = setTimeout(() => done(false), 500);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
