import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, lte, or } from "drizzle-orm";
import { writeTransaction, type Db } from "../db/client";
import { leases } from "../db/schema";

export interface LeaseOptions {
  /** What the lease is for, e.g. "background-jobs": one row each. */
  name: string;
  /** This process's name for itself (see holderId). */
  holder: string;
  /** How long a take or a renewal lasts. */
  ttlMs: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/** A name for this process as a lease holder: readable in the table, never the same for two processes. */
export function holderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Whether a holder named by holderId is known to be gone: it ran on a machine of this host name and no process
 * has its id any more. A holder on another machine cannot be asked and counts as alive, as does one whose id the
 * system has since given to another process: claims of those run out by time instead.
 */
export function holderGone(holder: string): boolean {
  const parts = holder.split(":");
  const pid = Number(parts.at(-2));
  if (parts.slice(0, -2).join(":") !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0); // signal 0 sends nothing: it only asks whether the process exists
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * A lease in the database that one process among several holds at a time (docs/decisions/0056). `take` claims
 * it when it is free or expired, or renews it when this holder has it, in one statement of one write
 * transaction, so two processes can never both succeed. The holder must renew well before `ttlMs` passes; a
 * holder that dies simply stops renewing, and the lease is anyone's once it expires.
 */
export function createLease(db: Db, { name, holder, ttlMs, now = Date.now }: LeaseOptions) {
  /** Until when this process's last successful take lasts (0: not held). */
  let heldUntil = 0;

  return {
    holder,

    /** Takes or renews the lease; true when this process holds it now, for another `ttlMs`. */
    take(): boolean {
      const at = now();
      const expiresAt = at + ttlMs;
      const taken = writeTransaction(db, () =>
        db
          .insert(leases)
          .values({ name, holder, expiresAt })
          .onConflictDoUpdate({
            target: leases.name,
            set: { holder, expiresAt },
            setWhere: or(eq(leases.holder, holder), lte(leases.expiresAt, at)),
          })
          .returning({ holder: leases.holder })
          .get(),
      );
      heldUntil = taken ? expiresAt : 0;
      return taken !== undefined;
    },

    /**
     * Whether this process may still act as the holder: its last take has not run out. Asks only the clock, so a
     * job can check it before every run; others take the lease only once this is false.
     */
    held(): boolean {
      return now() < heldUntil;
    },

    /** Gives the lease up at once (a graceful stop), so another process need not wait for it to expire. */
    release(): void {
      heldUntil = 0;
      db.delete(leases)
        .where(and(eq(leases.name, name), eq(leases.holder, holder)))
        .run();
    },

    /** Who holds the lease and until when, as the database says (null: nobody has taken it yet). */
    current(): { holder: string; expiresAt: number } | null {
      return (
        db.select({ holder: leases.holder, expiresAt: leases.expiresAt }).from(leases).where(eq(leases.name, name)).get() ?? null
      );
    },
  };
}

export type Lease = ReturnType<typeof createLease>;
