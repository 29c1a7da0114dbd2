import fs from "node:fs";

/**
 * A small file beside the database naming the server process using it, so maintenance scripts (a restore)
 * can refuse to replace the file under a running shop. A crash leaves the file behind; a process id that is
 * no longer alive counts as no server.
 */
export const serverLockFile = (databaseFile: string) => `${databaseFile}.server-pid`;

export function claimServerLock(databaseFile: string): void {
  fs.writeFileSync(serverLockFile(databaseFile), `${process.pid}\n`);
}

export function releaseServerLock(databaseFile: string): void {
  try {
    if (runningServerPid(databaseFile) === process.pid) fs.rmSync(serverLockFile(databaseFile));
  } catch {
    // Nothing to release.
  }
}

/** The id of the live server process using this database, or null. */
export function runningServerPid(databaseFile: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(serverLockFile(databaseFile), "utf8"), 10);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
