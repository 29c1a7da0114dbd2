import type { MetaDescriptor } from "react-router";

/** Title, description, canonical link and Open Graph tags for a page, in one place. */
export function pageMeta({
  title,
  description,
  url,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  url?: string;
  image?: string;
  type?: string;
}): MetaDescriptor[] {
  const full = `${title} | Needledrop`;
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:site_name", content: "Needledrop" },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_GB" },
    ...(url
      ? [
          { tagName: "link", rel: "canonical", href: url },
          { property: "og:url", content: url },
        ]
      : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
}
