import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { CopyPhotoImage } from "~/components/catalogue/copy-photos";
import { PhotoInput } from "~/components/admin/photo-input";
import { addPhotosSchema, removePhotoSchema } from "~/domain/catalogue/copy-photo-schema";
import { MAX_COPY_PHOTOS, type CopyPhoto } from "~/domain/catalogue/copy-photos";
import { replyFor, replyForRow, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { FormAlert } from "./form-field";
import { SubmissionKeyField } from "./submission-key-field";

function RemovePhoto({ photo, index, reply }: { photo: CopyPhoto; index: number; reply: Partial<FormReply> | undefined }) {
  const [form] = useSchemaForm(removePhotoSchema, { lastResult: replyForRow(reply, "remove-photo", "photoId", photo.id) });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2">
      <input type="hidden" name="intent" value="remove-photo" />
      <input type="hidden" name="photoId" value={photo.id} />
      <button
        type="submit"
        className="w-full rounded-full px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-stone-300 hover:bg-red-50"
      >
        Remove<span className="sr-only"> photo {index + 1}</span>
      </button>
    </Form>
  );
}

/** A used copy's photos in the back office: remove one, or add more up to the limit (works without JavaScript). */
/** A used copy's photos; the add form carries its render's submission key, so one choice of files is added once. */
export function CopyPhotosAdmin({
  photos,
  reply,
  submissionKey,
}: {
  photos: CopyPhoto[];
  reply: Partial<FormReply> | undefined;
  submissionKey: string;
}) {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const room = MAX_COPY_PHOTOS - photos.length;
  const [adding] = useSchemaForm(addPhotosSchema, { id: "add-photos", lastResult: replyFor(reply, "add-photos") });
  // One message for the section, whichever of its forms was refused.
  const message = (replyFor(reply, "add-photos") ?? replyFor(reply, "remove-photo"))?.error?.[""]?.[0];
  return (
    <section aria-labelledby="copy-photos-admin" className="mt-10">
      <h2 id="copy-photos-admin" className="font-display text-2xl font-bold">
        Photos of this copy
      </h2>
      <div className="mt-2 min-h-5">
        <FormAlert message={message} />
      </div>
      {photos.length === 0 ? (
        <p className="text-sm text-stone-600">No photos yet. Shoppers see the pressing&apos;s cover.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {photos.map((p, i) => (
            <li key={p.id} className="rounded-lg bg-white p-2 ring-1 ring-stone-200" data-testid="admin-copy-photo">
              <a href={p.url} className="block overflow-hidden rounded bg-stone-100">
                <CopyPhotoImage
                  photo={p}
                  alt={`Photo ${i + 1}`}
                  sizes="(min-width: 1024px) 10rem, 45vw"
                  displayWidth={240}
                  className="aspect-square h-auto w-full object-cover"
                />
              </a>
              <RemovePhoto photo={p} index={i} reply={reply} />
            </li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <Form
          key={submissionKey}
          method="post"
          encType="multipart/form-data"
          {...getFormProps(adding)}
          className="mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
        >
          <input type="hidden" name="intent" value="add-photos" />
          <SubmissionKeyField value={submissionKey} />
          <PhotoInput id="copy-photos-input" room={room} />
          <button
            type="submit"
            disabled={intent === "add-photos"}
            className="rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
          >
            {intent === "add-photos" ? "Uploading…" : "Add photos"}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-stone-600">This copy has {MAX_COPY_PHOTOS} photos, the most it can have.</p>
      )}
    </section>
  );
}
