// One stack per data directory: PGlite files must never be opened by two processes. The lock file
// (`stack.pid`) names the holder by pid AND the process's start time, because after `kill -9` the pid
// alone says too little: the dead process may linger as a zombie (kill(pid, 0) still succeeds) and,
// later, the pid may belong to an unrelated process. The lock is stale when the pid is gone, is a
// zombie, or now belongs to a process that started at another time (or, for an older lock file with
// only a pid, after the file was written). Without /proc (not Linux) only kill(pid, 0) is asked.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LockHolder {
  pid: number;
  /** Linux: field 22 of /proc/<pid>/stat (clock ticks after boot); null where /proc is missing. */
  startTime: string | null;
}

interface ProcessState {
  state: string;
  startTime: string;
}

/** State letter and start time of `pid` from /proc (Linux); null when there is no such process or no /proc. */
function procStat(pid: number): ProcessState | null | 'unknown' {
  if (!existsSync('/proc/self/stat')) return 'unknown';
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ..." — comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process as a lock holder. */
export function currentHolder(): LockHolder {
  const stat = procStat(process.pid);
  return { pid: process.pid, startTime: stat && stat !== 'unknown' ? stat.startTime : null };
}

/** When the machine booted (ms since the epoch), from /proc/stat's btime. */
function bootTimeMs(): number | null {
  try {
    const line = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return line ? Number(line[1]) * 1000 : null;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc's start times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/**
 * Whether the process named by `holder` still runs: not a zombie, and not another process that got
 * the pid later (its start time differs; for a lock file holding only a pid: it started after
 * `writtenAt`, the lock file's modification time).
 */
export function holderAlive(holder: LockHolder, writtenAt?: number): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  const stat = procStat(holder.pid);
  if (stat === 'unknown') return signalable(holder.pid);
  if (stat === null) return false;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  if (holder.startTime !== null) return holder.startTime === stat.startTime;
  const boot = bootTimeMs();
  if (writtenAt === undefined || boot === null) return true;
  const startedAt = boot + (Number(stat.startTime) / ticksPerSecond) * 1000;
  // A second of slack for the clock's and the tick's rounding.
  return startedAt <= writtenAt + 1000;
}

/** Reads `stack.pid`: `<pid> <start time>` (older files hold only the pid). */
export function readLock(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const [pid, startTime] = text.trim().split(/\s+/);
  const number = Number(pid);
  if (!Number.isInteger(number) || number <= 0) return null;
  return { pid: number, startTime: startTime ?? null };
}

/** The live stack of another process holding `dataDir`, or null. */
export function otherHolder(dataDir: string): LockHolder | null {
  const file = join(dataDir, 'stack.pid');
  const holder = readLock(file);
  if (!holder || holder.pid === process.pid) return null;
  let writtenAt: number | undefined;
  try {
    writtenAt = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  return holderAlive(holder, writtenAt) ? holder : null;
}

/** Data directories held by stacks of this process. */
const lockedDirs = new Set<string>();

/** Takes `dataDir` for this process; throws when another live stack holds it. Returns the release. */
export function takeLock(dataDir: string): () => void {
  const file = join(dataDir, 'stack.pid');
  if (lockedDirs.has(dataDir))
    throw new Error(`Another stack (this process) is using ${dataDir}. Stop it first.`);
  const other = otherHolder(dataDir);
  if (other) throw new Error(`Another stack (pid ${other.pid}) is using ${dataDir}. Stop it first.`);
  const me = currentHolder();
  writeFileSync(file, me.startTime === null ? `${me.pid}\n` : `${me.pid} ${me.startTime}\n`);
  lockedDirs.add(dataDir);
  return () => {
    lockedDirs.delete(dataDir);
    rmSync(file, { force: true });
  };
}
