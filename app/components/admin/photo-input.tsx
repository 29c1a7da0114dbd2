import { useState } from "react";
import { MAX_COPY_PHOTOS, PHOTO_MAX_BYTES, photoUploadProblem } from "~/domain/catalogue/copy-photos";

/** The file input for a used copy's photos (several at once), with its limits and its error. */
export function PhotoInput({
  id,
  error,
  room = MAX_COPY_PHOTOS,
  optional = false,
}: {
  id: string;
  error?: string | null;
  room?: number;
  optional?: boolean;
}) {
  // With JavaScript, a choice the server would refuse (too many, too big) is cleared at once and said why, so an
  // oversized upload is never sent.
  const [choiceProblem, setChoiceProblem] = useState<string | null>(null);
  const shown = choiceProblem ?? error;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Photos {optional && <span className="font-normal text-stone-600">(optional)</span>}
      </label>
      <input
        id={id}
        name="photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          const sizes = [...(e.currentTarget.files ?? [])].map((f) => f.size);
          const problem = photoUploadProblem(sizes, MAX_COPY_PHOTOS - room);
          if (problem) e.currentTarget.value = "";
          setChoiceProblem(problem);
        }}
        aria-describedby={`${id}-hint ${id}-error`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-200 file:px-4 file:py-2 file:font-semibold hover:file:bg-stone-300"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        Up to {room} {room === 1 ? "photo" : "photos"}, JPEG, PNG or WebP, {PHOTO_MAX_BYTES / 1024 / 1024} MB each and 20 MB in
        all: the sleeve, the labels, any marks. Shown to shoppers in the order chosen; their location data is removed.
      </p>
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {shown}
      </p>
    </div>
  );
}
