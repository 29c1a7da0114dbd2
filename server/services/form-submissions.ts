/**
 * Back-office form posts done once per form render (docs/decisions/0067). Each post names its key, its form and
 * its staff member; the first post of a key does the work and records what it answered, a second post does nothing
 * and gets that answer back (the rules are in app/domain/admin/form-submission.ts).
 */
import { and, eq, lt } from "drizzle-orm";
import {
  FORM_STILL_SENDING,
  OUT_OF_DATE_FORM,
  SUBMISSION_KEY_HOURS,
  submissionDecision,
  type SubmissionResult,
} from "../../app/domain/admin/form-submission";
import { ConflictError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { formSubmissions } from "../../db/schema";

/** One post: whose, of which form, under which key. */
export interface Submission {
  key: string;
  form: string;
  staffId: number;
}

/** What a post got: the work's own result the first time, the first post's answer on a replay. */
export type Once<T extends SubmissionResult> = { replayed: false; result: T } | { replayed: true; result: SubmissionResult };

export function createFormSubmissionsService(db: Db) {
  const where = (s: Submission) => and(eq(formSubmissions.key, s.key), eq(formSubmissions.form, s.form));

  /** The first post's answer, or a refusal; undefined when this post is the first and its key is now claimed. */
  function claim(s: Submission): SubmissionResult | undefined {
    const used = db
      .select({ staffId: formSubmissions.staffId, form: formSubmissions.form, result: formSubmissions.result })
      .from(formSubmissions)
      .where(eq(formSubmissions.key, s.key))
      .all();
    // A key is claimed per form; any other form's use of it only matters when it is someone else's.
    const decision = submissionDecision(used.find((u) => u.form === s.form) ?? used.find((u) => u.staffId !== s.staffId), s);
    if (decision.kind === "replay") return decision.result;
    if (decision.kind === "pending") throw new ConflictError(FORM_STILL_SENDING);
    if (decision.kind === "foreign") throw new ValidationError(OUT_OF_DATE_FORM);
    db.insert(formSubmissions).values({ key: s.key, form: s.form, staffId: s.staffId }).run();
    return undefined;
  }

  const keep = (s: Submission, result: SubmissionResult) =>
    db
      .update(formSubmissions)
      .set({ result: JSON.stringify(result) })
      .where(where(s))
      .run();

  return {
    /**
     * Work that writes synchronously: the key, the work and its answer in one transaction, so either all of it
     * happened once or none of it did (a refusal by the work leaves the key free for the corrected form).
     */
    once<T extends SubmissionResult>(s: Submission, work: () => T): Once<T> {
      return writeTransaction(db, () => {
        const first = claim(s);
        if (first) return { replayed: true, result: first };
        const result = work();
        keep(s, result);
        return { replayed: false, result };
      });
    },

    /**
     * Work that waits (an upload's images) cannot sit in one transaction: the key is claimed first, so a second post
     * meanwhile is refused, and given back if the work fails, so the corrected form can be sent again.
     */
    async onceAsync<T extends SubmissionResult>(s: Submission, work: () => Promise<T>): Promise<Once<T>> {
      const first = writeTransaction(db, () => claim(s));
      if (first) return { replayed: true, result: first };
      let result: T;
      try {
        result = await work();
      } catch (error) {
        db.delete(formSubmissions).where(where(s)).run();
        throw error;
      }
      keep(s, result);
      return { replayed: false, result };
    },

    /** Forgets keys older than a day: by then no one presses that form again. */
    prune(now = new Date()): number {
      const before = new Date(now.getTime() - SUBMISSION_KEY_HOURS * 3_600_000).toISOString();
      return db.delete(formSubmissions).where(lt(formSubmissions.createdAt, before)).run().changes;
    },
  };
}

export type FormSubmissionsService = ReturnType<typeof createFormSubmissionsService>;
