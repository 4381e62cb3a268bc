/**
 * The environment an agent runs in for a suite: its own home folder, no terminal, the resident
 * process kept a short while (or off), and what `extra` adds (the driver's own variables last).
 */
export function agentSessionEnv(home: string, mode: 'on' | 'off', extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    CLEVERAGENTS_DAEMON_IDLE_MS: '20000',
    ...(mode === 'off' ? { CLEVERAGENTS_NO_DAEMON: '1' } : {}),
    ...extra,
  };
}
