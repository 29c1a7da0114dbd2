import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { GRADES } from "../../app/domain/catalogue/grades";
import { DEFAULT_COVER_URL, PLACEHOLDER_TITLES } from "../../app/domain/catalogue/hiding";
import { createdAt, updatedAt } from "./columns";
import { SLEEVE_KINDS } from "../../app/domain/discogs/discogs-grades";
import { VAT_SCHEMES } from "../../app/domain/vat/vat-schemes";
import { users } from "./users";

/**
 * The date-independent half of the hiding rule (app/domain/catalogue/hiding.ts): a placeholder title, or no
 * cover but the default stock photo. Kept as a stored column so listings filter through an index;
 * built from the rule's own constants (changing them needs a new migration), and an integration test
 * checks the database and the pure rule agree on every seeded record.
 */
const placeholderList = sql.raw(PLACEHOLDER_TITLES.map((t) => `'${t.toLowerCase().replaceAll("'", "''")}'`).join(", "));
const defaultCover = (suffix: string) => sql.raw(`'%${DEFAULT_COVER_URL}${suffix}'`);
const hiddenByContentSql = sql`(lower(trim("title")) in (${placeholderList}) or trim("cover_url") = '' or trim("cover_url") like ${defaultCover("")} or "cover_url" like ${defaultCover("?%")} or "cover_url" like ${defaultCover("#%")})`;

/** The spec's "tracks": one row per record on sale. Money is integer pence, VAT included. */
export const records = sqliteTable(
  "records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Names the local cover and preview files, e.g. "track-12" or "blue-train". */
    catalogueId: text("catalogue_id").notNull().unique(),
    title: text("title").notNull(),
    artist: text("artist").notNull(),
    genre: text("genre"),
    coverUrl: text("cover_url").notNull(),
    audioUrl: text("audio_url").notNull(),
    duration: integer("duration").notNull(),
    isNewRelease: integer("is_new_release", { mode: "boolean" }).notNull().default(false),
    description: text("description"),
    pricePence: integer("price_pence").notNull(),
    label: text("label"),
    format: text("format"),
    catalogNumber: text("catalog_number"),
    /** YYYY-MM-DD; a date after today makes the record a pre-order. */
    releaseDate: text("release_date"),
    physicalReleaseDate: text("physical_release_date"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    year: integer("year"),
    rating: real("rating"),
    bestSeller: integer("best_seller", { mode: "boolean" }).notNull().default(false),
    condition: text("condition", { enum: ["new", "used"] })
      .notNull()
      .default("new"),
    /** A used copy: the new pressing it is a copy of (its page lists the copies beside it). Null for a new record. */
    usedOfRecordId: integer("used_of_record_id").references((): AnySQLiteColumn => records.id, { onDelete: "set null" }),
    /** Goldmine grades of a used copy's disc and sleeve (app/domain/catalogue/grades.ts); null for a new record. */
    mediaGrade: text("media_grade", { enum: GRADES }),
    sleeveGrade: text("sleeve_grade", { enum: GRADES }),
    /** A used copy's condition in words, e.g. "light hairlines on side B". */
    conditionNote: text("condition_note"),
    /** Units at or below which the record counts as low on stock; null takes the shop's default. */
    lowStockThreshold: integer("low_stock_threshold"),
    /** An unpublished record is hidden everywhere but the back office. */
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    /** ISO instant before which the record stays hidden (scheduled to appear); null: no schedule. */
    publishAt: text("publish_at"),
    /** The release on Discogs this record (or used copy) is a copy of; the back office links to its page. */
    discogsReleaseId: integer("discogs_release_id"),
    /** EAN-13 or UPC-A as digits only (app/domain/intake/barcode.ts), for scan-to-list intake. */
    barcode: text("barcode"),
    /** Where the copy sits in the shop, e.g. "B3 / rock crate 2"; printed on its shelf label. */
    shelfLocation: text("shelf_location"),
    /**
     * A used copy's sleeve when it has no grade of its own: "generic" (a plain sleeve), "no_cover", "not_graded".
     * The sleeve grade column still holds a grade (the lowest, "P") because a graded row needs both grades;
     * shoppers and the Discogs export read the kind instead. Null: the sleeve is graded as usual.
     */
    sleeveKind: text("sleeve_kind", { enum: SLEEVE_KINDS }),
    /**
     * How the copy was bought, which decides the VAT on its sale: "standard" (20% of the price, as every new
     * record; bought with a VAT invoice) or "margin" (HMRC's second-hand margin scheme, VAT on the profit only;
     * bought from the public or a dealer without VAT). See app/domain/vat/.
     */
    vatScheme: text("vat_scheme", { enum: VAT_SCHEMES }).notNull().default("standard"),
    /** What the shop paid for this copy, in pence; a margin-scheme copy needs it before it can be sold. */
    purchasePricePence: integer("purchase_price_pence"),
    /** YYYY-MM-DD the copy was bought. */
    purchasedAt: text("purchased_at"),
    /** Who sold it to the shop, when it was not bought as part of a recorded purchase. */
    purchasedFrom: text("purchased_from"),
    /** The recorded purchase (a collection bought from the public) the copy came in, for the stock book. */
    stockPurchaseId: integer("stock_purchase_id").references((): AnySQLiteColumn => stockPurchases.id, {
      onDelete: "set null",
    }),
    /** Shipping weight in grams (record, sleeve and inner); null takes its format's default (app/domain/international). */
    weightGrams: integer("weight_grams"),
    /** Customs tariff (HS) code for its customs declaration; null takes the shop's default for records. */
    hsCode: text("hs_code"),
    /** ISO 3166 code of the country the record was made in; null takes its label's, else the shop's default. */
    originCountry: text("origin_country"),
    /**
     * A limited record (a Record Store Day title, a coloured variant, signed copies): how many one customer may
     * buy across all their orders (app/domain/limited/; 1 or more, checked there: a check here would rebuild
     * the records table). Null: not limited.
     */
    limitPerCustomer: integer("limit_per_customer"),
    /** ISO instant (UTC) before which the record cannot be bought; shown in Europe/London. Null: on sale now. */
    onSaleAt: text("on_sale_at"),
    /** A Record Store Day title: its on-sale time is never before 08:00 (Europe/London) on the day. */
    recordStoreDay: integer("record_store_day", { mode: "boolean" }).notNull().default(false),
    /** A drop: shoppers who open its page in the 30 minutes before `on_sale_at` wait in a fair queue (ballot). */
    isDrop: integer("is_drop", { mode: "boolean" }).notNull().default(false),
    /** When a pre-order of this record is charged: "at_order" or "at_dispatch"; null takes the shop's setting. */
    preOrderCharge: text("pre_order_charge", { enum: ["at_order", "at_dispatch"] }),
    hiddenByContent: integer("hidden_by_content", { mode: "boolean" })
      .notNull()
      .generatedAlwaysAs(hiddenByContentSql, { mode: "stored" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("records_genre_idx").on(t.genre),
    index("records_artist_idx").on(t.artist),
    index("records_release_date_idx").on(t.releaseDate),
    index("records_best_seller_idx").on(t.bestSeller),
    index("records_new_release_idx").on(t.isNewRelease),
    index("records_updated_at_idx").on(t.updatedAt),
    // Counting visible records: a covering index scan instead of reading every row.
    index("records_visibility_idx").on(t.hiddenByContent, t.stockQuantity, t.releaseDate),
    index("records_price_idx").on(t.pricePence),
    check("records_price_non_negative", sql`${t.pricePence} >= 0`),
    check("records_stock_non_negative", sql`${t.stockQuantity} >= 0`),
    index("records_used_of_idx").on(t.usedOfRecordId),
    index("records_barcode_idx").on(t.barcode),
    index("records_discogs_release_idx").on(t.discogsReleaseId),
    index("records_stock_purchase_idx").on(t.stockPurchaseId),
    // A graded row is a used copy: one object (stock 0 or 1) with both grades. A new record has no grades.
    // (A used record without grades is a bulk second-hand line from the catalogue form or a Discogs import.)
    check(
      "records_used_copy_shape",
      sql`(${t.mediaGrade} is null and ${t.sleeveGrade} is null)
        or (${t.condition} = 'used' and ${t.mediaGrade} is not null and ${t.sleeveGrade} is not null and ${t.stockQuantity} <= 1)`,
    ),
    check(
      "records_media_grade_known",
      sql`${t.mediaGrade} is null or ${t.mediaGrade} in ('M', 'NM', 'VG+', 'VG', 'G+', 'G', 'F', 'P')`,
    ),
    check(
      "records_sleeve_grade_known",
      sql`${t.sleeveGrade} is null or ${t.sleeveGrade} in ('M', 'NM', 'VG+', 'VG', 'G+', 'G', 'F', 'P')`,
    ),
  ],
);

export type RecordRow = typeof records.$inferSelect;
export type NewRecordRow = typeof records.$inferInsert;

/** Photos of a used copy (app/domain/catalogue/copy-photos.ts), shown in the order of `position`. */
export const recordPhotos = sqliteTable(
  "record_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recordId: integer("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    /** /media/photos/{hash}.jpg: one file however many times it is uploaded. */
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("record_photos_record_url_idx").on(t.recordId, t.url),
    index("record_photos_record_position_idx").on(t.recordId, t.position),
  ],
);

export type RecordPhotoRow = typeof recordPhotos.$inferSelect;

/**
 * A purchase of used records by the shop: a collection bought from the public, or stock from a dealer. The "purchase"
 * side of the margin scheme's stock book (HMRC VAT Notice 718, section 4); each copy bought names it.
 */
export const stockPurchases = sqliteTable(
  "stock_purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Shown on the printed purchase record, e.g. "PU-7KQ2M9XA". */
    reference: text("reference").notNull().unique(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    /** YYYY-MM-DD. */
    boughtAt: text("bought_at").notNull(),
    /** "margin": from the public or a dealer without VAT; "standard": with a VAT invoice (its number below). */
    vatScheme: text("vat_scheme", { enum: VAT_SCHEMES }).notNull(),
    invoiceReference: text("invoice_reference"),
    /** What the shop paid for the whole purchase, in pence (the sum of its copies' prices). */
    totalPence: integer("total_pence").notNull(),
    note: text("note"),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("stock_purchases_bought_idx").on(t.boughtAt)],
);

export type StockPurchaseRow = typeof stockPurchases.$inferSelect;
