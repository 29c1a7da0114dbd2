import { CoverImage } from "~/components/cover-image";
import { PHOTO_WIDTHS, type CopyPhoto } from "~/domain/catalogue/copy-photos";

/** One photo through the image endpoint, at its own shape (photos are not square like covers). */
export function CopyPhotoImage({
  photo,
  alt,
  sizes,
  displayWidth,
  className,
}: {
  photo: CopyPhoto;
  alt: string;
  sizes: string;
  /** The width it is laid out at; the height follows from the photo's shape. */
  displayWidth: number;
  className?: string;
}) {
  // Never offer a variant wider than the stored photo: it would only be an upscale.
  const widths = PHOTO_WIDTHS.filter((w) => w <= photo.width);
  return (
    <CoverImage
      src={photo.url}
      alt={alt}
      sizes={sizes}
      width={displayWidth}
      height={Math.round((displayWidth * photo.height) / photo.width)}
      widths={widths.length > 0 ? widths : [photo.width]}
      className={className}
    />
  );
}

/**
 * A used copy's photos on its own page: a grid of pictures, each a link to the full-size photo, so they open
 * and zoom without JavaScript.
 */
export function CopyPhotoGallery({ photos, title }: { photos: CopyPhoto[]; title: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="copy-photos" className="mt-6">
      <h2 id="copy-photos" className="font-semibold">
        Photos of this copy <span className="font-normal text-stone-600">({photos.length})</span>
      </h2>
      <p className="text-sm text-stone-600">The copy you will get, photographed in the shop. Open one to see it full size.</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((p, i) => (
          <li key={p.id}>
            <a
              href={p.url}
              className="block overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200 hover:ring-2 hover:ring-needle focus-visible:ring-2 focus-visible:ring-needle"
            >
              <CopyPhotoImage
                photo={p}
                alt={`Photo ${i + 1} of ${photos.length} of this copy of ${title}`}
                sizes="(min-width: 1024px) 12rem, (min-width: 640px) 30vw, 45vw"
                displayWidth={320}
                className="aspect-square h-auto w-full object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
