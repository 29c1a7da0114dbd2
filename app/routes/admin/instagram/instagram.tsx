import { data, Form, Link } from "react-router";
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
import { DomainError, httpStatusOf } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/instagram";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Instagram", description: "Plan Instagram posts for records." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/instagram-management";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const search = recordSearchSchema.safeParse({ q: url.searchParams.get("q") ?? undefined });
  const q = search.success ? search.data.q : undefined;
  const s = context.services.instagram;
  return { q: q ?? "", choices: s.recordChoices(q), posts: s.list(), canPublish: s.canPublish };
}

type ActionResult = { intent: string; error: string; postId?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const actor = { id: user.id, username: user.username };
  const form = Object.fromEntries(await request.formData());
  const intent = typeof form.intent === "string" ? form.intent : "";
  const s = context.services.instagram;
  const at = (id: number) => `${PATH}#post-${id}`;
  try {
    switch (intent) {
      case "create": {
        const post = await s.create(actor, parseInput(createPostSchema, form, { message: "first" }));
        return redirectWithToast(at(post.id), {
          type: "success",
          title: "Draft created",
          description: `${post.recordArtist} – ${post.recordTitle}`,
        });
      }
      case "update": {
        const post = s.update(actor, parseInput(updatePostSchema, form, { message: "first" }));
        return redirectWithToast(at(post.id), {
          type: "success",
          title: "Post saved",
          description: `${POST_STATUS_LABELS[post.status]}${post.scheduledAt ? `, ${formatLondonInstant(post.scheduledAt)}` : ""}.`,
        });
      }
      case "remove": {
        const { postId } = parseInput(postIdSchema, form, { message: "first" });
        await s.remove(actor, postId);
        return redirectWithToast(PATH, { type: "success", title: "Draft deleted" });
      }
      case "publish": {
        const post = await s.publish(actor, parseInput(postIdSchema, form, { message: "first" }).postId);
        return redirectWithToast(at(post.id), { type: "success", title: "Published on Instagram" });
      }
      default:
        return data<ActionResult>({ intent, error: "Unknown action." }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const status = httpStatusOf(error);
    return data<ActionResult>(
      { intent, error: error.message, postId: typeof form.postId === "string" ? form.postId : undefined },
      { status: status === 404 ? 400 : status },
    );
  }
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

function PostCard({ post, canPublish, error }: { post: Post; canPublish: boolean; error: string | null }) {
  const when = post.scheduledAt ? londonLocal(post.scheduledAt) : null;
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
          {error ? (
            <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-900 ring-1 ring-red-200">
              {error}
            </p>
          ) : null}
        </div>
      </div>

      {open ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <Form method="post" className="min-w-0">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="postId" value={post.id} />
            <label className="block text-sm">
              <span className="text-stone-700">Caption</span>
              <textarea
                name="caption"
                rows={7}
                required
                maxLength={MAX_CAPTION_LENGTH}
                defaultValue={post.caption}
                className={`${input} font-mono text-xs`}
              />
            </label>
            <button type="submit" className={`mt-2 ${primary}`}>
              Save caption
            </button>
          </Form>
          <div className="space-y-4">
            <Form method="post" className="grid grid-cols-2 gap-2">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="postId" value={post.id} />
              <input type="hidden" name="status" value="scheduled" />
              <label className="text-sm">
                <span className="text-stone-700">Date</span>
                <input type="date" name="date" required defaultValue={when?.date ?? ""} className={input} />
              </label>
              <label className="text-sm">
                <span className="text-stone-700">Time (London)</span>
                <input type="time" name="time" required defaultValue={when?.time ?? "09:00"} className={input} />
              </label>
              <div className="col-span-2">
                <button type="submit" className={primary}>
                  {post.status === "scheduled" ? "Move" : "Schedule"}
                </button>
              </div>
            </Form>
            <div className="flex flex-wrap gap-2">
              {post.status === "scheduled" ? (
                <>
                  <StatusButton post={post} status="posted" label="Mark as posted" />
                  <StatusButton post={post} status="draft" label="Back to draft" />
                  {canPublish ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="postId" value={post.id} />
                      <button type="submit" className={primary}>
                        Publish now
                      </button>
                    </Form>
                  ) : null}
                </>
              ) : null}
              {post.status === "draft" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="postId" value={post.id} />
                  <button type="submit" className={`${secondary} text-red-800`}>
                    Delete draft
                  </button>
                </Form>
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

function StatusButton({ post, status, label }: { post: Post; status: PostStatus; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="postId" value={post.id} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={secondary}>
        {label}
      </button>
    </Form>
  );
}

export default function InstagramManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { q, choices, posts, canPublish } = loaderData;
  const failure = actionData && "error" in actionData ? actionData : null;
  const postError = (id: number) => (failure?.postId === String(id) ? failure.error : null);
  const generalError = failure && !posts.some((p) => String(p.id) === failure.postId) ? failure.error : null;

  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Instagram</h1>
      <p className="mt-1 text-stone-600">Plan posts for records: a square image, a caption with hashtags, and a date.</p>
      <p className="mt-3 rounded-lg bg-stone-100 p-3 text-sm text-stone-700" data-testid="publishing-mode">
        {canPublish
          ? "Instagram is connected: a scheduled post can be published from here."
          : "Publishing is manual: download a post's image and caption and post them from the Instagram app, then mark the post as posted."}
      </p>

      {generalError ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {generalError}
        </div>
      ) : null}

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
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="create" />
            <label className="block text-sm">
              <span className="text-stone-700">Record</span>
              <select name="recordId" required className={input}>
                {choices.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.artist} – {r.title}
                    {r.catalogNumber ? ` (${r.catalogNumber})` : ""}, {formatPence(r.pricePence)}
                  </option>
                ))}
              </select>
            </label>
            <details className="text-sm">
              <summary className="cursor-pointer text-needle-dark">Caption template</summary>
              <label className="mt-2 block">
                <span className="text-stone-700">
                  Placeholders: {CAPTION_PLACEHOLDERS.map((p) => `{${p}}`).join(" ")}. Hashtags from the genre and artist are
                  added after it.
                </span>
                <textarea
                  name="template"
                  rows={4}
                  defaultValue={DEFAULT_CAPTION_TEMPLATE}
                  maxLength={MAX_CAPTION_LENGTH}
                  className={`${input} font-mono text-xs`}
                />
              </label>
            </details>
            <button type="submit" className={primary}>
              Create post
            </button>
          </Form>
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
              <PostCard key={p.id} post={p} canPublish={canPublish} error={postError(p.id)} />
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
