import pino, { type Logger } from "pino";

/**
 * The process's one logger: JSON lines on stdout, level from LOG_LEVEL (info by default; tests
 * run at warn unless LOG_LEVEL says otherwise). Modules take a child with their own `module` name.
 */
export const logger: Logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export function moduleLogger(module: string): Logger {
  return logger.child({ module });
}
