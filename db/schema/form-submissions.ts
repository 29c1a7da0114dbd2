import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Back-office form posts already done, by the key each form render carries (docs/decisions/0067): a second post of
 * one render is answered with `result` and changes nothing. A key counts per form, so the rows of one page (a quick
 * adjustment per record) are told apart. Kept a day (SUBMISSION_KEY_HOURS), then swept.
 */
export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    key: text("key").notNull(),
    /** The form and, for a form per row, its row ("goods-in", "stock adjust #12"). */
    form: text("form").notNull(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first post's answer as JSON (where it went, its toast); null while its work is still running. */
    result: text("result"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.key, t.form] }), index("form_submissions_created_idx").on(t.createdAt)],
);
