import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { records } from "./records";

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Markdown; rendered and sanitised on the server. */
    body: text("body").notNull(),
    coverUrl: text("cover_url"),
    publishedAt: text("published_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_posts_published_idx").on(t.publishedAt), index("blog_posts_artist_idx").on(t.artist)],
);

export const blogPostTags = sqliteTable(
  "blog_post_tags",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] }), index("blog_post_tags_tag_idx").on(t.tag)],
);

export const triviaQuestions = sqliteTable("trivia_questions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  question: text("question").notNull(),
  options: text("options", { mode: "json" }).$type<string[]>().notNull(),
  /** Index into options of the correct answer. */
  answer: integer("answer").notNull(),
  explanation: text("explanation").notNull(),
  position: integer("position").notNull(),
});

export const vinylCareTips = sqliteTable(
  "vinyl_care_tips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    category: text("category", { enum: CARE_CATEGORIES }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("vinyl_care_tips_category_idx").on(t.category, t.position)],
);

export const artistBios = sqliteTable("artist_bios", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  artist: text("artist").notNull().unique(),
  bio: text("bio").notNull(),
  featuredRecordId: integer("featured_record_id").references(() => records.id, { onDelete: "set null" }),
});
