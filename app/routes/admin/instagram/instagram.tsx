import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { RowButton } from "~/components/admin/row-button";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import {
  CAPTION_PLACEHOLDERS,
  createPostSchema,
  DEFAULT_CAPTION_TEMPLATE,
  MAX_CAPTION_LENGTH,
  postIdSchema,
  POST_STATUS_LABELS,
  recordSearchSchema,
  updatePostSchema,
  type PostStatus,
} from "~/domain/instagram/instagram";
import { formatLondonInstant, londonLocal } from "~/domain/schedule/schedule";
import { formatPence } from "~/domain/shared/money";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { askToConfirm, confirmAskOf, isConfirmed, type ConfirmAsk } from "~/lib/forms/confirm-step";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor, replyForRow } from "~/lib/forms/form-reply";
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/instagram";

export const handle = staffHandle("instagram.manage", { action: "instagram.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Instagram", description: "Plan Instagram posts for records." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/instagram-management";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { q } = readSearchParams(recordSearchSchema, url.searchParams).query;
  const s = context.services.instagram;
  return {
    q: q ?? "",
    choices: s.recordChoices(q),
    posts: s.list(),
    canPublish: s.canPublish,
    submissionKey: newSubmissionKey(),
  };
}

/** The post's caption, schedule and status forms change it the same way; each has its own intent, so its refusal shows there. */
const POST_CHANGES = ["caption", "schedule", "status"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const s = context.services.instagram;
  // Back to the post the form was about (or the list), with a toast.
  const done = (title: string, post?: number, description?: string) =>
    redirectWithToast(post ? `${PATH}#post-${post}` : PATH, { type: "success", title, description });
  const change = intent(updatePostSchema, (input) => {
    const post = s.update(actor, input);
    const when = post.scheduledAt ? `, ${formatLondonInstant(post.scheduledAt)}` : "";
    return done("Post saved", post.id, `${POST_STATUS_LABELS[post.status]}${when}.`);
  });
  return formAction(request, {
    ...Object.fromEntries(POST_CHANGES.map((name) => [name, change])),
    // One render of the new-post form makes one draft, however often it is sent.
    create: submitOnce(context.services, actor).asyncIntent(createPostSchema, "new instagram post", async (input) => {
      const post = await s.create(actor, input);
      const description = `${post.recordArtist} – ${post.recordTitle}`;
      return { to: `${PATH}#post-${post.id}`, toast: { type: "success", title: "Draft created", description } };
    }),
    // Deleting a draft asks first: the first post answers with the question, the panel's post deletes it.
    remove: intent(postIdSchema, async ({ postId }, form) => {
      if (!isConfirmed(form)) return askToRemove(s.removable(postId));
      await s.remove(actor, postId);
      return done("Draft deleted");
    }),
    publish: intent(postIdSchema, async ({ postId }) => done("Published on Instagram", (await s.publish(actor, postId)).id)),
  });
}

function askToRemove(post: { id: number; recordArtist: string; recordTitle: string }): ConfirmAsk {
  return askToConfirm("remove", {
    title: `Delete the draft post for ${post.recordArtist} – ${post.recordTitle}?`,
    body: "The draft, its caption and its image are gone for good. Nothing has been posted to Instagram.",
    confirmLabel: "Yes, delete the draft",
    keepLabel: "Keep the draft",
    keepTo: `${PATH}#post-${post.id}`,
    fields: { postId: String(post.id) },
  });
}

const STATUS_STYLE: Record<PostStatus, string> = {
  draft: "bg-stone-100 text-stone-700",
  scheduled: "bg-amber-100 text-amber-900",
  posted: "bg-emerald-100 text-emerald-900",
};

const input = "mt-1 w-full rounded border border-stone-300 px-2 py-1.5 text-sm";
const primary = "rounded bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-700";
const secondary = "rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100";

type Post = Route.ComponentProps["loaderData"]["posts"][number];

type Reply = Route.ComponentProps["actionData"];

/** The refusal for one of a post's forms, when it is about this post. */
const refusalFor = (reply: Reply, name: string, post: Post) => replyForRow(reply, name, "postId", post.id);

function CaptionForm({ post, reply }: { post: Post; reply: Reply }) {
  const [form, fields] = useSchemaForm(updatePostSchema, {
    lastResult: refusalFor(reply, "caption", post),
    defaultValue: { caption: post.caption },
  });
  const { key, ...caption } = getTextareaProps(fields.caption);
  return (
    <Form method="post" {...getFormProps(form)} className="min-w-0">
      <input type="hidden" name="intent" value="caption" />
      <input type="hidden" name="postId" value={post.id} />
      <label className="block text-sm">
        <span className="text-stone-700">Caption</span>
        <textarea
          key={key}
          {...caption}
          rows={7}
          required
          maxLength={MAX_CAPTION_LENGTH}
          className={`${input} font-mono text-xs`}
        />
      </label>
      <FieldMessage field={fields.caption} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <button type="submit" className={`mt-2 ${primary}`}>
        Save caption
      </button>
    </Form>
  );
}

function ScheduleForm({ post, reply }: { post: Post; reply: Reply }) {
  const when = post.scheduledAt ? londonLocal(post.scheduledAt) : null;
  const [form, fields] = useSchemaForm(updatePostSchema, {
    lastResult: refusalFor(reply, "schedule", post),
    defaultValue: { date: when?.date ?? "", time: when?.time ?? "09:00" },
  });
  const { key: dateKey, ...date } = getInputProps(fields.date, { type: "date" });
  const { key: timeKey, ...time } = getInputProps(fields.time, { type: "time" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid grid-cols-2 gap-2">
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="postId" value={post.id} />
      <input type="hidden" name="status" value="scheduled" />
      <label className="text-sm">
        <span className="text-stone-700">Date</span>
        <input key={dateKey} {...date} required className={input} />
      </label>
      <label className="text-sm">
        <span className="text-stone-700">Time (London)</span>
        <input key={timeKey} {...time} required className={input} />
      </label>
      <div className="col-span-2">
        <FieldMessage field={fields.date} />
        <FieldMessage field={fields.time} />
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <button type="submit" className={primary}>
          {post.status === "scheduled" ? "Move" : "Schedule"}
        </button>
      </div>
    </Form>
  );
}

function PostCard({ post, canPublish, reply }: { post: Post; canPublish: boolean; reply: Reply }) {
  const open = post.status !== "posted";
  return (
    <li id={`post-${post.id}`} className="rounded-lg bg-white p-4 ring-1 ring-stone-200" data-testid={`post-${post.id}`}>
      <div className="flex flex-col gap-4 sm:flex-row">
        <img
          src={post.imagePath}
          alt={`Post image for ${post.recordArtist} – ${post.recordTitle}`}
          width={160}
          height={160}
          loading="lazy"
          className="h-40 w-40 shrink-0 rounded bg-stone-200 object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold [overflow-wrap:anywhere]">
            {post.recordArtist} – {post.recordTitle}
            {post.catalogNumber ? <span className="ml-2 text-sm font-normal text-stone-500">{post.catalogNumber}</span> : null}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[post.status]}`}>
              {POST_STATUS_LABELS[post.status]}
            </span>
            {post.status === "posted" && post.postedAt ? (
              <span>Posted {formatLondonInstant(post.postedAt)}</span>
            ) : post.scheduledAt ? (
              <span>For {formatLondonInstant(post.scheduledAt)}</span>
            ) : (
              <span>No date yet</span>
            )}
          </p>
          <p className="mt-2 flex flex-wrap gap-3 text-sm">
            <a href={`${PATH}/${post.id}/image.jpg`} download className="font-semibold text-needle-dark underline">
              Download image
            </a>
            <a href={`${PATH}/${post.id}/caption.txt`} download className="font-semibold text-needle-dark underline">
              Download caption
            </a>
          </p>
        </div>
      </div>

      {open ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <CaptionForm post={post} reply={reply} />
          <div className="space-y-4">
            <ScheduleForm post={post} reply={reply} />
            <div className="flex flex-wrap gap-2">
              {post.status === "scheduled" ? (
                <>
                  <RowButton
                    intent="status"
                    schema={updatePostSchema}
                    fields={{ postId: post.id, status: "posted" }}
                    reply={reply}
                    className={secondary}
                  >
                    Mark as posted
                  </RowButton>
                  <RowButton
                    intent="status"
                    schema={updatePostSchema}
                    fields={{ postId: post.id, status: "draft" }}
                    reply={reply}
                    className={secondary}
                  >
                    Back to draft
                  </RowButton>
                  {canPublish ? (
                    <RowButton
                      intent="publish"
                      schema={postIdSchema}
                      fields={{ postId: post.id }}
                      reply={reply}
                      className={primary}
                    >
                      Publish now
                    </RowButton>
                  ) : null}
                </>
              ) : null}
              {post.status === "draft" ? (
                <RowButton
                  intent="remove"
                  schema={postIdSchema}
                  fields={{ postId: post.id }}
                  reply={reply}
                  className={`${secondary} text-red-800`}
                >
                  Delete draft
                </RowButton>
              ) : null}
            </div>
          </div>
        </div>
      ) : (
        <pre className="mt-4 max-h-48 overflow-auto rounded bg-stone-50 p-2 text-xs whitespace-pre-wrap">{post.caption}</pre>
      )}
    </li>
  );
}

function CreateForm({
  choices,
  reply,
  submissionKey,
}: {
  choices: Route.ComponentProps["loaderData"]["choices"];
  reply: Reply;
  submissionKey: string;
}) {
  const [form, fields] = useSchemaForm(createPostSchema, {
    id: "create",
    lastResult: replyFor(reply, "create"),
    defaultValue: { template: DEFAULT_CAPTION_TEMPLATE },
  });
  const { key: recordKey, ...record } = getSelectProps(fields.recordId);
  const { key: templateKey, ...template } = getTextareaProps(fields.template);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="create" />
      <SubmissionKeyField value={submissionKey} />
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <label className="block text-sm">
        <span className="text-stone-700">Record</span>
        <select key={recordKey} {...record} className={input}>
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.artist} – {r.title}
              {r.catalogNumber ? ` (${r.catalogNumber})` : ""}, {formatPence(r.pricePence)}
            </option>
          ))}
        </select>
      </label>
      <FieldMessage field={fields.recordId} />
      <details className="text-sm">
        <summary className="cursor-pointer text-needle-dark">Caption template</summary>
        <label className="mt-2 block">
          <span className="text-stone-700">
            Placeholders: {CAPTION_PLACEHOLDERS.map((p) => `{${p}}`).join(" ")}. Hashtags from the genre and artist are added
            after it.
          </span>
          <textarea key={templateKey} {...template} rows={4} className={`${input} font-mono text-xs`} />
        </label>
        <FieldMessage field={fields.template} />
      </details>
      <button type="submit" className={primary}>
        Create post
      </button>
    </Form>
  );
}

export default function InstagramManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { q, choices, posts, canPublish, submissionKey } = loaderData;
  const ask = confirmAskOf(actionData);

  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Instagram</h1>
      <p className="mt-1 text-stone-600">Plan posts for records: a square image, a caption with hashtags, and a date.</p>
      {ask ? <ConfirmStep ask={ask} /> : null}
      <p className="mt-3 rounded-lg bg-stone-100 p-3 text-sm text-stone-700" data-testid="publishing-mode">
        {canPublish
          ? "Instagram is connected: a scheduled post can be published from here."
          : "Publishing is manual: download a post's image and caption and post them from the Instagram app, then mark the post as posted."}
      </p>

      <section className="mt-6 rounded-lg bg-white p-4 ring-1 ring-stone-200" aria-labelledby="new-post-heading">
        <h2 id="new-post-heading" className="font-display text-xl font-bold">
          New post
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
          <label className="min-w-0 flex-1 text-sm">
            <span className="text-stone-700">Find a record (title, artist or catalogue number)</span>
            <input type="search" name="q" defaultValue={q} maxLength={100} className={input} />
          </label>
          <button type="submit" className={secondary}>
            Find
          </button>
        </Form>
        {choices.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600">No record matches “{q}”.</p>
        ) : (
          // Keyed by the render's submission key: a draft made leaves a fresh form.
          <CreateForm key={submissionKey} choices={choices} reply={actionData} submissionKey={submissionKey} />
        )}
      </section>

      <section className="mt-8" aria-labelledby="posts-heading">
        <h2 id="posts-heading" className="font-display text-2xl font-bold">
          Posts
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Scheduled first (soonest at the top), then drafts, then posted. Times are London time.
        </p>
        {posts.length === 0 ? (
          <p className="mt-3 text-stone-600">No posts yet.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {posts.map((p) => (
              <PostCard key={p.id} post={p} canPublish={canPublish} reply={actionData} />
            ))}
          </ul>
        )}
      </section>
      <p className="mt-8 text-sm">
        <Link to="/admin" className="text-needle-dark underline">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}
