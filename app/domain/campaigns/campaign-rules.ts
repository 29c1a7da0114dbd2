/**
 * E-mail campaigns to the newsletter's subscribers: who a segment reaches, how fast a send goes and how long a
 * failed message waits before it is tried again. Pure, so the service, the pages and the tests share one reading.
 */

/** Every segment is a part of the subscribed list: a campaign never reaches anyone who has not opted in. */
export const SEGMENTS = ["all", "genre-fans", "genre-buyers", "never-ordered"] as const;
export type Segment = (typeof SEGMENTS)[number];

export const SEGMENT_LABELS: Record<Segment, string> = {
  all: "All subscribers",
  "genre-fans": "Subscribers whose favourite genre is…",
  "genre-buyers": "Subscribers who bought a record of the genre…",
  "never-ordered": "Subscribers who have never ordered",
};

/** Segments that need a genre. */
export const segmentNeedsGenre = (segment: Segment): boolean => segment === "genre-fans" || segment === "genre-buyers";

/** "Subscribers whose favourite genre is Jazz", for lists and confirmations. */
export function describeSegment(segment: Segment, genre: string | null): string {
  switch (segment) {
    case "all":
      return "All subscribers";
    case "genre-fans":
      return `Subscribers whose favourite genre is ${genre ?? "?"}`;
    case "genre-buyers":
      return `Subscribers who bought ${genre ?? "?"}`;
    case "never-ordered":
      return "Subscribers who have never ordered";
  }
}

export const CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  sending: "Sending",
  sent: "Sent",
};

/** Limits of one campaign. */
export const MAX_SUBJECT = 150;
export const MAX_BODY = 20_000;
export const MAX_FEATURED = 6;

/**
 * How long a message that failed `attempts` times waits before the next try: 30 s, 1, 2, 4 minutes… up to an
 * hour, so a relay that is down for a while is not hammered and a short outage costs little.
 */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(60 * 60_000, 30_000 * 2 ** (n - 1));
}

/** Milliseconds between two messages at `perMinute` messages a minute (at least one a minute, at most 6,000). */
export function sendInterval(perMinute: number): number {
  const rate = Math.min(6000, Math.max(1, Math.floor(perMinute) || 1));
  return Math.round(60_000 / rate);
}

/** Message counts of one campaign, by the outbox's statuses. */
export interface CampaignCounts {
  /** Messages queued for it at send time. */
  recipients: number;
  /** Not yet sent: waiting their turn, being sent, or failed and waiting to be tried again. */
  queued: number;
  sent: number;
  /** Failed on every try: not sent. */
  failed: number;
  /** Not sent because the subscriber unsubscribed before their turn. */
  skipped: number;
  /** Subscribers who unsubscribed through a link in this campaign. */
  unsubscribed: number;
}

export interface OutboxTally {
  status: "queued" | "sending" | "sent" | "failed" | "cancelled";
  attempts: number;
  n: number;
}

/**
 * The counts from the outbox's rows of one campaign, grouped by status and attempts; a failed message is failed
 * for good once it has had `maxAttempts` tries (the outbox's limit).
 */
export function tallyCampaign(rows: readonly OutboxTally[], unsubscribed: number, maxAttempts: number): CampaignCounts {
  const counts: CampaignCounts = { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribed };
  for (const row of rows) {
    counts.recipients += row.n;
    if (row.status === "sent") counts.sent += row.n;
    else if (row.status === "cancelled") counts.skipped += row.n;
    else if (row.status === "failed" && row.attempts >= maxAttempts) counts.failed += row.n;
    else counts.queued += row.n;
  }
  return counts;
}

/** Whole percent of `part` in `whole`, for "sent 40 of 120 (33%)". */
export const percentOf = (part: number, whole: number): number => (whole <= 0 ? 0 : Math.floor((part * 100) / whole));
